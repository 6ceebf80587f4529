import { z } from "zod";
import { LINE_TEXT } from "~/db/text";
import { REQUIRED_MESSAGE } from "~/forms/field-schemas";

// The event's hours: two Postgres `time` columns (event_starts_at, event_ends_at) on the settings
// row and on each archived edition, which the database reads back as "08:00:00" and the time
// input sends as "08:00". Pure and client-safe: the forms' schema, the pages and the messages
// share it.

export type ClockTime = { hour: number; minute: number };
/** The two columns, as the settings row and the editions have them. */
export type EventHours = { event_starts_at: string; event_ends_at: string };

const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d+)?)?$/;

/** "08:00" or "08:00:00" → { hour: 8, minute: 0 }; anything else is a programming error. */
export function clockTime(value: string): ClockTime {
  const match = CLOCK.exec(value);
  if (!match) throw new RangeError(`not a time of day (HH:MM): ${JSON.stringify(value)}`);
  return { hour: Number(match[1]), minute: Number(match[2]) };
}

const minutesOf = (time: ClockTime) => time.hour * 60 + time.minute;

/** '8:00 AM' style: the 12-hour clock every page, e-mail and SMS has always shown. */
export function formatClockTime(time: ClockTime): string {
  const hour12 = time.hour % 12 === 0 ? 12 : time.hour % 12;
  return `${hour12}:${String(time.minute).padStart(2, "0")} ${time.hour < 12 ? "AM" : "PM"}`;
}

/**
 * '8:00 AM - 5:00 PM', as the settings' default text read before the hours were times. Hausa
 * pages showed that same text (it was never translated), so every language gets this one form.
 */
export function formatEventHours(hours: EventHours): string {
  return `${formatClockTime(clockTime(hours.event_starts_at))} - ${formatClockTime(clockTime(hours.event_ends_at))}`;
}

/** "08:00:00" → "08:00", the value a time input shows. */
/** How many hours the event runs, rounded to the nearest hour and at least one (08:00–17:00: 9). */
export function eventLengthInHours(hours: EventHours): number {
  const start = clockTime(hours.event_starts_at);
  const end = clockTime(hours.event_ends_at);
  const minutes = end.hour * 60 + end.minute - (start.hour * 60 + start.minute);
  return Math.max(1, Math.round(minutes / 60));
}

export const timeInputValue = (value: string) => value.slice(0, 5);

export const TIME_MESSAGE = "Please enter a time such as 08:00";
export const END_AFTER_START_MESSAGE = "The event must end after it starts (on the same day)";

/** A time as the time input sends it ("08:00", or with seconds), stored as the database reads it back. */
const timeOfDay = z
  .string({ error: REQUIRED_MESSAGE })
  .trim()
  .min(1, { error: REQUIRED_MESSAGE, abort: true })
  .check(...LINE_TEXT)
  .regex(CLOCK, TIME_MESSAGE)
  .transform((value) => `${timeInputValue(value)}:00`);

/** The two time fields of the Event Settings and next-edition forms. */
export const eventHoursFields = { event_starts_at: timeOfDay, event_ends_at: timeOfDay };

/** For the form's object: the end after the start, reported on the end field (an unreadable time has its own message). */
export const endsAfterStart: [(hours: EventHours) => boolean, { message: string; path: string[] }] = [
  ({ event_starts_at, event_ends_at }: EventHours) =>
    !CLOCK.test(event_starts_at) ||
    !CLOCK.test(event_ends_at) ||
    minutesOf(clockTime(event_ends_at)) > minutesOf(clockTime(event_starts_at)),
  { message: END_AFTER_START_MESSAGE, path: ["event_ends_at"] },
];
