import { describe, expect, it } from "vitest";
import { SETTINGS_DEFAULTS } from "~/db/settings-defaults";
import {
  countdown,
  daysUntilEvent,
  eventEnd,
  eventStart,
  formatClockTime,
  formatEventDate,
  hasEventPassed,
  isReminderWindow,
  parseEventTime,
} from "./event-time";

const DATE = SETTINGS_DEFAULTS.event_date; // 2025-08-12
const TIME = SETTINGS_DEFAULTS.event_time; // 8:00 AM - 5:00 PM
const at = (iso: string) => new Date(iso);

describe("parseEventTime", () => {
  it.each([
    ["8:00 AM - 5:00 PM", [8, 0], [17, 0]],
    ["8:00 AM - 2:00 PM", [8, 0], [14, 0]],
    ["8am-5pm", [8, 0], [17, 0]],
    ["8.30 a.m. – 4.45 p.m.", [8, 30], [16, 45]],
    ["9:00 AM to 12:00 PM", [9, 0], [12, 0]],
    ["12:30 PM - 6:00 PM", [12, 30], [18, 0]],
    ["08:00 - 17:00", [8, 0], [17, 0]],
    ["08:00–17:30 WAT", [8, 0], [17, 30]],
    ["8:00 - 5:00", [8, 0], [17, 0]],
    ["9:00 - 11:30 AM", [9, 0], [11, 30]],
    ["1:00 - 4:00 PM", [13, 0], [16, 0]],
    ["9:00 - 5:00 PM", [9, 0], [17, 0]],
    ["10 - 2 PM", [10, 0], [14, 0]],
    ["9 to 5 pm", [9, 0], [17, 0]],
    ["Starts 10:00 AM, ends noon", [10, 0], [12, 0]],
    ["12:00 AM - 11:00 AM", [0, 0], [11, 0]],
  ])("reads %j", (text, [sh, sm], [eh, em]) => {
    expect(parseEventTime(text)).toEqual({ start: { hour: sh, minute: sm }, end: { hour: eh, minute: em } });
  });

  it.each([
    ["", [8, 0], [17, 0]],
    ["All day", [8, 0], [17, 0]],
    ["Tuesday 12 August, all day", [8, 0], [17, 0]],
    ["12.08.2025", [8, 0], [17, 0]],
    ["13:00 PM - 25:00", [8, 0], [17, 0]],
    ["From 10:00 AM", [10, 0], [17, 0]],
    ["From 6:00 PM", [18, 0], [23, 59]],
    ["20:00 - 1:00", [20, 0], [23, 59]],
  ])("falls back sensibly for %j", (text, [sh, sm], [eh, em]) => {
    expect(parseEventTime(text)).toEqual({ start: { hour: sh, minute: sm }, end: { hour: eh, minute: em } });
  });

  it("accepts null and undefined", () => {
    expect(parseEventTime(null)).toEqual({ start: { hour: 8, minute: 0 }, end: { hour: 17, minute: 0 } });
    expect(parseEventTime(undefined)).toEqual({ start: { hour: 8, minute: 0 }, end: { hour: 17, minute: 0 } });
  });
});

describe("eventStart and eventEnd", () => {
  it("are instants in Africa/Lagos (UTC+1)", () => {
    expect(eventStart(DATE, TIME).toISOString()).toBe("2025-08-12T07:00:00.000Z");
    expect(eventEnd(DATE, TIME).toISOString()).toBe("2025-08-12T16:00:00.000Z");
    expect(eventStart("2026-01-01", "12:00 AM - 2:00 AM").toISOString()).toBe("2025-12-31T23:00:00.000Z");
  });

  it("agree with the IANA zone from Intl, in winter and in summer", () => {
    const wallClock = (date: Date) =>
      new Intl.DateTimeFormat("en-GB", { timeZone: "Africa/Lagos", dateStyle: "short", timeStyle: "short" }).format(date);
    expect(wallClock(eventStart(DATE, TIME))).toBe("12/08/2025, 08:00");
    expect(wallClock(eventStart("2026-01-15", "9:30 AM - 1:00 PM"))).toBe("15/01/2026, 09:30");
    expect(wallClock(eventEnd("2026-01-15", "9:30 AM - 1:00 PM"))).toBe("15/01/2026, 13:00");
  });

  it("refuse something that is not a calendar date", () => {
    for (const bad of ["", "12/08/2025", "2025-02-30", "2025-13-01", "2025-8-12"]) {
      expect(() => eventStart(bad, TIME), bad).toThrow(RangeError);
    }
  });
});

describe("countdown (targets the event start, 08:00 Lagos = 07:00Z)", () => {
  it("counts days, hours, minutes and seconds before the event day", () => {
    expect(countdown(at("2025-08-10T05:58:57Z"), DATE, TIME)).toEqual({ days: 2, hours: 1, minutes: 1, seconds: 3, isPassed: false });
  });

  it("counts from the Lagos clock, not the visitor's: a visitor in New York sees the same numbers", () => {
    // 20:00 in New York on 11 August is 01:00 on 12 August in Lagos: 7 hours to go.
    expect(countdown(at("2025-08-11T20:00:00-04:00"), DATE, TIME)).toEqual({ days: 0, hours: 7, minutes: 0, seconds: 0, isPassed: false });
  });

  it("shows the last second before the start, and passed at zero and after", () => {
    expect(countdown(at("2025-08-12T06:59:59Z"), DATE, TIME)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1, isPassed: false });
    expect(countdown(at("2025-08-12T07:00:00Z"), DATE, TIME)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0, isPassed: true });
    expect(countdown(at("2025-08-12T12:00:00Z"), DATE, TIME).isPassed).toBe(true);
    expect(countdown(at("2025-09-01T00:00:00Z"), DATE, TIME).isPassed).toBe(true);
  });

  it("accepts epoch milliseconds and follows an edited start time", () => {
    const now = Date.parse("2025-08-12T07:00:00Z");
    expect(countdown(now, DATE, "10:00 AM - 4:00 PM")).toEqual({ days: 0, hours: 2, minutes: 0, seconds: 0, isPassed: false });
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
    expect(hasEventPassed(at(iso), DATE, TIME)).toBe(passed);
  });

  it("uses the end from free text, with 17:00 when it cannot read one", () => {
    expect(hasEventPassed(at("2025-08-12T15:00:00Z"), DATE, "8:00 AM - 2:00 PM")).toBe(true);
    expect(hasEventPassed(at("2025-08-12T15:00:00Z"), DATE, "All day")).toBe(false);
    expect(hasEventPassed(at("2025-08-12T16:00:01Z"), DATE, "All day")).toBe(true);
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

describe("formatClockTime", () => {
  it("writes a 12-hour clock", () => {
    expect(formatClockTime({ hour: 8, minute: 0 })).toBe("8:00 AM");
    expect(formatClockTime({ hour: 0, minute: 5 })).toBe("12:05 AM");
    expect(formatClockTime({ hour: 12, minute: 0 })).toBe("12:00 PM");
    expect(formatClockTime({ hour: 17, minute: 30 })).toBe("5:30 PM");
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
