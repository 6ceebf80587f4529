import { fitText } from "~/print/fit-text";
import { type Box, containSize, type ImageSize, LINE_HEIGHT, type PrintFont } from "~/print/layout";

// The geometry of the name badges, in PDF points (1/72 in), origin at the top left of the
// page: the two page layouts, where each badge sits, the cut marks, and inside a badge the
// event band (the organisers' logo on a white card at its left, when there is one), the QR code
// and the boxes its texts are fitted into. Pure, so it is tested without drawing;
// badge-pdf.server.ts draws what this computes.

export const BADGE_LAYOUTS = ["sheet", "single"] as const;
export type BadgeLayout = (typeof BADGE_LAYOUTS)[number];

/** The two downloads the Event Operations screen offers, by layout. */
export const BADGE_DOWNLOADS: Record<BadgeLayout, { label: string; href: string }> = {
  sheet: { label: "Generate Badges (A4, 8 per page)", href: "/admin/operations/badges.pdf?layout=sheet" },
  single: { label: "Generate Badges (4 × 3 in, 1 per page)", href: "/admin/operations/badges.pdf?layout=single" },
};

const MM = 72 / 25.4;
const INCH = 72;

export type Segment = { x1: number; y1: number; x2: number; y2: number };

type PageSpec = { width: number; height: number; badgeWidth: number; badgeHeight: number; columns: number; rows: number };

export const PAGE_SPECS: Record<BadgeLayout, PageSpec> = {
  // For an ordinary printer and a paper cutter: A4 (Nigeria's paper size), 2 × 4 badges of
  // 90 × 65 mm. Close to a 4 × 3 in badge, it is the largest size that fits eight to a page
  // while leaving 15–18 mm of margin, so the cut marks print inside any printer's printable
  // area (most cannot print the outer 4–5 mm). The badges touch: one cut separates two.
  sheet: { width: 210 * MM, height: 297 * MM, badgeWidth: 90 * MM, badgeHeight: 65 * MM, columns: 2, rows: 4 },
  // For a badge printer: the page is the badge, 4 × 3 in landscape. 4 in is the print width of
  // the common desktop thermal label and badge printers, and 4 × 3 in the insert size of the
  // usual horizontal badge holders and die-cut badge stock.
  single: { width: 4 * INCH, height: 3 * INCH, badgeWidth: 4 * INCH, badgeHeight: 3 * INCH, columns: 1, rows: 1 },
};

/** Cut marks start this far outside the badges (a mark touching the cut would show on the badge) and are this long. */
const CUT_MARK_OFFSET = 3 * MM;
const CUT_MARK_LENGTH = 7 * MM;

export function badgesPerPage(layout: BadgeLayout): number {
  const spec = PAGE_SPECS[layout];
  return spec.columns * spec.rows;
}

function gridOrigin(spec: PageSpec): { x: number; y: number } {
  return { x: (spec.width - spec.columns * spec.badgeWidth) / 2, y: (spec.height - spec.rows * spec.badgeHeight) / 2 };
}

/** Where the `slot`-th badge of a page sits (row by row, from the top left). */
export function badgeBox(layout: BadgeLayout, slot: number): Box {
  const spec = PAGE_SPECS[layout];
  const origin = gridOrigin(spec);
  return {
    x: origin.x + (slot % spec.columns) * spec.badgeWidth,
    y: origin.y + Math.floor(slot / spec.columns) * spec.badgeHeight,
    width: spec.badgeWidth,
    height: spec.badgeHeight,
  };
}

/**
 * Crop marks in the page margin at both ends of every cut line, as a paper cutter needs
 * them; none for the single layout, whose page is the badge.
 */
