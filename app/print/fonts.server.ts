import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { PrintFont } from "~/print/layout";

// DejaVu Sans draws the Hausa letters (ƙ ɗ ɓ ƴ, Ƙ Ɗ Ɓ Ƴ) the PDF standard fonts lack. pdfkit embeds
// only the glyphs used, with a ToUnicode map, so the names can be searched and copied. The
// files are resolved through node_modules when first needed: from this file in development
// and tests, and from build/server/assets in production, as the server bundle leaves packages
// in node_modules (docs/decisions/001). The badges and the certificates print with them.

let fontFiles: Record<PrintFont, string> | undefined;
export function badgeFontFiles(): Record<PrintFont, string> {
  if (!fontFiles) {
    const require = createRequire(import.meta.url);
    fontFiles = {
      regular: require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf"),
      bold: require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf"),
    };
  }
  return fontFiles;
}

/** A font as pdfkit takes it already read (fontkit's Font); pdfkit's types know only files and bytes. */
type ReadyFont = { readonly __brand: "ReadyFont" };

type GlyphPosition = { xAdvance: number; yAdvance: number; xOffset: number; yOffset: number };
type GlyphRun = { glyphs: unknown[]; positions: GlyphPosition[]; readonly advanceWidth: number };
type FontkitFont = {
  layout: (text: string, ...options: unknown[]) => GlyphRun;
  createSubset: () => unknown;
};

let readyFonts: Record<PrintFont, ReadyFont> | undefined;

/**
 * The two fonts for documents made by the thousand, one a person (the certificates): read and
 * parsed once for the life of the process. Given a file, pdfkit parses the font again for
 * each document, DejaVu's kerning and substitution tables with it (~70 ms a document), then
 * shapes every word anew and writes the glyphs used through fontkit's general-purpose table
 * encoder (together ~6 ms). Here the shaping of a word is remembered across documents, and
 * the subset is cut by copying bytes (TrueTypeSubset): ~2 ms. Both keep a bounded amount, so
 * memory stays flat however many documents are made. The badges (one document for everyone)
 * keep pdfkit's own way. fontkit is pdfkit's font reader, loaded from where pdfkit finds it.
 */
export function readyBadgeFonts(): Record<PrintFont, ReadyFont> {
  if (!readyFonts) {
    const require = createRequire(import.meta.url);
    const fontkit = createRequire(require.resolve("pdfkit"))("fontkit") as { create: (data: Uint8Array) => FontkitFont };
    const ready = (file: string): ReadyFont => {
      const data = readFileSync(file);
      const font = fontkit.create(data);
      const tables = new TrueTypeTables(data);
      font.createSubset = () => new TrueTypeSubset(tables);
      font.layout = rememberedLayout(font.layout.bind(font));
      return font as unknown as ReadyFont;
    };
    const files = badgeFontFiles();
    readyFonts = { regular: ready(files.regular), bold: ready(files.bold) };
  }
  return readyFonts;
}

/** Distinct texts remembered per font: all of a certificate's fixed words and many names; then it starts again. */
const REMEMBERED_RUNS = 5000;

/**
 * fontkit's layout (glyphs, kerning) of each text, computed once. pdfkit scales the positions
 * it is given in place, so each call gets its own copy of them; the glyphs are fontkit's
 * shared objects, which nobody changes.
 */
function rememberedLayout(layout: FontkitFont["layout"]): FontkitFont["layout"] {
  const runs = new Map<string, GlyphRun>();
  return (text, ...options) => {
    if (options.some((option) => option !== undefined)) return layout(text, ...options);
    let run = runs.get(text);
    if (!run) {
      run = layout(text);
      if (runs.size >= REMEMBERED_RUNS) runs.clear();
      runs.set(text, run);
    }
    const positions = run.positions.map(({ xAdvance, yAdvance, xOffset, yOffset }) => ({ xAdvance, yAdvance, xOffset, yOffset }));
    return {
      glyphs: run.glyphs,
      positions,
      get advanceWidth() {
        return positions.reduce((sum, position) => sum + position.xAdvance, 0);
      },
    };
  };
}

