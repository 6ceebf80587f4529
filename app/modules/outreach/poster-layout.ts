import { fitText } from "~/print/fit-text";
import { type Box, containSize, type ImageSize, LINE_HEIGHT, type PlacedLine, type PrintFont } from "~/print/layout";

// A source's printable poster, A4 portrait, in PDF points from the top left: the organisers'
// logo at the top when they uploaded one, the summit's name on a green band, "Register free"
// large, the date and venue, the QR code of the source's short link and the link written out
// under it, and a footer saying who organises it and how to register without data, for a wall
// in one LGA or a notice board. Pure, so the geometry is tested without drawing;
// poster-pdf.server.ts draws what this computes. The texts come in already translated and cleaned.

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
  /** "Organised by …"; "" prints no line */
  organiser: string;
  footer: string;
  /** how to register without data (USSD); "" prints no line */
  ussd: string;
};

type Measure = (text: string, font: PrintFont) => number;
type Rule = { x1: number; x2: number; y: number };
export type PosterLayout = { logo: Box | null; band: Box; texts: PlacedLine[]; qr: Box; rule: Rule };

type Style = { font: PrintFont; colour: string; maxSize: number; minSize: number; maxLines: number; tracking?: number };

const STYLES = {
  // Letter spacing stays under a tenth of the size: wider, viewers take the gaps for spaces.
  kicker: { font: "bold", colour: PALE, maxSize: 13, minSize: 8, maxLines: 1, tracking: 0.06 },
  eventName: { font: "bold", colour: "#ffffff", maxSize: 38, minSize: 18, maxLines: 2 },
  registerFree: { font: "bold", colour: POSTER_GREEN, maxSize: 56, minSize: 26, maxLines: 1 },
  date: { font: "bold", colour: INK, maxSize: 21, minSize: 11, maxLines: 2 },
  time: { font: "regular", colour: INK, maxSize: 17, minSize: 10, maxLines: 1 },
  venue: { font: "regular", colour: DARK_GREY, maxSize: 17, minSize: 10, maxLines: 2 },
  scan: { font: "regular", colour: GREY, maxSize: 13, minSize: 9, maxLines: 2 },
  link: { font: "bold", colour: POSTER_GREEN, maxSize: 30, minSize: 12, maxLines: 1, tracking: 0.02 },
  organiser: { font: "bold", colour: POSTER_GREEN, maxSize: 15, minSize: 9, maxLines: 2 },
  footer: { font: "regular", colour: GREY, maxSize: 11.5, minSize: 8, maxLines: 2 },
  ussd: { font: "bold", colour: INK, maxSize: 13, minSize: 8, maxLines: 2 },
} satisfies Record<keyof PosterTexts, Style>;

// Everything stays inside what any printer prints (its outer 4–5 mm are lost).
const INSET = 24;
const MARGIN = 56;
const CONTENT_WIDTH = POSTER_PAGE.width - 2 * MARGIN;
/** The logo's room at the top: a wide logo takes the width, a tall or square one the height. */
const LOGO_MAX = { width: 260, height: 84 };
const BAND_PADDING = 36;
/** The band's least height: without a logo it is the poster's head, and taller. */
const BAND_MIN = { withLogo: 136, withoutLogo: 176 };
/** The QR code grows into the room the texts leave, between these (7 and 10.5 cm). */
const QR_SIDE = { min: 200, max: 300 };
const GAPS = { logo: 18, band: 18, registerFree: 10, date: 2, time: 4, venue: 18, qr: 8, scan: 4, rule: 14, organiser: 6, footer: 4 };
/**
 * Long texts everywhere leave too little room even at their smallest sizes: then every size
 * is scaled down by these steps until the page holds them all with the QR code at its least.
 */
const SMALLER = [0.9, 0.8, 0.7, 0.6, 0.5];

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

/** The poster's layout for `texts`, with the logo's box when there is a logo of this size. */
export function posterLayout(texts: PosterTexts, logo: ImageSize | null, measure: Measure): PosterLayout {
  let attempt = layoutAt(texts, logo, measure, 1);
  for (const scale of SMALLER) {
    if (attempt.fits) break;
    attempt = layoutAt(texts, logo, measure, scale);
  }
  return attempt.layout;
}

