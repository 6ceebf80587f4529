import PDFDocument from "pdfkit";
import { logger } from "~/logger.server";
import { qrMatrix } from "~/modules/tickets/qr.server";
import { signDoorCode } from "~/modules/tickets/ticket-token.server";
import { cleanText } from "~/print/fit-text";
import { badgeFontFiles } from "~/print/fonts.server";
import type { PrintImage } from "~/print/image.server";
import { LINE_HEIGHT, qrRects } from "~/print/layout";
import { BRAND } from "~/ui/brand";
import {
  type BadgeField,
  type BadgeLayout,
  type BadgeMeasure,
  badgeBox,
  badgeRegions,
  badgesPerPage,
  badgeTextLines,
  cutMarks,
  PAGE_SPECS,
} from "./badge-layout";

// Draws the badges with pdfkit, page by page, as badge-layout.ts lays them out. pdfkit writes
// a page out when the next one starts; what it has written waits in the document (a
// Readable) until badges.server.ts reads it. The organisers' logo is embedded once and drawn
// on every badge by reference, so it adds its bytes to the file once, not per badge.

export type BadgeAttendee = { full_name: string; organization: string; position: string; state: string; ticket_id: string };

// The admin's greens (app.css brand-800 / brand-700) and greys; the QR code is pure black.
const BAND = BRAND[800];
const COLOURS: Record<BadgeField, string> = {
  event: "#ffffff",
  name: "#111827",
  organization: "#111827",
  position: "#4b5563",
  state: BRAND[700],
  ticketId: "#4b5563",
};
const CUT_MARK_WIDTH = 0.5;

export type BadgeDocument = {
  /** The PDF as it is written (pdfkit's document is a Readable). */
  pdf: PDFKit.PDFDocument;
  add: (attendee: BadgeAttendee) => void;
  /** Ends the document (with a page saying so when no badge was added); the rest of the PDF is then readable. */
  end: () => void;
};

export function createBadgeDocument({
  layout,
  eventName,
  secret,
  logo = null,
}: {
  layout: BadgeLayout;
  eventName: string;
  secret: string;
  /** the organisers' logo, or null: the badges are whole without one */
  logo?: PrintImage | null;
}): BadgeDocument {
  const fonts = badgeFontFiles();
  const event = cleanText(eventName);
  const pdf = new PDFDocument({
    autoFirstPage: false,
    font: fonts.regular,
    // pdfkit otherwise keeps the layout of every distinct word until the document ends, which
    // grows with the list; laying a word out again is not slower in practice (bench/badges.ts).
    fontLayoutCache: false,
    lang: "en",
    displayTitle: true,
    info: { Title: `${event}: name badges`, Creator: event },
  });
  const measure: BadgeMeasure = (text, font) => pdf.font(fonts[font]).fontSize(1).widthOfString(text);
  const spec = PAGE_SPECS[layout];
  const perPage = badgesPerPage(layout);
  // pdfkit keeps an image given by a string under that string: the same XObject on every page.
  const logoSource = logo ? `data:image/jpeg;base64,${logo.data.toString("base64")}` : null;
  let count = 0;

  const newPage = () => {
    const previous = pdf.page;
    pdf.addPage({ size: [spec.width, spec.height], margin: 0 });
    if (previous) releaseWrittenPage(previous);
  };

  const drawCutMarks = () => {
    const marks = cutMarks(layout);
    if (marks.length === 0) return;
    for (const mark of marks) pdf.moveTo(mark.x1, mark.y1).lineTo(mark.x2, mark.y2);
    pdf.lineWidth(CUT_MARK_WIDTH).strokeColor("#000000").stroke();
  };

  const drawText = (lines: ReturnType<typeof badgeTextLines>) => {
    for (const line of lines) {
      pdf.font(fonts[line.font]).fontSize(line.size).fillColor(COLOURS[line.field]).text(line.text, line.x, line.y, { lineBreak: false });
    }
  };

  return {
    pdf,
    add(attendee) {
      const slot = count % perPage;
      if (slot === 0) {
        newPage();
        drawCutMarks();
      }
      count++;
      const regions = badgeRegions(badgeBox(layout, slot), logo);
      pdf.roundedRect(regions.band.x, regions.band.y, regions.band.width, regions.band.height, 0.03 * regions.unit).fill(BAND);
      if (logoSource && regions.logoCard && regions.logo) {
        // On a white card: a logo made for white paper would vanish on the green.
        const card = regions.logoCard;
        pdf.roundedRect(card.x, card.y, card.width, card.height, 0.02 * regions.unit).fill("#ffffff");
        pdf.image(logoSource, regions.logo.x, regions.logo.y, { width: regions.logo.width, height: regions.logo.height });
      }
      const token = ticketToken(attendee.ticket_id, secret);
      if (token) {
        for (const r of qrRects(qrMatrix(token), regions.qr)) pdf.rect(r.x, r.y, r.width, r.height);
        pdf.fill("#000000");
      }
      const fields = {
        fullName: attendee.full_name,
        organization: attendee.organization,
        position: attendee.position,
        state: attendee.state,
        ticketId: attendee.ticket_id,
      };
      drawText(badgeTextLines(fields, event, regions, measure));
    },
    end() {
      if (count === 0) {
        newPage();
        drawText(emptyPageLines(layout, measure));
      }
      pdf.end();
    },
  };
}

/** The door code, as on the ticket e-mail's QR code and ticket page: a photographed badge opens nothing but the door. */
function ticketToken(ticketId: string, secret: string): string | null {
  try {
    return signDoorCode(ticketId, secret);
  } catch {
    // An imported ID outside the signed format: the badge shows the ID, which the door can type.
    logger().warn({ ticketId }, "badge without a QR code: the ticket ID is not in the signed format");
    return null;
  }
}

/** A clear page instead of an empty document when nobody has registered yet. */
function emptyPageLines(layout: BadgeLayout, measure: BadgeMeasure): ReturnType<typeof badgeTextLines> {
  const spec = PAGE_SPECS[layout];
  const size = Math.min(spec.width, spec.height) * 0.08;
  const texts = [
    { text: "No attendees yet", font: "bold" as const, size },
    { text: "Badges appear here once people register.", font: "regular" as const, size: size * 0.5 },
  ];
  let y = spec.height / 2 - size * LINE_HEIGHT;
  return texts.map(({ text, font, size: s }) => {
    const line = { field: "name" as const, text, x: (spec.width - measure(text, font) * s) / 2, y, size: s, font };
    y += s * LINE_HEIGHT * 1.2;
    return line;
  });
}

/**
 * pdfkit keeps every written page's dictionary, and through it the page's resources and
 * content objects, reachable from the page tree until the document ends, only to print
 * "12 0 R" in the tree: about 1 KB a page, 10 MB for 10,000 one-badge pages. Once a page is
 * written (pdfkit writes it when the next page starts) its objects are never read again, so
 * their data is dropped; the reference, all the page tree needs, stays.
 */
function releaseWrittenPage(page: PDFKit.PDFPage): void {
  (page.dictionary as { data: unknown }).data = {};
}