/** What a subset copies from the font file, located once: each table, and each glyph's outline and metrics. */
class TrueTypeTables {
  private readonly tables = new Map<string, Buffer>();
  private readonly outlines: Buffer[] = [];
  private readonly metrics: { advance: number; bearing: number }[] = [];

  constructor(file: Buffer) {
    for (let i = 0, count = file.readUInt16BE(4); i < count; i++) {
      const at = 12 + 16 * i;
      const offset = file.readUInt32BE(at + 8);
      this.tables.set(file.toString("latin1", at, at + 4), file.subarray(offset, offset + file.readUInt32BE(at + 12)));
    }
    const loca = this.table("loca");
    const hmtx = this.table("hmtx");
    const glyf = this.table("glyf");
    const longOffsets = this.table("head").readInt16BE(50) === 1;
    const offset = (glyph: number) => (longOffsets ? loca.readUInt32BE(4 * glyph) : 2 * loca.readUInt16BE(2 * glyph));
    const longMetrics = this.table("hhea").readUInt16BE(34);
    for (let glyph = 0, count = this.table("maxp").readUInt16BE(4); glyph < count; glyph++) {
      this.outlines.push(glyf.subarray(offset(glyph), offset(glyph + 1)));
      // Past the long metrics, glyphs share the last advance and have only their bearing.
      const long = Math.min(glyph, longMetrics - 1);
      const bearing = glyph < longMetrics ? hmtx.readInt16BE(4 * glyph + 2) : hmtx.readInt16BE(4 * longMetrics + 2 * (glyph - longMetrics));
      this.metrics.push({ advance: hmtx.readUInt16BE(4 * long), bearing });
    }
  }

  table(tag: string): Buffer {
    const table = this.tables.get(tag);
    if (!table) throw new Error(`the font has no ${tag} table`);
    return table;
  }

  outline(glyph: number): Buffer {
    return this.outlines[glyph] ?? Buffer.alloc(0);
  }

  metric(glyph: number): { advance: number; bearing: number } {
    return this.metrics[glyph] ?? { advance: 0, bearing: 0 };
  }
}

// A composite glyph's component flags (OpenType glyf table).
const ARG_WORDS = 0x0001;
const SCALE = 0x0008;
const MORE_COMPONENTS = 0x0020;
const XY_SCALE = 0x0040;
const TWO_BY_TWO = 0x0080;

/**
 * The glyphs a document uses, as a TrueType font of its own: what fontkit's TTFSubset makes
 * (the tables PDF asks for, glyphs renumbered in order of use, composites pointing at their
 * renumbered parts), by copying the font's bytes instead of decoding and re-encoding them.
 */
class TrueTypeSubset {
  /** fontkit's subsets have this for CFF fonts; pdfkit looks for it. */
  readonly cff = undefined;
  private readonly glyphs: number[] = [];
  private readonly numbers = new Map<number, number>();

  constructor(private readonly font: TrueTypeTables) {
    this.includeGlyph(0);
  }

  /** The glyph's number in the subset, which it joins if new. */
  includeGlyph(glyph: number | { id: number }): number {
    const id = typeof glyph === "number" ? glyph : glyph.id;
    let number = this.numbers.get(id);
    if (number === undefined) {
      number = this.glyphs.push(id) - 1;
      this.numbers.set(id, number);
    }
    return number;
  }

