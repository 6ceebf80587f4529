import { fitText } from "~/print/fit-text";
import { type Box, LINE_HEIGHT, type PlacedLine, type PrintFont } from "~/print/layout";

// A source's printable poster, A4 portrait, in PDF points from the top left: the summit's name
// on a green band, "Register free" large, the date and venue, the QR code of the source's short
// link and the link written out under it, for a wall in one LGA or a notice board. Pure, so the
// geometry is tested without drawing; poster-pdf.server.ts draws what this computes. The texts
// come in already translated and cleaned.

export const POSTER_PAGE = { width: 595.28, height: 841.89 };

export const POSTER_GREEN = "#14532d";
const PALE = "#dcfce7";
const INK = "#111827";
const DARK_GREY = "#374151";
const GREY = "#4b5563";

export type PosterTexts = {
  kicker: string;
  eventName: string;
  registerFree: string;
  date: string;
  /** the event's time of day as organisers wrote it; "" prints no line */
  time: string;
  venue: string;
  scan: string;
  link: string;
  footer: string;
};

type Measure = (text: string, font: PrintFont) => number;
export type PosterLayout = { band: Box; texts: PlacedLine[]; qr: Box; rule: { x1: number; x2: number; y: number } };

type Style = { font: PrintFont; colour: string; maxSize: number; minSize: number; maxLines: number; tracking?: number };

const STYLES = {
  // Letter spacing stays under a tenth of the size: wider, viewers take the gaps for spaces.
  kicker: { font: "bold", colour: PALE, maxSize: 13, minSize: 8, maxLines: 1, tracking: 0.06 },
  eventName: { font: "bold", colour: "#ffffff", maxSize: 40, minSize: 18, maxLines: 2 },
  registerFree: { font: "bold", colour: POSTER_GREEN, maxSize: 58, minSize: 26, maxLines: 1 },
  date: { font: "bold", colour: INK, maxSize: 21, minSize: 11, maxLines: 2 },
  time: { font: "regular", colour: INK, maxSize: 17, minSize: 10, maxLines: 1 },
  venue: { font: "regular", colour: DARK_GREY, maxSize: 17, minSize: 10, maxLines: 2 },
  scan: { font: "regular", colour: GREY, maxSize: 13, minSize: 9, maxLines: 2 },
  link: { font: "bold", colour: POSTER_GREEN, maxSize: 30, minSize: 12, maxLines: 1, tracking: 0.02 },
  footer: { font: "regular", colour: GREY, maxSize: 11.5, minSize: 8, maxLines: 2 },
} satisfies Record<keyof PosterTexts, Style>;

// Everything stays inside what any printer prints (its outer 4–5 mm are lost).
const INSET = 24;
const MARGIN = 56;
const CONTENT_WIDTH = POSTER_PAGE.width - 2 * MARGIN;
const BAND_HEIGHT = 200;
const BAND_PADDING = 36;
const QR_SIDE = 256;

function fitStyle(text: string, style: Style, width: number, measure: Measure) {
  const tracking = style.tracking ?? 0;
  const width1 = (line: string) => measure(line, style.font) + tracking * Math.max(0, Array.from(line).length - 1);
  const maxHeight = style.maxLines * style.maxSize * LINE_HEIGHT;
  const fitted = fitText(
    text,
    { maxWidth: width, maxHeight, maxLines: style.maxLines, maxSize: style.maxSize, minSize: style.minSize, lineHeight: LINE_HEIGHT },
    width1,
  );
  return { ...fitted, style, height: fitted.lines.length * fitted.size * LINE_HEIGHT, width1 };
}

type Fitted = ReturnType<typeof fitStyle>;

/** `fitted`'s lines from `top` down, each centred on the page. */
function place(fitted: Fitted, top: number): PlacedLine[] {
  const centre = POSTER_PAGE.width / 2;
  return fitted.lines.map((text, i) => ({
    text,
    x: centre - (fitted.width1(text) * fitted.size) / 2,
    y: top + i * fitted.size * LINE_HEIGHT,
    size: fitted.size,
    font: fitted.style.font,
    colour: fitted.style.colour,
    spacing: (fitted.style.tracking ?? 0) * fitted.size,
  }));
}

export function posterLayout(texts: PosterTexts, measure: Measure): PosterLayout {
  const fitKey = (key: keyof PosterTexts, width = CONTENT_WIDTH) => fitStyle(texts[key], STYLES[key], width, measure);
  const band: Box = { x: INSET, y: INSET, width: POSTER_PAGE.width - 2 * INSET, height: BAND_HEIGHT };
  const placed: PlacedLine[] = [];

  // The band: the kicker over the summit's name, the two centred in it together.
  const kicker = fitKey("kicker", band.width - 2 * BAND_PADDING);
  const name = fitKey("eventName", band.width - 2 * BAND_PADDING);
  const bandGap = 10;
  let y = band.y + (band.height - kicker.height - bandGap - name.height) / 2;
  placed.push(...place(kicker, y));
  y += kicker.height + bandGap;
  placed.push(...place(name, y));

  // The footer at the bottom, over a rule; the middle centred in what is left between.
  const footer = fitKey("footer");
  const footerTop = POSTER_PAGE.height - INSET - 20 - footer.height;
  const rule = { x1: MARGIN, x2: POSTER_PAGE.width - MARGIN, y: footerTop - 14 };
  placed.push(...place(footer, footerTop));

  const registerFree = fitKey("registerFree");
  const date = fitKey("date");
  const time = fitKey("time");
  const venue = fitKey("venue");
  const scan = fitKey("scan");
  const link = fitKey("link");
  const gaps = { registerFree: 14, date: 2, time: 4, venue: 26, qr: 10, scan: 4 };
  const middle =
    registerFree.height +
    gaps.registerFree +
    date.height +
    gaps.date +
    time.height +
    gaps.time +
    venue.height +
    gaps.venue +
    QR_SIDE +
    gaps.qr +
    scan.height +
    gaps.scan +
    link.height;
  const top = band.y + band.height;
  y = top + Math.max(16, (rule.y - top - middle) / 2);
  placed.push(...place(registerFree, y));
  y += registerFree.height + gaps.registerFree;
  placed.push(...place(date, y));
  y += date.height + gaps.date;
  placed.push(...place(time, y));
  y += time.height + gaps.time;
  placed.push(...place(venue, y));
  y += venue.height + gaps.venue;
  const qr: Box = { x: (POSTER_PAGE.width - QR_SIDE) / 2, y, width: QR_SIDE, height: QR_SIDE };
  y += QR_SIDE + gaps.qr;
  placed.push(...place(scan, y));
  y += scan.height + gaps.scan;
  placed.push(...place(link, y));
  return { band, texts: placed, qr, rule };
}
