// Fitting a text into a box: the largest size at which it wraps into the lines allowed,
// down to a smallest size, and below that an ellipsis. A badge has a fixed box for each
// field; a long name or organisation must never run into the QR code or the next badge.

/** The width of `text` at font size 1; widths scale linearly with the size. */
export type MeasureText = (text: string) => number;

export type FitOptions = {
  maxWidth: number;
  maxHeight: number;
  maxLines: number;
  maxSize: number;
  minSize: number;
  /** line box height ÷ font size */
  lineHeight: number;
};

export type FittedText = { lines: string[]; size: number };

/** Sizes are tried in half points: finer steps look no different on paper. */
const STEP = 0.5;
const ELLIPSIS = "…";

/** Whitespace runs and control characters (a pasted line break) as one space; composed (NFC) so each letter is one glyph. */
export function cleanText(text: string): string {
  return text
    .normalize("NFC")
    .replace(/[\s\p{Cc}]+/gu, " ")
    .trim();
}

/** Invisible format characters (a right-to-left override, a soft hyphen) and halves of a surrogate pair print as boxes, or not at all. */
const UNPRINTABLE = /[\p{Cf}\p{Cs}]/gu;

/** Text as a PDF draws it (certificates, posters): cleaned as a badge's name, and without what would print as a box. */
export function printableText(text: string): string {
  return cleanText(text.replace(UNPRINTABLE, ""));
}

/**
 * `text` in at most `maxLines` lines no wider than `maxWidth` and together no higher than
 * `maxHeight`: at the largest size from `maxSize` down to `minSize` where it fits whole,
 * otherwise at `minSize` (or smaller, if even one line of it is higher than the box) with
 * the rest cut off by an ellipsis.
 */
export function fitText(text: string, options: FitOptions, measure: MeasureText): FittedText {
  const words = cleanText(text).split(" ").filter(Boolean);
  if (words.length === 0) return { lines: [], size: options.maxSize };
  // Line candidates are runs of whole words: each is measured once, at size 1.
  const widths = new Map<string, number>();
  const width = (line: string) => {
    let w = widths.get(line);
    if (w === undefined) {
      w = measure(line);
      widths.set(line, w);
    }
    return w;
  };
  const linesAt = (size: number) => Math.min(options.maxLines, Math.floor(options.maxHeight / (size * options.lineHeight) + 1e-9));

  for (let size = options.maxSize; size >= options.minSize - 1e-9; size -= STEP) {
    const allowed = linesAt(size);
    if (allowed < 1) continue;
    const lines = wrap(words, options.maxWidth / size, width);
    if (lines.length <= allowed && lines.every((line) => width(line) <= options.maxWidth / size)) return { lines, size };
  }

  const size = Math.min(options.minSize, options.maxHeight / options.lineHeight);
  const limit = options.maxWidth / size;
  const lines = wrap(words, limit, width);
  const kept = lines.slice(0, Math.max(1, linesAt(size)));
  if (kept.length < lines.length) kept[kept.length - 1] = lines.slice(kept.length - 1).join(" ");
  return { lines: kept.map((line) => (width(line) <= limit ? line : ellipsize(line, limit, width))), size };
}

/** Greedy wrapping at word boundaries; a word wider than the limit gets a line of its own. */
function wrap(words: string[], limit: number, width: MeasureText): string[] {
  const lines: string[] = [];
  let current = "";
  for (const word of words) {
    const candidate = current ? `${current} ${word}` : word;
    if (current && width(candidate) > limit) {
      lines.push(current);
      current = word;
    } else {
      current = candidate;
    }
  }
  if (current) lines.push(current);
  return lines;
}

/** The longest start of `line` (whole letters, accents included) that fits with an ellipsis after it. */
function ellipsize(line: string, limit: number, width: MeasureText): string {
  const letters = Array.from(new Intl.Segmenter("en", { granularity: "grapheme" }).segment(line), (s) => s.segment);
  const withEllipsis = (count: number) => `${letters.slice(0, count).join("").trimEnd()}${ELLIPSIS}`;
  let low = 0;
  let high = letters.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (width(withEllipsis(middle)) <= limit) low = middle;
    else high = middle - 1;
  }
  return withEllipsis(low);
}