  encode(): Buffer {
    const outlines: Buffer[] = [];
    // Components join the subset as they are met, so the list may grow while it is walked.
    for (let i = 0; i < this.glyphs.length; i++) outlines.push(this.renumbered(this.font.outline(this.glyphs[i] ?? 0)));
    const count = outlines.length;
    const loca = Buffer.alloc(4 * (count + 1));
    const hmtx = Buffer.alloc(4 * count);
    let offset = 0;
    outlines.forEach((outline, i) => {
      loca.writeUInt32BE(offset, 4 * i);
      offset += padded(outline.length);
      const { advance, bearing } = this.font.metric(this.glyphs[i] ?? 0);
      hmtx.writeUInt16BE(advance, 4 * i);
      hmtx.writeInt16BE(bearing, 4 * i + 2);
    });
    loca.writeUInt32BE(offset, 4 * count);
    const head = Buffer.from(this.font.table("head"));
    head.writeUInt32BE(0, 8); // checkSumAdjustment, set once the file is whole
    head.writeInt16BE(1, 50); // indexToLocFormat: long offsets
    const hhea = Buffer.from(this.font.table("hhea"));
    hhea.writeUInt16BE(count, 34); // numberOfHMetrics: every glyph has its own
    const maxp = Buffer.from(this.font.table("maxp"));
    maxp.writeUInt16BE(count, 4); // numGlyphs
    const glyf = Buffer.concat(outlines.flatMap((outline) => [outline, Buffer.alloc(padded(outline.length) - outline.length)]));
    const [cvt, fpgm, prep] = [this.font.table("cvt "), this.font.table("fpgm"), this.font.table("prep")];
    return sfnt({ "cvt ": cvt, fpgm, glyf, head, hhea, hmtx, loca, maxp, prep });
  }

  /** A composite glyph's outline with its components' numbers in the subset; any other as it is. */
  private renumbered(outline: Buffer): Buffer {
    if (outline.length < 10 || outline.readInt16BE(0) >= 0) return outline;
    const copy = Buffer.from(outline);
    for (let at = 10, more = true; more; ) {
      const flags = copy.readUInt16BE(at);
      copy.writeUInt16BE(this.includeGlyph(copy.readUInt16BE(at + 2)), at + 2);
      at += 4 + (flags & ARG_WORDS ? 4 : 2) + (flags & SCALE ? 2 : flags & XY_SCALE ? 4 : flags & TWO_BY_TWO ? 8 : 0);
      more = (flags & MORE_COMPONENTS) !== 0;
    }
    return copy;
  }
}

const padded = (length: number) => Math.ceil(length / 4) * 4;

/** A TrueType file of `tables` (tags in ascending order), with its checksums. */
function sfnt(tables: Record<string, Buffer>): Buffer {
  const tags = Object.keys(tables).sort();
  const power = 2 ** Math.floor(Math.log2(tags.length));
  const directory = Buffer.alloc(12 + 16 * tags.length);
  directory.writeUInt32BE(0x00010000, 0);
  directory.writeUInt16BE(tags.length, 4);
  directory.writeUInt16BE(16 * power, 6);
  directory.writeUInt16BE(Math.log2(power), 8);
  directory.writeUInt16BE(16 * (tags.length - power), 10);
  const parts: Buffer[] = [directory];
  let offset = directory.length;
  let headAt = 0;
  tags.forEach((tag, i) => {
    const table = tables[tag] ?? Buffer.alloc(0);
    const at = 12 + 16 * i;
    directory.write(tag, at, "latin1");
    directory.writeUInt32BE(checksum(table), at + 4);
    directory.writeUInt32BE(offset, at + 8);
    directory.writeUInt32BE(table.length, at + 12);
    if (tag === "head") headAt = offset;
    parts.push(table, Buffer.alloc(padded(table.length) - table.length));
    offset += padded(table.length);
  });
  const file = Buffer.concat(parts);
  file.writeUInt32BE((0xb1b0afba - checksum(file)) >>> 0, headAt + 8);
  return file;
}

/** The sum of `data` as big-endian 32-bit words, the last one padded with zeros. */
function checksum(data: Buffer): number {
  let sum = 0;
  const whole = data.length - (data.length % 4);
  for (let i = 0; i < whole; i += 4) sum = (sum + data.readUInt32BE(i)) >>> 0;
  if (whole < data.length) {
    const last = Buffer.alloc(4);
    data.copy(last, 0, whole);
    sum = (sum + last.readUInt32BE(0)) >>> 0;
  }
  return sum;
}