export function cutMarks(layout: BadgeLayout): Segment[] {
  if (layout === "single") return [];
  const spec = PAGE_SPECS[layout];
  const { x: left, y: top } = gridOrigin(spec);
  const right = left + spec.columns * spec.badgeWidth;
  const bottom = top + spec.rows * spec.badgeHeight;
  const near = CUT_MARK_OFFSET;
  const far = CUT_MARK_OFFSET + CUT_MARK_LENGTH;
  const marks: Segment[] = [];
  for (let column = 0; column <= spec.columns; column++) {
    const x = left + column * spec.badgeWidth;
    marks.push({ x1: x, y1: top - far, x2: x, y2: top - near }, { x1: x, y1: bottom + near, x2: x, y2: bottom + far });
  }
  for (let row = 0; row <= spec.rows; row++) {
    const y = top + row * spec.badgeHeight;
    marks.push({ x1: left - far, y1: y, x2: left - near, y2: y }, { x1: right + near, y1: y, x2: right + far, y2: y });
  }
  return marks;
}

/**
 * The parts of one badge: the event band, the room in it for the event's name, the logo's white
 * card and the logo in it (null without a logo), the QR code (its quiet zone included), the
 * ticket ID under it, the texts' column.
 */
export type BadgeRegions = {
  band: Box;
  title: Box;
  logoCard: Box | null;
  logo: Box | null;
  qr: Box;
  ticketId: Box;
  text: Box;
  unit: number;
};

/**
 * The logo's room on its card, as shares of the badge's height: some 9 mm high on the sheet, so
 * a crest or a wordmark can be made out; a wide wordmark stops at about a third of the band's
 * width, leaving the event's name the rest.
 */
const LOGO_MAX = { width: 0.42, height: 0.14 };
/** With a logo the band is a little taller; the QR code, as wide as before, keeps its size. */
const BAND_HEIGHT = { withLogo: 0.2, withoutLogo: 0.16 };

/**
 * Proportional to the badge's height, so both sizes look alike. A padding of 6 % of the height
 * (4 mm on the sheet) keeps everything clear of a cut that is a little off.
 */
export function badgeRegions(box: Box, logo: ImageSize | null = null): BadgeRegions {
  const unit = box.height;
  const pad = 0.06 * unit;
  const inset = pad / 2;
  const fitted = logo && containSize(logo, { width: LOGO_MAX.width * unit, height: LOGO_MAX.height * unit });
  const logoSize = fitted && fitted.width > 0 ? fitted : null;
  const bandHeight = (logoSize ? BAND_HEIGHT.withLogo : BAND_HEIGHT.withoutLogo) * unit;
  const band = { x: box.x + inset, y: box.y + inset, width: box.width - 2 * inset, height: bandHeight };
  // The card at the band's left: as high as the band leaves, as wide as the logo needs.
  let logoCard: Box | null = null;
  let logoBox: Box | null = null;
  if (logoSize) {
    const cardInset = 0.02 * unit;
    logoCard = { x: band.x + cardInset, y: band.y + cardInset, width: logoSize.width + 2 * cardInset, height: band.height - 2 * cardInset };
    logoBox = { x: logoCard.x + cardInset, y: logoCard.y + (logoCard.height - logoSize.height) / 2, ...logoSize };
  }
  const titleLeft = logoCard ? logoCard.x + logoCard.width + 0.03 * unit : band.x + 0.04 * unit;
  const title = { x: titleLeft, y: band.y, width: band.x + band.width - 0.04 * unit - titleLeft, height: band.height };
  const top = band.y + band.height + 0.6 * pad;
  const bottom = box.y + box.height - pad;
  const ticketIdHeight = 0.055 * unit;
  const side = Math.min(bottom - top - ticketIdHeight, 0.38 * box.width);
  const qr = { x: box.x + box.width - pad - side, y: top, width: side, height: side };
  return {
    band,
    title,
    logoCard,
    logo: logoBox,
    qr,
    ticketId: { x: qr.x, y: qr.y + side, width: side, height: ticketIdHeight },
    // Up to the QR code's box: its quiet zone is the gap, and no text may enter it.
    text: { x: box.x + pad, y: top, width: qr.x - box.x - pad, height: bottom - top },
    unit,
  };
}

