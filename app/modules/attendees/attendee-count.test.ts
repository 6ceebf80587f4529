import { describe, expect, it } from "vitest";
import { attendeeCountLine } from "./attendee-count";

describe("the attendee list's count line", () => {
  it("says the page's range when there are several pages, numbers grouped", () => {
    expect(attendeeCountLine({ total: 10_000, grandTotal: 10_000, page: 1, shown: 25, pageSize: 25 })).toBe(
      "Showing 1–25 of 10,000 attendees",
    );
    expect(attendeeCountLine({ total: 10_000, grandTotal: 10_000, page: 400, shown: 25, pageSize: 25 })).toBe(
      "Showing 9,976–10,000 of 10,000 attendees",
    );
    expect(attendeeCountLine({ total: 2_345, grandTotal: 10_000, page: 2, shown: 25, pageSize: 25 })).toBe(
      "Showing 26–50 of 2,345 matching attendees (10,000 in all)",
    );
  });

  it("says how many match when they fit on one page, as before", () => {
    expect(attendeeCountLine({ total: 4, grandTotal: 1_204, page: 1, shown: 4, pageSize: 25 })).toBe("Showing 4 of 1,204 attendees");
    expect(attendeeCountLine({ total: 0, grandTotal: 12, page: 1, shown: 0, pageSize: 25 })).toBe("Showing 0 of 12 attendees");
    expect(attendeeCountLine({ total: 7, grandTotal: 7, page: 1, shown: 7, pageSize: 25 })).toBe("Showing 7 of 7 attendees");
  });
});
