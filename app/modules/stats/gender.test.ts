import { describe, expect, it } from "vitest";
import { GENDER_COLORS, genderSlices, genderSplit } from "./gender";

describe("genderSplit", () => {
  it("shows male and female shares of all registrants", () => {
    expect(genderSplit({ male: 6, female: 4, other: 0 })).toEqual({
      male: 60,
      female: 40,
      other: 0,
      label: "60% / 40%",
      parts: "Male / Female",
    });
  });

  it("counts 'other' too, shown when present, so the shares add up to 100", () => {
    expect(genderSplit({ male: 1, female: 1, other: 1 })).toMatchObject({ label: "34% / 33% / 33%", parts: "Male / Female / Other" });
    // Rounded one by one these were 63% and 38%: 101 %.
    expect(genderSplit({ male: 625, female: 375, other: 0 }).label).toBe("63% / 37%");
    const split = genderSplit({ male: 6250, female: 3750, other: 8 });
    expect(split.male + split.female + split.other).toBe(100);
  });

  it("needs two genders present, whichever they are", () => {
    expect(genderSplit({ male: 3, female: 0, other: 1 })).toMatchObject({ male: 75, female: 0, other: 25, label: "75% / 0% / 25%" });
  });

  it("is N/A with fewer than two genders", () => {
    expect(genderSplit({ male: 0, female: 0, other: 0 }).label).toBe("N/A");
    expect(genderSplit({ male: 5, female: 0, other: 0 })).toMatchObject({ male: 100, female: 0, label: "N/A" });
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
