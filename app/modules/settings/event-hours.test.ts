import { describe, expect, it } from "vitest";
import { z } from "zod";
import { SETTINGS_DEFAULTS } from "~/db/settings-defaults";
import {
  clockTime,
  END_AFTER_START_MESSAGE,
  endsAfterStart,
  eventHoursFields,
  eventLengthInHours,
  formatClockTime,
  formatEventHours,
  TIME_MESSAGE,
  timeInputValue,
} from "./event-hours";

describe("clockTime", () => {
  it("reads the database's and the time input's values", () => {
    expect(clockTime("08:00:00")).toEqual({ hour: 8, minute: 0 });
    expect(clockTime("17:30")).toEqual({ hour: 17, minute: 30 });
    expect(clockTime("23:59:59.5")).toEqual({ hour: 23, minute: 59 });
  });

  it("refuses what is not a time of day", () => {
    for (const bad of ["", "8:00", "24:00", "12:60", "8:00 AM", "noon"]) expect(() => clockTime(bad), bad).toThrow(RangeError);
  });
});

describe("formatClockTime and formatEventHours", () => {
  it("write a 12-hour clock", () => {
    expect(formatClockTime({ hour: 8, minute: 0 })).toBe("8:00 AM");
    expect(formatClockTime({ hour: 0, minute: 5 })).toBe("12:05 AM");
    expect(formatClockTime({ hour: 12, minute: 0 })).toBe("12:00 PM");
    expect(formatClockTime({ hour: 17, minute: 30 })).toBe("5:30 PM");
  });

  it("show the defaults as the settings' text did: 8:00 AM - 5:00 PM", () => {
    expect(formatEventHours(SETTINGS_DEFAULTS)).toBe("8:00 AM - 5:00 PM");
    expect(formatEventHours({ event_starts_at: "09:30:00", event_ends_at: "13:00:00" })).toBe("9:30 AM - 1:00 PM");
  });
});

describe("the forms' time fields", () => {
  const schema = z.object(eventHoursFields).refine(...endsAfterStart);
  const errors = (input: Record<string, string | undefined>) => {
    const result = schema.safeParse(input);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
  };

  it("take the time input's value and keep it as the database reads it back", () => {
    expect(schema.parse({ event_starts_at: "08:00", event_ends_at: " 17:00:00 " })).toEqual({
      event_starts_at: "08:00:00",
      event_ends_at: "17:00:00",
    });
    expect(timeInputValue("08:00:00")).toBe("08:00");
  });

  it("say what is missing or unreadable", () => {
    expect(errors({ event_starts_at: "", event_ends_at: "5pm" })).toEqual({
      event_starts_at: "Please fill in all required fields",
      event_ends_at: TIME_MESSAGE,
    });
    expect(errors({ event_ends_at: "25:00" })).toMatchObject({ event_ends_at: TIME_MESSAGE });
  });

  it("want the end after the start, on the same day", () => {
    expect(errors({ event_starts_at: "17:00", event_ends_at: "08:00" })).toEqual({ event_ends_at: END_AFTER_START_MESSAGE });
    expect(errors({ event_starts_at: "08:00", event_ends_at: "08:00" })).toEqual({ event_ends_at: END_AFTER_START_MESSAGE });
    expect(errors({ event_starts_at: "08:00", event_ends_at: "08:01" })).toEqual({});
  });
});

describe("eventLengthInHours", () => {
  it("counts the landing page's hours of content from the event's times, to the nearest hour, at least one", () => {
    expect(eventLengthInHours({ event_starts_at: "08:00:00", event_ends_at: "17:00:00" })).toBe(9);
    expect(eventLengthInHours({ event_starts_at: "09:00:00", event_ends_at: "16:00:00" })).toBe(7);
    expect(eventLengthInHours({ event_starts_at: "09:30:00", event_ends_at: "16:00:00" })).toBe(7);
    expect(eventLengthInHours({ event_starts_at: "10:00:00", event_ends_at: "10:20:00" })).toBe(1);
  });
});
