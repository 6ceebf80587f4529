import { SHARE_IMAGE_SIZE } from "~/modules/media/upload-rules";
import { cleanText, fitText } from "~/print/fit-text";
import { missingLetters, textOutline, textWidth } from "~/print/glyph-paths.server";
import type { PrintFont } from "~/print/layout";
import { ACCENT, BRAND } from "~/ui/brand";

// The picture a shared link shows (WhatsApp, Facebook, X, Telegram): 1200 × 630, the size every
// one of them shows whole. Drawn as an SVG whose words are outlines of the badges' DejaVu Sans
// (glyph-paths.server.ts): an SVG <text> would use whatever fonts the server has, often none
// with ƙ ɗ ɓ ƴ. The site's greens and yellow, the event's name large, when and where, "Free
// registration", and the organisers' logo on a white card when they uploaded one.

/** What the picture says, already in the page's language. */
export type ShareImageTexts = {
  eventName: string;
  /** "Tuesday, 12 August 2025" */
  date: string;
  /** "8:00 AM - 5:00 PM" */
  time: string;
  venue: string;
  organiser: string;
  /** "Free registration" */
  free: string;
  /** the site's address without its scheme: "summit.example.org" */
  host: string;
};

/** Where the logo goes: its box in the picture, already fitted to the logo's proportions. */
export type LogoPlace = { left: number; top: number; width: number; height: number };

const { width: WIDTH, height: HEIGHT } = SHARE_IMAGE_SIZE;
const MARGIN = 80;
const LINE_HEIGHT = 1.14;
// app.css: brand-900 / 800 / 700, brand-50 / 100, accent-400. The hero's gradient, darkest top left.
const COLOUR = {
  dark: BRAND[900],
  mid: BRAND[800],
  green: BRAND[700],
  text: "#ffffff",
  soft: BRAND[50],
  faint: BRAND[100],
  accent: ACCENT[400],
};
// The logo's white card: at most this square, the logo inside with PAD around it.
const CARD = { width: 300, maxHeight: 300, pad: 40, right: WIDTH - MARGIN + 8, radius: 28 };
const ICON = 30;

type Fitted = { lines: string[]; size: number };

/** `text` without the letters DejaVu cannot draw (an emoji, a CJK letter), which would show as empty boxes. */
function drawableText(text: string, font: PrintFont): string {
  const clean = cleanText(text);
  const missing = missingLetters(clean, font);
  if (missing.length === 0) return clean;
  const gone = new Set(missing);
  return cleanText([...clean].filter((letter) => !gone.has(letter)).join(""));
}

function fitted(text: string, font: PrintFont, maxWidth: number, maxLines: number, maxSize: number, minSize: number): Fitted {
  return fitText(
    drawableText(text, font),
    { maxWidth, maxHeight: maxLines * maxSize * LINE_HEIGHT, maxLines, maxSize, minSize, lineHeight: LINE_HEIGHT },
    (line) => textWidth(line, font),
  );
}

/** On one line if it fits at 24 px or larger, else wrapped onto two: "… 5:00" and a lone "PM" look broken. */
function fitFact(text: string, maxWidth: number): Fitted {
  const one = fitted(text, "regular", maxWidth, 1, 30, 24);
  return one.lines[0] === drawableText(text, "regular") ? one : fitted(text, "regular", maxWidth, 2, 28, 22);
}

const heightOf = (fitted: Fitted) => fitted.lines.length * fitted.size * LINE_HEIGHT;

/** Fitted lines from `top` (the first line's box top); the path element. */
function linesSvg(fitted: Fitted, font: PrintFont, colour: string, left: number, top: number): string {
  const d = fitted.lines
    // DejaVu's capitals and accents reach about 0.93 of the size above the baseline.
    .map((line, i) => textOutline(line, font, fitted.size, left, top + i * fitted.size * LINE_HEIGHT + fitted.size * 0.95))
    .join("");
  return d ? `<path fill="${colour}" d="${d}"/>` : "";
}

// The site's line icons (ui/icons.tsx), 24 units square, stroked in the accent colour.
const CALENDAR = '<rect x="3" y="4" width="18" height="18" rx="2"/><path d="M16 2v4M8 2v4M3 10h18"/>';
const PIN = '<path d="M20 10c0 6-8 12-8 12s-8-6-8-12a8 8 0 0 1 16 0Z"/><circle cx="12" cy="10" r="3"/>';

/** A line icon beside a line of text whose box starts at `top`: centred on the letters' middle. */
function iconSvg(shape: string, left: number, top: number, size: number): string {
  const middle = top + size * 0.95 - size * 0.36;
  const scale = ICON / 24;
  return `<g transform="translate(${left} ${(middle - ICON / 2).toFixed(1)}) scale(${scale})" fill="none" stroke="${COLOUR.accent}" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${shape}</g>`;
}

