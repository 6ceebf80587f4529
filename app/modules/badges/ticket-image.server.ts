import sharp from "sharp";
import { qrPng } from "~/modules/tickets/qr.server";
import { cleanText, fitText } from "~/print/fit-text";
import { textPath, textWidth } from "~/print/glyph-paths.server";
import type { PrintFont } from "~/print/layout";
import { BRAND } from "~/ui/brand";
import { escapeText } from "~/ui/escape-html";

// "Save ticket": the ticket as one PNG a phone keeps in its gallery and shows at the door with
// no signal, drawn on the server so it works on any phone without JavaScript (ADR 015). Text
// is drawn as outlines of the badge fonts (glyph-paths.server.ts), so Hausa names look right
// whatever fonts the server has; the QR code is the ticket page's own (the door code).

export type TicketImageFacts = {
  eventName: string;
  fullName: string;
  ticketId: string;
  date: string;
  time: string;
  venue: string;
  /** What the QR code carries: the ticket's door code. */
  doorCode: string;
};

/** The image's words in the holder's language (the ticket page's own texts). */
export type TicketImageLabels = {
  admission: string;
  name: string;
  ticketId: string;
  date: string;
  time: string;
  venue: string;
  showAtDoor: string;
};

const WIDTH = 1080;
const MARGIN = 64;
const INNER = WIDTH - 2 * MARGIN;
const QR_SIZE = 640;
const LINE_HEIGHT = 1.25;
// The site's greens (app.css brand-100 / 700 / 800) and Tailwind's greys, as on the ticket page.
const COLOUR = {
  band: BRAND[700],
  bandLabel: BRAND[100],
  white: "#ffffff",
  text: "#111827",
  label: "#6b7280",
  id: BRAND[800],
  rule: "#d1d5db",
};

type Fitted = { lines: string[]; size: number };
type Drawn = { svg: string[]; missing: Set<string> };

function fitLines(text: string, font: PrintFont, maxWidth: number, maxLines: number, maxSize: number, minSize: number): Fitted {
  return fitText(
    text,
    { maxWidth, maxHeight: maxLines * maxSize * LINE_HEIGHT, maxLines, maxSize, minSize, lineHeight: LINE_HEIGHT },
    (line) => textWidth(line, font),
  );
}

/** Draws fitted lines from `top` (the first line's box top); returns the y below the last line. */
function drawLines(out: Drawn, fitted: Fitted, font: PrintFont, colour: string, x: number, top: number, align: "left" | "center"): number {
  let y = top;
  for (const line of fitted.lines) {
    const left = align === "center" ? (WIDTH - textWidth(line, font) * fitted.size) / 2 : x;
    // DejaVu's capitals and accents reach about 0.93 of the size above the baseline: the line's top is clear.
    const { d, missing } = textPath(line, font, fitted.size, left, y + fitted.size * 0.95);
    for (const letter of missing) out.missing.add(letter);
    out.svg.push(`<path fill="${colour}" d="${d}"/>`);
    y += fitted.size * LINE_HEIGHT;
  }
  return y;
}

/** The ticket's drawing (without the QR code's pixels) and where the QR code goes. */
export function ticketImageLayout(facts: TicketImageFacts, labels: TicketImageLabels) {
  const out: Drawn = { svg: [], missing: new Set() };
  // The coloured band: what the ticket admits to.
  let y = 56;
  y = drawLines(out, fitLines(labels.admission.toUpperCase(), "bold", INNER, 1, 30, 22), "bold", COLOUR.bandLabel, MARGIN, y, "center");
  y = drawLines(out, fitLines(facts.eventName, "bold", INNER, 3, 64, 36), "bold", COLOUR.white, MARGIN, y + 8, "center");
  const band = y + 48;

  // Who, which ticket, when and where.
  y = band + 56;
  const field = (label: string, value: string, font: PrintFont, colour: string, size: number, lines: number) => {
    y = drawLines(out, fitLines(label.toUpperCase(), "regular", INNER, 1, 28, 20), "regular", COLOUR.label, MARGIN, y, "left");
    y = drawLines(out, fitLines(value, font, INNER, lines, size, size * 0.6), font, colour, MARGIN, y + 4, "left");
    y += 36;
  };
  field(labels.name, facts.fullName, "bold", COLOUR.text, 60, 2);
  field(labels.ticketId, facts.ticketId, "bold", COLOUR.id, 60, 1);
  const labelWidth = Math.max(...[labels.date, labels.time, labels.venue].map((label) => textWidth(label, "regular") * 32)) + 32;
  for (const [label, value] of [
    [labels.date, facts.date],
    [labels.time, facts.time],
    [labels.venue, facts.venue],
  ] as const) {
    drawLines(out, fitLines(label, "regular", labelWidth, 1, 32, 24), "regular", COLOUR.label, MARGIN, y, "left");
    y = drawLines(out, fitLines(value, "bold", INNER - labelWidth, 3, 34, 24), "bold", COLOUR.text, MARGIN + labelWidth, y, "left") + 14;
  }

  // The tear-off line, then the QR code and how to use it.
  y += 30;
  out.svg.push(
    `<line x1="${MARGIN}" y1="${y}" x2="${WIDTH - MARGIN}" y2="${y}" stroke="${COLOUR.rule}" stroke-width="4" stroke-dasharray="16 12"/>`,
  );
  const qr = { left: (WIDTH - QR_SIZE) / 2, top: y + 40, size: QR_SIZE };
  y = drawLines(
    out,
    fitLines(labels.showAtDoor, "regular", INNER, 2, 32, 24),
    "regular",
    COLOUR.label,
    MARGIN,
    qr.top + QR_SIZE + 24,
    "center",
  );
  const height = Math.ceil(y + 56);

  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}">`,
    `<rect width="${WIDTH}" height="${height}" fill="${COLOUR.white}"/>`,
    `<rect width="${WIDTH}" height="${band}" fill="${COLOUR.band}"/>`,
    ...out.svg,
    "</svg>",
  ].join("");
  return { svg, width: WIDTH, height, qr, missing: [...out.missing] };
}

/** The saved ticket: a PNG, about 1080 px wide, with a title and description for photo galleries. */
export async function ticketPng(facts: TicketImageFacts, labels: TicketImageLabels): Promise<Buffer> {
  const layout = ticketImageLayout(facts, labels);
  const qr = await qrPng(facts.doorCode, { size: layout.qr.size });
  return (
    sharp(Buffer.from(layout.svg))
      .composite([{ input: qr, left: Math.round(layout.qr.left), top: Math.round(layout.qr.top) }])
      .withXmp(xmpOf(facts))
      // A few greens and greys with their antialiasing: a palette keeps the file small for a slow connection.
      .png({ palette: true, colours: 64, compressionLevel: 9, effort: 4 })
      .toBuffer()
  );
}

/** The picture's title (event and ticket ID) and description (the holder), as a gallery shows them. */
function xmpOf(facts: TicketImageFacts): string {
  const alt = (text: string) => `<rdf:Alt><rdf:li xml:lang="x-default">${escapeText(cleanText(text))}</rdf:li></rdf:Alt>`;
  return [
    '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
    '<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    `<dc:title>${alt(`${facts.eventName} — ${facts.ticketId}`)}</dc:title>`,
    `<dc:description>${alt(`${facts.fullName} · ${facts.ticketId} · ${facts.date} · ${facts.venue}`)}</dc:description>`,
    "</rdf:Description></rdf:RDF></x:xmpmeta>",
  ].join("");
}