/** The layout with every text's sizes scaled by `scale`; `fits` when it leaves the QR code its least side. */
function layoutAt(texts: PosterTexts, logo: ImageSize | null, measure: Measure, scale: number) {
  const fitKey = (key: keyof PosterTexts, width = CONTENT_WIDTH) => {
    const style: Style = STYLES[key];
    return fitStyle(texts[key], { ...style, maxSize: style.maxSize * scale, minSize: style.minSize * scale }, width, measure);
  };
  const placed: PlacedLine[] = [];
  const centre = POSTER_PAGE.width / 2;

  // The logo at the top, centred, as large as its room allows in its own proportions.
  let logoBox: Box | null = null;
  let y = INSET;
  if (logo) {
    const size = containSize(logo, LOGO_MAX);
    if (size.width > 0) {
      logoBox = { x: centre - size.width / 2, y: INSET + 12, ...size };
      y = logoBox.y + logoBox.height + GAPS.logo;
    }
  }

  // The band: the kicker over the summit's name, the two centred in it together.
  const bandWidth = POSTER_PAGE.width - 2 * INSET;
  const kicker = fitKey("kicker", bandWidth - 2 * BAND_PADDING);
  const name = fitKey("eventName", bandWidth - 2 * BAND_PADDING);
  const bandGap = 10;
  const bandText = kicker.height + bandGap + name.height;
  const band: Box = { x: INSET, y, width: bandWidth, height: Math.max(logoBox ? BAND_MIN.withLogo : BAND_MIN.withoutLogo, bandText + 48) };
  y = band.y + (band.height - bandText) / 2;
  placed.push(...place(kicker, y));
  placed.push(...place(name, y + kicker.height + bandGap));

  // The footer at the bottom, over a rule: who organises it, how long it takes, the USSD line.
  const organiser = fitKey("organiser");
  const footer = fitKey("footer");
  const ussd = fitKey("ussd");
  const after = (fitted: Fitted, gap: number) => (fitted.height > 0 ? fitted.height + gap : 0);
  const footerHeight = after(organiser, GAPS.organiser) + after(footer, GAPS.footer) + ussd.height;
  let footerY = POSTER_PAGE.height - INSET - 16 - footerHeight;
  const rule = { x1: MARGIN, x2: POSTER_PAGE.width - MARGIN, y: footerY - GAPS.rule };
  for (const [fitted, gap] of [
    [organiser, GAPS.organiser],
    [footer, GAPS.footer],
    [ussd, 0],
  ] as const) {
    placed.push(...place(fitted, footerY));
    footerY += after(fitted, gap);
  }

  // The middle: the QR code takes what the texts leave, up to its most; what is left over
  // goes above "Register free", above the QR code and under the link alike.
  const registerFree = fitKey("registerFree");
  const date = fitKey("date");
  const time = fitKey("time");
  const venue = fitKey("venue");
  const scan = fitKey("scan");
  const link = fitKey("link");
  const textHeight =
    registerFree.height +
    GAPS.registerFree +
    date.height +
    GAPS.date +
    after(time, GAPS.time) +
    venue.height +
    GAPS.venue +
    GAPS.qr +
    scan.height +
    GAPS.scan +
    link.height;
  const top = band.y + band.height + GAPS.band;
  const room = rule.y - GAPS.band - top - textHeight;
  const side = Math.min(QR_SIDE.max, Math.max(QR_SIDE.min, room));
  const spare = Math.max(0, room - side) / 3;
  y = top + spare;
  placed.push(...place(registerFree, y));
  y += registerFree.height + GAPS.registerFree;
  placed.push(...place(date, y));
  y += date.height + GAPS.date;
  placed.push(...place(time, y));
  y += after(time, GAPS.time);
  placed.push(...place(venue, y));
  y += venue.height + GAPS.venue + spare;
  const qr: Box = { x: centre - side / 2, y, width: side, height: side };
  y += side + GAPS.qr;
  placed.push(...place(scan, y));
  y += scan.height + GAPS.scan;
  placed.push(...place(link, y));
  return { fits: room >= QR_SIDE.min, layout: { logo: logoBox, band, texts: placed, qr, rule } };
}
