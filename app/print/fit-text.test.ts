import { describe, expect, it } from "vitest";
import { cleanText, type FitOptions, fitText } from "./fit-text";

// A monospaced stand-in for the font: every letter (grapheme) 0.5 of the size wide.
const measure = (text: string) => 0.5 * Array.from(new Intl.Segmenter("en", { granularity: "grapheme" }).segment(text)).length;
const widthAt = (line: string, size: number) => measure(line) * size;

const BOX: FitOptions = { maxWidth: 100, maxHeight: 60, maxLines: 2, maxSize: 20, minSize: 8, lineHeight: 1.2 };

function expectInside(fit: { lines: string[]; size: number }, options: FitOptions) {
  expect(fit.lines.length).toBeLessThanOrEqual(options.maxLines);
  expect(fit.lines.length * fit.size * options.lineHeight).toBeLessThanOrEqual(options.maxHeight + 1e-9);
  for (const line of fit.lines) expect(widthAt(line, fit.size)).toBeLessThanOrEqual(options.maxWidth + 1e-9);
}

describe("fitText", () => {
  it("keeps a short text on one line at the largest size", () => {
    expect(fitText("Musa", BOX, measure)).toEqual({ lines: ["Musa"], size: 20 });
  });

  it("wraps at spaces before it shrinks", () => {
    // "Amina Yusuf" is 11 letters, 110 pt at 20 pt: two lines of 5 letters fit at 20.
    expect(fitText("Amina Yusuf", BOX, measure)).toEqual({ lines: ["Amina", "Yusuf"], size: 20 });
  });

  it("shrinks a name until it fits the lines allowed, keeping every letter", () => {
    const fit = fitText("Ƙasimu Ɗanjuma Ɓello Ƴar", BOX, measure);
    expect(fit.size).toBeLessThan(20);
    expect(fit.size).toBeGreaterThanOrEqual(8);
    expect(fit.lines.join(" ")).toBe("Ƙasimu Ɗanjuma Ɓello Ƴar");
    expectInside(fit, BOX);
  });

  it("uses as many lines as the height allows at each size", () => {
    const tall = { ...BOX, maxLines: 3, maxHeight: 3 * 20 * 1.2 };
    expect(fitText("Hauwa Ɓello Sanusi", tall, measure)).toEqual({ lines: ["Hauwa", "Ɓello", "Sanusi"], size: 20 });
    // Half the height: one line at most at 20 pt, so smaller type on more lines.
    const low = { ...tall, maxHeight: 30 };
    const fit = fitText("Hauwa Ɓello Sanusi", low, measure);
    expect(fit.size).toBeLessThan(20);
    expectInside(fit, low);
  });

  it("cuts what does not fit at the smallest size with an ellipsis, whole letters only", () => {
    const name = "Oluwaseun Adebayo-Ogunleye Babatunde Olumide Akintola-Williams Ɗanjuma Ƙaura";
    const fit = fitText(name, BOX, measure);
    expect(fit.size).toBe(8);
    expect(fit.lines).toHaveLength(2);
    // 25 letters a line at 8 pt: the first line wraps as usual, the second takes the rest, cut.
    expect(fit.lines[0]).toBe("Oluwaseun");
    expect(fit.lines[1]).toMatch(/^Adebayo-Ogunleye Baba.*…$/);
    expectInside(fit, BOX);
  });

  it("ellipsizes a single word longer than the line, and never splits a letter from its accent", () => {
    const word = `${"e\u0301".repeat(40)}`; // é as e + combining accent, which NFC composes
    const fit = fitText(word, { ...BOX, maxLines: 1 }, measure);
    expect(fit.lines[0]?.endsWith("…")).toBe(true);
    expect(fit.lines[0]?.normalize("NFD").replace(/e\u0301/g, "")).toBe("…");
    expectInside(fit, { ...BOX, maxLines: 1 });
  });

  it("goes below the smallest size rather than out of a box too low for it", () => {
    const fit = fitText("Musa", { ...BOX, maxHeight: 6 }, measure);
    expect(fit.size).toBeCloseTo(5);
    expect(fit.lines).toEqual(["Musa"]);
  });

  it("has no lines for an empty or blank text", () => {
    expect(fitText("", BOX, measure).lines).toEqual([]);
    expect(fitText(" \n\t ", BOX, measure).lines).toEqual([]);
  });
});

describe("cleanText", () => {
  it("turns line breaks, tabs and runs of spaces into one space, trimmed, composed", () => {
    expect(cleanText("  Line one\r\nline\ttwo  ")).toBe("Line one line two");
    expect(cleanText("Jose\u0301")).toBe("José");
    expect(cleanText("A\u0000B")).toBe("A B");
  });
});
