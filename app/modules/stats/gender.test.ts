import { describe, expect, it } from "vitest";
import { GENDER_COLORS, genderSlices, genderSplit, percentOf } from "./gender";

describe("percentOf", () => {
  it("rounds the share of the total to an integer", () => {
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(2, 3)).toBe(67);
    expect(percentOf(1, 8)).toBe(13); // 12.5 rounds up
    expect(percentOf(5, 5)).toBe(100);
  });

  it("is 0 when there is no total", () => {
    expect(percentOf(0, 0)).toBe(0);
  });
});

describe("genderSplit", () => {
  it("shows male and female shares of all registrants", () => {
    expect(genderSplit({ male: 6, female: 4, other: 0 })).toEqual({ male: 60, female: 40, label: "60% / 40%" });
  });

  it("counts 'other' in the total, so the two shares may not add up to 100", () => {
    expect(genderSplit({ male: 1, female: 1, other: 1 })).toEqual({ male: 33, female: 33, label: "33% / 33%" });
  });

  it("needs two genders present, whichever they are", () => {
    expect(genderSplit({ male: 3, female: 0, other: 1 })).toEqual({ male: 75, female: 0, label: "75% / 0%" });
  });

  it("is N/A with fewer than two genders", () => {
    expect(genderSplit({ male: 0, female: 0, other: 0 }).label).toBe("N/A");
    expect(genderSplit({ male: 5, female: 0, other: 0 })).toEqual({ male: 100, female: 0, label: "N/A" });
    expect(genderSplit({ male: 0, female: 0, other: 2 }).label).toBe("N/A");
  });
});

describe("genderSlices", () => {
  it("lists only genders with registrants, in a fixed order, with the spec's colours", () => {
    expect(genderSlices({ male: 0, female: 3, other: 1 })).toEqual([
      { gender: "female", name: "Female", value: 3, percent: 75, color: "#86efac" },
      { gender: "other", name: "Other", value: 1, percent: 25, color: "#9ca3af" },
    ]);
    expect(GENDER_COLORS.male).toBe("#16a34a");
  });

  it("is empty without registrants", () => {
    expect(genderSlices({ male: 0, female: 0, other: 0 })).toEqual([]);
  });
});
