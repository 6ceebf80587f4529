import { DEFAULT_LANGUAGE, intlLocale, type Language } from "~/i18n/languages";
import { LAGOS_UTC_OFFSET_MS } from "~/ui/date-time";
import { type ClockTime, clockTime, type EventHours } from "./event-hours";

// Event times, computed in the event's time zone (Africa/Lagos), not the visitor's, so
// a visitor abroad sees the right countdown. Pure and client-safe: callers pass the clock.

export type Countdown = { days: number; hours: number; minutes: number; seconds: number; isPassed: boolean };
/** The event's date and hours, as the settings row and an archived edition have them. */
export type EventWhen = { event_date: string } & EventHours;

// A fixed UTC+1 offset gives the same instants as Intl with the IANA zone, without
// depending on the time zone data the browser or Node was built with.
const MINUTE = 60_000;
const DAY = 86_400_000;

function parseDate(eventDate: string): { year: number; month: number; day: number } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(eventDate);
  const [year, month, day] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [Number.NaN, 0, 0];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (!match || check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    throw new RangeError(`not a calendar date (YYYY-MM-DD): ${JSON.stringify(eventDate)}`);
  }
  return { year, month, day };
}

/** The instant the event's clock shows `time` on `eventDate`. */
function lagosInstant(eventDate: string, time: ClockTime): Date {
  const { year, month, day } = parseDate(eventDate);
  return new Date(Date.UTC(year, month - 1, day, time.hour, time.minute) - LAGOS_UTC_OFFSET_MS);
}

export function eventStart(event: EventWhen): Date {
  return lagosInstant(event.event_date, clockTime(event.event_starts_at));
}

export function eventEnd(event: EventWhen): Date {
  return lagosInstant(event.event_date, clockTime(event.event_ends_at));
}

/** Time left until the event starts; at or past zero it reports passed. */
export function countdown(now: Date | number, event: EventWhen): Countdown {
  const left = eventStart(event).getTime() - new Date(now).getTime();
  if (!(left > 0)) return { days: 0, hours: 0, minutes: 0, seconds: 0, isPassed: true };
  return {
    days: Math.floor(left / DAY),
    hours: Math.floor((left % DAY) / 3_600_000),
    minutes: Math.floor((left % 3_600_000) / MINUTE),
    seconds: Math.floor((left % MINUTE) / 1000),
    isPassed: false,
  };
}

/** The event has passed once its end time on the event day is behind us. */
export function hasEventPassed(now: Date | number, event: EventWhen): boolean {
  return new Date(now).getTime() > eventEnd(event).getTime();
}

/**
 * '2025-08-12' → 'Tuesday, 12 August 2025' (or, `long`, '12 August 2025' for a date named in
 * passing), the same on server and client whatever their time zone or ICU data.
 */
export function formatEventDate(eventDate: string, language: Language = DEFAULT_LANGUAGE, style: "full" | "long" = "full"): string {
  let parts: { year: number; month: number; day: number };
  try {
    parts = parseDate(eventDate);
  } catch {
    return eventDate;
  }
  // The calendar day as written: formatted at UTC so no time zone moves it.
  const day = new Date(Date.UTC(parts.year, parts.month - 1, parts.day));
  return dateFormat(language, style).format(day);
}

// Making an Intl.DateTimeFormat costs far more than formatting with one, and a page or a round of
// tickets formats the date many times: one per language and style, made on first use.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(language: Language, style: "full" | "long"): Intl.DateTimeFormat {
  const key = `${language}:${style}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(language), { dateStyle: style, timeZone: "UTC" });
    dateFormats.set(key, format);
  }
  return format;
}

/** Calendar days from today in Lagos to the event date: 1 the day before, 0 on the day, negative after. */
export function daysUntilEvent(now: Date | number, eventDate: string): number {
  const lagosToday = new Date(new Date(now).getTime() + LAGOS_UTC_OFFSET_MS);
  const today = Date.UTC(lagosToday.getUTCFullYear(), lagosToday.getUTCMonth(), lagosToday.getUTCDate());
  const { year, month, day } = parseDate(eventDate);
  return Math.round((Date.UTC(year, month - 1, day) - today) / DAY);
}

/** Reminders are due when one or two days remain before the event date. */
export function isReminderWindow(now: Date | number, eventDate: string): boolean {
  const days = daysUntilEvent(now, eventDate);
  return days >= 1 && days <= 2;
}