export type BadgeField = "event" | "name" | "organization" | "position" | "state" | "ticketId";
/** One line of text to draw: `y` is the top of its line box. */
export type TextLine = { field: BadgeField; text: string; x: number; y: number; size: number; font: PrintFont };
export type BadgeMeasure = (text: string, font: PrintFont) => number;

export type BadgeFields = { fullName: string; organization: string; position: string; state: string; ticketId: string };

/** Each text's font, its most lines, and its largest and smallest size as a share of the badge's height. */
const FIELD_STYLES: Record<BadgeField, { font: PrintFont; maxLines: number; maxSize: number; minSize: number }> = {
  event: { font: "bold", maxLines: 1, maxSize: 0.075, minSize: 0.04 },
  // Large to be read across a room; a third line only for a long name, at a smaller size.
  name: { font: "bold", maxLines: 3, maxSize: 0.12, minSize: 0.045 },
  organization: { font: "regular", maxLines: 2, maxSize: 0.06, minSize: 0.036 },
  position: { font: "regular", maxLines: 1, maxSize: 0.05, minSize: 0.036 },
  state: { font: "bold", maxLines: 1, maxSize: 0.065, minSize: 0.04 },
  ticketId: { font: "regular", maxLines: 1, maxSize: 0.04, minSize: 0.03 },
};

/**
 * Every text of a badge, fitted: the event's name centred in the band; the full name, the
 * organisation and the position from the top of the text column, the state at its foot; the
 * ticket ID centred under the QR code. Each field may take at most a share of the column's
 * height, and the shares add up to less than the whole, so together they never overflow it.
 */
export function badgeTextLines(fields: BadgeFields, eventName: string, regions: BadgeRegions, measure: BadgeMeasure): TextLine[] {
  const { band, title, text, ticketId, unit } = regions;
  const lines: TextLine[] = [];
  /** Fits `value` into `box` (at most `maxHeight` high), from `y` down; returns the height used. */
  const place = (field: BadgeField, value: string, box: Box, maxHeight: number, y: (height: number) => number, centre = false) => {
    const style = FIELD_STYLES[field];
    const fit = fitText(
      value,
      {
        maxWidth: box.width,
        maxHeight,
        maxLines: style.maxLines,
        maxSize: style.maxSize * unit,
        minSize: style.minSize * unit,
        lineHeight: LINE_HEIGHT,
      },
      (t) => measure(t, style.font),
    );
    const height = fit.lines.length * fit.size * LINE_HEIGHT;
    const top = y(height);
    fit.lines.forEach((line, i) => {
      const x = centre ? box.x + Math.max(0, (box.width - measure(line, style.font) * fit.size) / 2) : box.x;
      lines.push({ field, text: line, x, y: top + i * fit.size * LINE_HEIGHT, size: fit.size, font: style.font });
    });
    return height;
  };

  place("event", eventName, title, band.height * 0.7, (height) => band.y + (band.height - height) / 2, true);
  place("ticketId", fields.ticketId, ticketId, ticketId.height, () => ticketId.y, true);

  const gap = 0.03 * unit;
  const stateHeight = place("state", fields.state, text, 0.14 * text.height, (height) => text.y + text.height - height);
  // The fields above the state share what it leaves: 0.52 + 0.26 + 0.12, and a gap under 0.06 of it.
  const room = text.height - stateHeight - (stateHeight > 0 ? gap : 0);
  let y = text.y;
  const nameHeight = place("name", fields.fullName, text, 0.52 * room, () => y);
  y += nameHeight + (nameHeight > 0 ? gap : 0);
  y += place("organization", fields.organization, text, 0.26 * room, () => y);
  place("position", fields.position, text, 0.12 * room, () => y);
  return lines;
}
