import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

// The badge font (badge-pdf.server.ts) has a glyph of its own for every letter a Hausa name
// is written with, and for each apostrophe phones type: a missing one would print as a box
// while the PDF's text layer still read right (so badges.server.test.ts alone cannot tell).
// fontkit is pdfkit's own font reader, loaded from where pdfkit finds it.

const require = createRequire(import.meta.url);
const fontkit = createRequire(require.resolve("pdfkit"))("fontkit") as {
  openSync: (file: string) => { hasGlyphForCodePoint: (codePoint: number) => boolean };
};

const LETTERS = "ƙɗɓƴƘƊƁƳ'\u02BC\u2019éÉọẹṣ\u0300\u0301\u0323…";

describe("the badge font", () => {
  it.each(["DejaVuSans.ttf", "DejaVuSans-Bold.ttf"])(
    "%s draws the Hausa letters, every apostrophe, tone marks and the ellipsis",
    (file) => {
      const font = fontkit.openSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`));
      const missing = [...LETTERS].filter((c) => !font.hasGlyphForCodePoint(c.codePointAt(0) ?? 0));
      expect(missing).toEqual([]);
      // The check can fail: DejaVu has no Chinese.
      expect(font.hasGlyphForCodePoint(0x4e00)).toBe(false);
    },
  );
});
