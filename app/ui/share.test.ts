import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { partOf, percentOf, wholePercents } from "./share";

describe("percentOf and partOf", () => {
  it("round a part of a whole to a whole percent, 0 without a whole", () => {
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(2, 3)).toBe(67);
    expect(percentOf(1, 8)).toBe(13);
    expect(percentOf(0, 0)).toBe(0);
    expect(partOf(312, 4800)).toBe("312 of 4,800");
  });
});

describe("wholePercents", () => {
  it("gives whole percentages adding up to 100, the points left to the largest remainders", () => {
    expect(wholePercents([1, 1, 1])).toEqual([34, 33, 33]);
    expect(wholePercents([625, 375])).toEqual([63, 37]);
    expect(wholePercents([700, 500, 34])).toEqual([57, 40, 3]);
    expect(wholePercents([0, 0])).toEqual([0, 0]);
  });

  it("always adds up to 100 for any counts with a total, each within one point of its exact share", () => {
    fc.assert(
      fc.property(fc.array(fc.nat(100_000), { minLength: 1, maxLength: 6 }), (counts) => {
        const total = counts.reduce((a, b) => a + b, 0);
        fc.pre(total > 0);
        const percents = wholePercents(counts);
        expect(percents.reduce((a, b) => a + b, 0)).toBe(100);
        for (const [i, p] of percents.entries()) expect(Math.abs(p - ((counts[i] ?? 0) / total) * 100)).toBeLessThan(1);
      }),
    );
  });
});
