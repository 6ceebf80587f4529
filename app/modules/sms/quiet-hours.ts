// Reminders by SMS never wake anyone: between 20:00 and 08:00 in Lagos they wait for the
// morning. A ticket is different (the person just asked for it) and goes at once. Nigeria keeps
// West Africa Time, UTC+1, all year, so the hour needs no time-zone database.

const LAGOS_OFFSET_MS = 60 * 60_000;
const QUIET_FROM_HOUR = 20;
const QUIET_UNTIL_HOUR = 8;
const HOUR_MS = 60 * 60_000;

/** The Lagos hour (0–23) at `now`. */
function lagosHour(now: Date): number {
  return new Date(now.getTime() + LAGOS_OFFSET_MS).getUTCHours();
}

/** Whether `now` is in the quiet hours (20:00–08:00 Lagos). */
export function isQuietHour(now: Date): boolean {
  const hour = lagosHour(now);
  return hour >= QUIET_FROM_HOUR || hour < QUIET_UNTIL_HOUR;
}

/** When a reminder SMS asked for at `now` may go: now, or 08:00 Lagos the next morning. */
export function reminderSmsTime(now: Date): Date {
  if (!isQuietHour(now)) return now;
  const lagos = new Date(now.getTime() + LAGOS_OFFSET_MS);
  const morning = Date.UTC(lagos.getUTCFullYear(), lagos.getUTCMonth(), lagos.getUTCDate(), QUIET_UNTIL_HOUR) - LAGOS_OFFSET_MS;
  return new Date(lagos.getUTCHours() >= QUIET_FROM_HOUR ? morning + 24 * HOUR_MS : morning);
}

/** SQL-side twin for the worker's claim: the kinds of SMS that keep the quiet hours. */
export const QUIET_SMS_KINDS = ["reminder"] as const;
