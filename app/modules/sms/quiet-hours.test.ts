import { describe, expect, it } from "vitest";
import { isQuietHour, reminderSmsTime } from "./quiet-hours";

// Lagos is UTC+1: 19:00Z is 20:00 in Lagos.
const at = (iso: string) => new Date(iso);

describe("the quiet hours of reminder SMS (20:00–08:00 Lagos)", () => {
  it("sends at once in the day", () => {
    expect(reminderSmsTime(at("2026-12-20T07:00:00Z"))).toEqual(at("2026-12-20T07:00:00Z")); // 08:00 Lagos
    expect(reminderSmsTime(at("2026-12-20T18:59:59Z"))).toEqual(at("2026-12-20T18:59:59Z")); // 19:59:59
    expect(isQuietHour(at("2026-12-20T12:00:00Z"))).toBe(false);
  });

  it("waits for 08:00 the next morning from 20:00", () => {
    expect(isQuietHour(at("2026-12-20T19:00:00Z"))).toBe(true);
    expect(reminderSmsTime(at("2026-12-20T19:00:00Z"))).toEqual(at("2026-12-21T07:00:00Z"));
    expect(reminderSmsTime(at("2026-12-20T22:59:00Z"))).toEqual(at("2026-12-21T07:00:00Z")); // 23:59 Lagos
  });

  it("waits for 08:00 the same morning after midnight, across a month's end", () => {
    expect(reminderSmsTime(at("2026-12-31T23:30:00Z"))).toEqual(at("2027-01-01T07:00:00Z")); // 00:30 Lagos on 1 Jan
    expect(reminderSmsTime(at("2027-01-01T06:59:59Z"))).toEqual(at("2027-01-01T07:00:00Z")); // 07:59:59
  });

  it("never returns a time in the quiet hours, nor earlier than asked", () => {
    for (let minute = 0; minute < 24 * 60; minute += 7) {
      const now = new Date(Date.UTC(2026, 11, 20) + minute * 60_000);
      const time = reminderSmsTime(now);
      expect(isQuietHour(time)).toBe(false);
      expect(time.getTime()).toBeGreaterThanOrEqual(now.getTime());
      expect(time.getTime() - now.getTime()).toBeLessThanOrEqual(12 * 60 * 60_000);
    }
  });
});
