import { DEFAULT_LANGUAGE, intlLocale, type Language } from "~/i18n/languages";
import { LAGOS_UTC_OFFSET_MS } from "~/ui/date-time";

// Event times, computed in the event's time zone (Africa/Lagos), not the visitor's, so
// a visitor abroad sees the right countdown. Pure and client-safe: callers pass the clock.

export type ClockTime = { hour: number; minute: number };
export type EventTimes = { start: ClockTime; end: ClockTime };
export type Countdown = { days: number; hours: number; minutes: number; seconds: number; isPassed: boolean };

// Without a readable time the countdown starts at 08:00 and the day ends at 17:00 ('8:00 AM - 5:00 PM').
const DEFAULT_EVENT_TIMES: EventTimes = { start: { hour: 8, minute: 0 }, end: { hour: 17, minute: 0 } };

// A fixed UTC+1 offset gives the same instants as Intl with the IANA zone, without
// depending on the time zone data the browser or Node was built with.
const MINUTE = 60_000;
const DAY = 86_400_000;

type ParsedClock = ClockTime & { meridiem: "am" | "pm" | null };

// "8:00 AM", "8am", "8.30 p.m.", "17:00", "noon", and a bare hour only where a range
// continues with a time ("10 - 2 PM"). Other bare numbers are not times: free text
// such as "12 August, all day" must not be read as one.
const TIME_TOKEN = new RegExp(
  [
    String.raw`\b(?<h12>\d{1,2})(?:[:.](?<m12>\d{2}))?\s*(?<ap>[ap])\.?\s*m\b\.?`,
    String.raw`(?<![\d.:])\b(?<h24>\d{1,2})[:.](?<m24>\d{2})(?![:.]?\d)`,
    String.raw`\b(?<bare>\d{1,2})(?=\s*(?:[-–—]|to\b)\s*\d{1,2}(?:[:.]\d{2})?\s*[ap]\.?\s*m\b)`,
    String.raw`\b(?<word>noon|midday|midnight)\b`,
  ].join("|"),
  "gi",
);

function readToken(match: RegExpExecArray): ParsedClock | null {
  const { h12, m12, ap, h24, m24, bare, word } = match.groups ?? {};
  if (word) {
    return word.toLowerCase() === "midnight" ? { hour: 0, minute: 0, meridiem: "am" } : { hour: 12, minute: 0, meridiem: "pm" };
  }
  if (h12 !== undefined && ap) {
    const hour = Number(h12);
    const minute = Number(m12 ?? 0);
    if (hour < 1 || hour > 12 || minute > 59) return null;
    const meridiem = ap.toLowerCase() === "p" ? "pm" : "am";
    return { hour: to24(hour, meridiem), minute, meridiem };
  }
  const hour = Number(h24 ?? bare);
  const minute = Number(m24 ?? 0);
  if (hour > 23 || minute > 59) return null;
  return { hour, minute, meridiem: null };
}

function to24(hour12: number, meridiem: "am" | "pm"): number {
  return (hour12 % 12) + (meridiem === "pm" ? 12 : 0);
}

const minutesOf = (t: ClockTime) => t.hour * 60 + t.minute;

/**
 * Start and end of a free-text time range such as '8:00 AM - 5:00 PM'. What it cannot
 * read falls back to 08:00 and 17:00; an end not after the start becomes 23:59.
 */
export function parseEventTime(text: string | null | undefined): EventTimes {
  const tokens: ParsedClock[] = [];
  for (const match of (text ?? "").matchAll(TIME_TOKEN)) {
    const token = readToken(match);
    if (token) tokens.push(token);
    if (tokens.length === 2) break;
  }
  const [first, second] = tokens;
  const start: ClockTime = first ? { hour: first.hour, minute: first.minute } : { ...DEFAULT_EVENT_TIMES.start };
  let end: ClockTime = second ? { hour: second.hour, minute: second.minute } : { ...DEFAULT_EVENT_TIMES.end };
  // "9:00 - 11:30 AM": the start shares the end's meridiem when that keeps it first.
  if (first && second && first.meridiem === null && second.meridiem === "pm" && first.hour < 12) {
    const shifted = { hour: first.hour + 12, minute: first.minute };
    if (minutesOf(shifted) < minutesOf(end)) Object.assign(start, shifted);
  }
  // "8:00 - 5:00": a 12-hour clock written without AM/PM.
  if (second && second.meridiem === null && second.hour < 12 && minutesOf(end) <= minutesOf(start)) {
    end = { hour: second.hour + 12, minute: second.minute };
  }
  if (minutesOf(end) <= minutesOf(start)) end = { hour: 23, minute: 59 };
  return { start, end };
}

/** The start of a free-text time such as an agenda item's "12:30 PM - 1:30 PM", or null when none can be read. */
export function readStartTime(text: string): ClockTime | null {
  for (const match of text.matchAll(TIME_TOKEN)) if (readToken(match)) return parseEventTime(text).start;
  return null;
}

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

export function eventStart(eventDate: string, eventTime: string): Date {
  return lagosInstant(eventDate, parseEventTime(eventTime).start);
}

export function eventEnd(eventDate: string, eventTime: string): Date {
  return lagosInstant(eventDate, parseEventTime(eventTime).end);
}

/** Time left until the event starts; at or past zero it reports passed. */
export function countdown(now: Date | number, eventDate: string, eventTime: string): Countdown {
  const left = eventStart(eventDate, eventTime).getTime() - new Date(now).getTime();
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
export function hasEventPassed(now: Date | number, eventDate: string, eventTime: string): boolean {
  return new Date(now).getTime() > eventEnd(eventDate, eventTime).getTime();
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

/** '8:00 AM' style, for showing a parsed time. */
export function formatClockTime(time: ClockTime): string {
  const hour12 = time.hour % 12 === 0 ? 12 : time.hour % 12;
  return `${hour12}:${String(time.minute).padStart(2, "0")} ${time.hour < 12 ? "AM" : "PM"}`;
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
