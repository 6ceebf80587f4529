import { describe, expect, it } from "vitest";
import { daysLabel, displayDate, displayDateTime, lagosDate, lagosDateTime } from "./date-time";

describe("dates in Lagos time", () => {
  it("formats in UTC+1 whatever the machine's zone", () => {
    const late = new Date("2026-11-21T23:30:00Z");
    expect(lagosDate(late)).toBe("2026-11-22");
    expect(lagosDateTime(late)).toBe("2026-11-22 00:30");
    expect(displayDate(late)).toBe("22 Nov 2026");
    expect(displayDateTime("2026-01-05T08:07:00Z")).toBe("5 Jan 2026, 09:07");
  });
});

describe("daysLabel", () => {
  it("says a number of days in words", () => {
    expect([daysLabel(1), daysLabel(90), daysLabel(3650)]).toEqual(["1 day", "90 days", "3,650 days"]);
  });
});