/** The logo's place on the right for a logo of this size, or undefined without one. */
export function logoPlace(logo: { width: number; height: number } | undefined): LogoPlace | undefined {
  if (!logo || logo.width <= 0 || logo.height <= 0) return undefined;
  const inner = { width: CARD.width - 2 * CARD.pad, height: CARD.maxHeight - 2 * CARD.pad };
  const scale = Math.min(inner.width / logo.width, inner.height / logo.height);
  const width = Math.max(1, Math.round(logo.width * scale));
  const height = Math.max(1, Math.round(logo.height * scale));
  const cardLeft = CARD.right - CARD.width;
  return { left: Math.round(cardLeft + (CARD.width - width) / 2), top: Math.round((HEIGHT - height) / 2), width, height };
}

/**
 * The picture as an SVG (the logo's pixels are laid on it afterwards, at `logo`), and the
 * letters that could not be drawn (left out rather than shown as boxes).
 */
export function shareImageSvg(texts: ShareImageTexts, logo?: LogoPlace): { svg: string; missing: string[] } {
  const right = logo ? CARD.right - CARD.width - 56 : WIDTH - MARGIN;
  const column = right - MARGIN;
  const missing = new Set<string>();
  for (const [text, font] of [
    [texts.eventName, "bold"],
    [texts.venue, "regular"],
    [texts.organiser, "bold"],
  ] as const) {
    for (const letter of missingLetters(cleanText(text), font)) missing.add(letter);
  }

  const tagline = fitted(texts.organiser.toUpperCase(), "bold", column, 1, 22, 16);
  const title = fitted(texts.eventName, "bold", column, 3, 74, 40);
  const when = fitFact([texts.date, texts.time].filter(Boolean).join(" · "), column - ICON - 16);
  const where = fitFact(texts.venue, column - ICON - 16);
  const free = fitted(texts.free, "bold", column * 0.7, 1, 28, 20);
  const host = fitted(texts.host, "regular", Math.max(0, column - textWidth(free.lines[0] ?? "", "bold") * free.size - 88), 1, 24, 16);
  const pill = { height: 64, width: Math.round(textWidth(free.lines[0] ?? "", "bold") * free.size + 64) };

  const gaps = { tagline: 20, title: 30, facts: 12, pill: 40 };
  const blockHeight =
    (tagline.lines.length ? heightOf(tagline) + gaps.tagline : 0) +
    heightOf(title) +
    gaps.title +
    heightOf(when) +
    gaps.facts +
    heightOf(where) +
    gaps.pill +
    pill.height;
  let y = Math.max(48, Math.round((HEIGHT - blockHeight) / 2));

  const parts: string[] = [];
  if (tagline.lines.length) {
    parts.push(linesSvg(tagline, "bold", COLOUR.accent, MARGIN, y));
    y += heightOf(tagline) + gaps.tagline;
  }
  parts.push(linesSvg(title, "bold", COLOUR.text, MARGIN, y));
  y += heightOf(title) + gaps.title;
  const factLeft = MARGIN + ICON + 16;
  parts.push(iconSvg(CALENDAR, MARGIN, y, when.size), linesSvg(when, "regular", COLOUR.soft, factLeft, y));
  y += heightOf(when) + gaps.facts;
  parts.push(iconSvg(PIN, MARGIN, y, where.size), linesSvg(where, "regular", COLOUR.soft, factLeft, y));
  y += heightOf(where) + gaps.pill;
  // "Free registration" on the site's yellow button, the address beside it.
  parts.push(
    `<rect x="${MARGIN}" y="${y}" width="${pill.width}" height="${pill.height}" rx="${pill.height / 2}" fill="${COLOUR.accent}"/>`,
  );
  // Capitals are about 0.73 of the size high: the words sit in the middle of the button.
  const baseline = (size: number) => y + (pill.height + size * 0.73) / 2;
  parts.push(linesSvg(free, "bold", COLOUR.dark, MARGIN + 32, baseline(free.size) - free.size * 0.95));
  parts.push(linesSvg(host, "regular", COLOUR.faint, MARGIN + pill.width + 24, baseline(host.size) - host.size * 0.95));

  const card = logo
    ? `<rect x="${CARD.right - CARD.width}" y="${logo.top - CARD.pad}" width="${CARD.width}" height="${logo.height + 2 * CARD.pad}" rx="${CARD.radius}" fill="#ffffff"/>`
    : "";
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">`,
    '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">',
    `<stop offset="0" stop-color="${COLOUR.dark}"/><stop offset="0.55" stop-color="${COLOUR.mid}"/><stop offset="1" stop-color="${COLOUR.green}"/>`,
    "</linearGradient></defs>",
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#g)"/>`,
    // Two faint rings, as on the site's hero: depth without a photograph.
    `<circle cx="${WIDTH - 40}" cy="${HEIGHT + 10}" r="300" fill="#ffffff" fill-opacity="0.05"/>`,
    `<circle cx="${WIDTH - 10}" cy="-30" r="170" fill="#ffffff" fill-opacity="0.04"/>`,
    `<rect x="0" y="${HEIGHT - 10}" width="${WIDTH}" height="10" fill="${COLOUR.accent}"/>`,
    card,
    ...parts,
    "</svg>",
  ].join("");
  return { svg, missing: [...missing] };
}
