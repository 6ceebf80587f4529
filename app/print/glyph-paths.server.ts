import { createRequire } from "node:module";
import type { PrintFont } from "~/print/layout";

// Text drawn as outlines from the badge fonts (DejaVu Sans), for images rendered by sharp: an
// SVG <text> would be drawn with whatever fonts the server happens to have (often none with
// ƙ ɗ ɓ ƴ), while paths look the same on every machine. fontkit is pdfkit's own font reader,
// loaded from where pdfkit finds it (as badge-font.test.ts does), so it needs no package of its own.

type FontkitPath = { transform: (...matrix: number[]) => FontkitPath; toSVG: () => string };
type FontkitGlyph = { id: number; path: FontkitPath };
type FontkitPosition = { xAdvance: number; xOffset: number; yOffset: number };
type FontkitFont = {
  unitsPerEm: number;
  hasGlyphForCodePoint: (codePoint: number) => boolean;
  layout: (text: string) => { glyphs: FontkitGlyph[]; positions: FontkitPosition[]; advanceWidth: number };
};

let fonts: Record<PrintFont, FontkitFont> | undefined;
function badgeFonts(): Record<PrintFont, FontkitFont> {
  if (!fonts) {
    const require = createRequire(import.meta.url);
    const fontkit = createRequire(require.resolve("pdfkit"))("fontkit") as { openSync: (file: string) => FontkitFont };
    fonts = {
      regular: fontkit.openSync(require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf")),
      bold: fontkit.openSync(require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf")),
    };
  }
  return fonts;
}

/** The width of `text` at font size 1 (as fit-text.ts measures). */
export function textWidth(text: string, font: PrintFont): number {
  const face = badgeFonts()[font];
  return face.layout(text).advanceWidth / face.unitsPerEm;
}

/**
 * SVG path data drawing `text` at `size` pixels with its baseline starting at (x, y), and the
 * letters the font has no glyph for (drawn as the font's empty box), so a caller can tell.
 */
export function textPath(text: string, font: PrintFont, size: number, x: number, y: number): { d: string; missing: string[] } {
  const face = badgeFonts()[font];
  const missing = [...text].filter((letter) => letter.trim() !== "" && face.layout(letter).glyphs.some((glyph) => glyph.id === 0));
  return { d: textOutline(text, font, size, x, y), missing };
}

/** textPath's drawing alone, for text already cleared of letters the font lacks (missingLetters). */
export function textOutline(text: string, font: PrintFont, size: number, x: number, y: number): string {
  const face = badgeFonts()[font];
  const run = face.layout(text);
  const scale = size / face.unitsPerEm;
  let pen = x;
  const parts: string[] = [];
  run.glyphs.forEach((glyph, index) => {
    const position = run.positions[index] ?? { xAdvance: 0, xOffset: 0, yOffset: 0 };
    // Font units point up; the image's y axis points down.
    const d = glyph.path.transform(scale, 0, 0, -scale, pen + position.xOffset * scale, y - position.yOffset * scale).toSVG();
    if (d) parts.push(d);
    pen += position.xAdvance * scale;
  });
  return parts.join("");
}

/** The letters of `text` the font has no glyph for (a character map look-up, without laying the text out). */
export function missingLetters(text: string, font: PrintFont): string[] {
  const face = badgeFonts()[font];
  return [...new Set(text)].filter((letter) => letter.trim() !== "" && !face.hasGlyphForCodePoint(letter.codePointAt(0) ?? 0));
}
