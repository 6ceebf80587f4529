import { describe, expect, it } from "vitest";
import { SETTINGS_DEFAULTS } from "~/db/settings-defaults";
import {
  countdown,
  daysUntilEvent,
  type EventWhen,
  eventEnd,
  eventStart,
  formatEventDate,
  hasEventPassed,
  isReminderWindow,
} from "./event-time";

const DATE = SETTINGS_DEFAULTS.event_date; // 2025-08-12
/** The event on `date` from `starts` to `ends` (the defaults: 08:00 to 17:00). */
const on = (date: string, starts = "08:00:00", ends = "17:00:00"): EventWhen => ({
  event_date: date,
  event_starts_at: starts,
  event_ends_at: ends,
});
const EVENT = on(DATE, SETTINGS_DEFAULTS.event_starts_at, SETTINGS_DEFAULTS.event_ends_at);
const at = (iso: string) => new Date(iso);

describe("eventStart and eventEnd", () => {
  it("are instants in Africa/Lagos (UTC+1)", () => {
    expect(eventStart(EVENT).toISOString()).toBe("2025-08-12T07:00:00.000Z");
    expect(eventEnd(EVENT).toISOString()).toBe("2025-08-12T16:00:00.000Z");
    expect(eventStart(on("2026-01-01", "00:00:00", "02:00:00")).toISOString()).toBe("2025-12-31T23:00:00.000Z");
  });

  it("agree with the IANA zone from Intl, in winter and in summer", () => {
    const wallClock = (date: Date) =>
      new Intl.DateTimeFormat("en-GB", { timeZone: "Africa/Lagos", dateStyle: "short", timeStyle: "short" }).format(date);
    expect(wallClock(eventStart(EVENT))).toBe("12/08/2025, 08:00");
    expect(wallClock(eventStart(on("2026-01-15", "09:30:00", "13:00:00")))).toBe("15/01/2026, 09:30");
    expect(wallClock(eventEnd(on("2026-01-15", "09:30", "13:00")))).toBe("15/01/2026, 13:00");
  });

  it("refuse something that is not a calendar date", () => {
    for (const bad of ["", "12/08/2025", "2025-02-30", "2025-13-01", "2025-8-12"]) {
      expect(() => eventStart(on(bad)), bad).toThrow(RangeError);
    }
  });
});

describe("countdown (targets the event start, 08:00 Lagos = 07:00Z)", () => {
  it("counts days, hours, minutes and seconds before the event day", () => {
    expect(countdown(at("2025-08-10T05:58:57Z"), EVENT)).toEqual({ days: 2, hours: 1, minutes: 1, seconds: 3, isPassed: false });
  });

  it("counts from the Lagos clock, not the visitor's: a visitor in New York sees the same numbers", () => {
    // 20:00 in New York on 11 August is 01:00 on 12 August in Lagos: 7 hours to go.
    expect(countdown(at("2025-08-11T20:00:00-04:00"), EVENT)).toEqual({ days: 0, hours: 7, minutes: 0, seconds: 0, isPassed: false });
  });

  it("shows the last second before the start, and passed at zero and after", () => {
    expect(countdown(at("2025-08-12T06:59:59Z"), EVENT)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1, isPassed: false });
    expect(countdown(at("2025-08-12T07:00:00Z"), EVENT)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0, isPassed: true });
    expect(countdown(at("2025-08-12T12:00:00Z"), EVENT).isPassed).toBe(true);
    expect(countdown(at("2025-09-01T00:00:00Z"), EVENT).isPassed).toBe(true);
  });

  it("accepts epoch milliseconds and follows an edited start time", () => {
    const now = Date.parse("2025-08-12T07:00:00Z");
    expect(countdown(now, on(DATE, "10:00:00", "16:00:00"))).toEqual({ days: 0, hours: 2, minutes: 0, seconds: 0, isPassed: false });
  });
});

describe("hasEventPassed (after the end time on the event day)", () => {
  it.each([
    ["the day before", "2025-08-11T12:00:00Z", false],
    ["the morning of the event day, before the start", "2025-08-12T06:00:00Z", false],
    ["during the event", "2025-08-12T12:00:00Z", false],
    ["exactly at the end (17:00 Lagos)", "2025-08-12T16:00:00Z", false],
    ["one second after the end", "2025-08-12T16:00:01Z", true],
    ["that evening", "2025-08-12T20:00:00Z", true],
    ["the day after", "2025-08-13T09:00:00Z", true],
  ])("%s", (_label, iso, passed) => {
    expect(hasEventPassed(at(iso), EVENT)).toBe(passed);
  });

  it("follows the end time as set", () => {
    expect(hasEventPassed(at("2025-08-12T15:00:00Z"), on(DATE, "08:00:00", "14:00:00"))).toBe(true);
    expect(hasEventPassed(at("2025-08-12T15:00:00Z"), on(DATE, "08:00:00", "23:59:00"))).toBe(false);
  });
});

describe("formatEventDate", () => {
  it("writes the weekday, day, month and year", () => {
    expect(formatEventDate("2025-08-12")).toBe("Tuesday, 12 August 2025");
    expect(formatEventDate("2026-01-01")).toBe("Thursday, 1 January 2026");
    expect(formatEventDate("2024-02-29")).toBe("Thursday, 29 February 2024");
  });

  it("does not depend on the process time zone", () => {
    const saved = process.env.TZ;
    try {
      for (const tz of ["Pacific/Kiritimati", "Pacific/Pago_Pago", "UTC"]) {
        process.env.TZ = tz;
        expect(formatEventDate("2025-08-12")).toBe("Tuesday, 12 August 2025");
      }
    } finally {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    }
  });

  it("returns text it cannot read unchanged", () => {
    expect(formatEventDate("soon")).toBe("soon");
  });
});

describe("days until the event and the reminder window", () => {
  it("counts calendar days in Lagos, so 23:30 UTC is already the next day", () => {
    expect(daysUntilEvent(new Date("2025-08-10T22:59:00Z"), "2025-08-12")).toBe(2);
    expect(daysUntilEvent(new Date("2025-08-10T23:00:00Z"), "2025-08-12")).toBe(1);
    expect(daysUntilEvent(new Date("2025-08-12T10:00:00Z"), "2025-08-12")).toBe(0);
    expect(daysUntilEvent(new Date("2025-08-13T10:00:00Z"), "2025-08-12")).toBe(-1);
  });
  it("opens one and two days before the event date", () => {
    expect(isReminderWindow(new Date("2025-08-09T12:00:00Z"), "2025-08-12")).toBe(false);
    expect(isReminderWindow(new Date("2025-08-10T12:00:00Z"), "2025-08-12")).toBe(true);
    expect(isReminderWindow(new Date("2025-08-11T12:00:00Z"), "2025-08-12")).toBe(true);
    expect(isReminderWindow(new Date("2025-08-12T07:00:00Z"), "2025-08-12")).toBe(false);
  });
});
