// Dates on the admin pages and in the export, in the event's time zone. Africa/Lagos is
// UTC+1 all year (no daylight saving), so a fixed offset gives the same text on the
// server and in the browser, whatever time zone data either was built with.
export const EVENT_TIME_ZONE = "Africa/Lagos";
/** Africa/Lagos is West Africa Time, UTC+1 all year: Nigeria has had no daylight saving since 1919. */
export const LAGOS_UTC_OFFSET_MS = 60 * 60_000;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

const pad = (n: number) => String(n).padStart(2, "0");

function lagosParts(value: Date | string) {
  const shifted = new Date(new Date(value).getTime() + LAGOS_UTC_OFFSET_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth(),
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
  };
}

/** 2026-11-21 */
export function lagosDate(value: Date | string): string {
  const p = lagosParts(value);
  return `${p.year}-${pad(p.month + 1)}-${pad(p.day)}`;
}

/** 2026-11-21 14:05 (the CSV's Registration Date) */
export function lagosDateTime(value: Date | string): string {
  const p = lagosParts(value);
  return `${lagosDate(value)} ${pad(p.hour)}:${pad(p.minute)}`;
}

/** 09:14 (the time of day in Lagos) */
export function lagosClock(value: Date | string): string {
  const p = lagosParts(value);
  return `${pad(p.hour)}:${pad(p.minute)}`;
}

/** 21 Nov 2026 */
export function displayDate(value: Date | string): string {
  const p = lagosParts(value);
  return `${p.day} ${MONTHS[p.month]} ${p.year}`;
}

/** 21 Nov 2026, 14:05 */
export function displayDateTime(value: Date | string): string {
  const p = lagosParts(value);
  return `${displayDate(value)}, ${pad(p.hour)}:${pad(p.minute)}`;
}

/** '1 day', '90 days', '3,650 days' (a span such as how long data is kept). */
export function daysLabel(days: number): string {
  return days === 1 ? "1 day" : `${days.toLocaleString("en-US")} days`;
}

/** A moment as a <time> element: machine-readable ISO instant, "21 Nov 2026, 14:05" to read. */
export function DateTime({ value, className }: { value: Date | string; className?: string }) {
  return (
    <time dateTime={new Date(value).toISOString()} className={className}>
      {displayDateTime(value)}
    </time>
  );
}
