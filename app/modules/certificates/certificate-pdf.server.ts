import { intlLocale, type Language } from "~/i18n/languages";
import { translator } from "~/i18n/translate.server";
import { formatEventDate } from "~/modules/settings/event-time";
import { type QrMatrix, qrMatrix } from "~/modules/tickets/qr.server";
import { printableText as printable } from "~/print/fit-text";
import type { PrintImage } from "~/print/image.server";
import { type Box, type PrintFont, QR_QUIET_ZONE, qrRects } from "~/print/layout";
import { drawLines, READY_FONTS, readyFontDocument } from "~/print/ready-document.server";
import { formatCode } from "./certificate-code";
import { type CertificateTexts, certificateLayout, GREEN, PAGE } from "./certificate-layout";

// A person's certificate of attendance as a one-page PDF, drawn with the badges' toolkit and
// font (searchable text, Hausa letters included) as certificate-layout.ts lays it out. Made
// for thousands in a row (a few milliseconds each): the fonts are made ready once per process
// (badge-fonts.server.ts), the logo and the signature image come ready to print (the print kit's
// image.server.ts, converted once per file), and text widths are remembered within a bound; no
// PDF is kept.

export type CertificatePdfInput = {
  fullName: string;
  eventName: string;
  /** ISO date, "2026-08-12". */
  eventDate: string;
  venue: string;
  language: Language;
  /** "" prints no signature line at all (nor the signature image). */
  signerName: string;
  /** In the certificate's language already (certificate-drawing.server.ts). */
  signerTitle: string;
  /** The organisers' logo ready to print (certificate-drawing.server.ts), or null for none. */
  logo: PrintImage | null;
  /** The signature image ready to print, above the line, or null for none. */
  signature: PrintImage | null;
  /** The 16 characters, unformatted. */
  code: string;
  /** The verification page's absolute URL: what the QR code says. */
  verifyUrl: string;
};

/**
 * Widths at size 1 measured while fitting texts, kept across documents: fitting tries many
 * sizes and line breaks, and every certificate of an event fits the same fixed texts. Bounded,
 * then started again, like the fonts' remembered layouts.
 */
const REMEMBERED_WIDTHS = 5000;
const widths = new Map<string, number>();

export async function renderCertificatePdf(input: CertificatePdfInput): Promise<Buffer> {
  const t = translator(input.language, "mail");
  const locale = intlLocale(input.language);
  const name = printable(input.fullName);
  const event = printable(input.eventName);
  const texts: CertificateTexts = {
    title: t("certificate.pdf.title").toLocaleUpperCase(locale),
    intro: t("certificate.pdf.intro"),
    name,
    attended: t("certificate.pdf.attended"),
    event,
    heldOn: t("certificate.pdf.heldOn", { date: formatEventDate(input.eventDate, input.language, "long"), venue: printable(input.venue) }),
    signerName: printable(input.signerName),
    signerTitle: printable(input.signerTitle),
    codeLabel: t("certificate.pdf.code").toLocaleUpperCase(locale),
    code: formatCode(input.code),
    verifyLine: t("certificate.pdf.verifyAt", { url: printable(input.verifyUrl) }),
  };
  const logo = input.logo;
  // Without a signer there is no line to stand on.
  const signature = texts.signerName ? input.signature : null;

  const { pdf, written } = readyFontDocument({
    size: [PAGE.width, PAGE.height],
    language: input.language,
    info: { Title: t("certificate.pdf.documentTitle", { name, event }), Author: event, Creator: event },
  });
  const measure = (text: string, font: PrintFont) => {
    const key = `${font}:${text}`;
    let width = widths.get(key);
    if (width === undefined) {
      width = pdf.font(READY_FONTS[font]).fontSize(1).widthOfString(text);
      if (widths.size >= REMEMBERED_WIDTHS) widths.clear();
      widths.set(key, width);
    }
    return width;
  };
  const layout = certificateLayout(texts, { logo, signature }, measure);

  for (const frame of layout.frames) pdf.rect(frame.x, frame.y, frame.width, frame.height).lineWidth(frame.line).stroke(GREEN);
  for (const d of layout.diamonds) {
    const [cx, cy] = [d.x + d.width / 2, d.y + d.height / 2];
    pdf.polygon([cx, d.y], [d.x + d.width, cy], [cx, d.y + d.height], [d.x, cy]);
  }
  pdf.fill(GREEN);
  for (const s of layout.strokes) pdf.moveTo(s.x1, s.y1).lineTo(s.x2, s.y2).lineWidth(s.width).stroke(s.colour);
  for (const [image, box] of [
    [logo, layout.logo],
    [signature, layout.signature],
  ] as const) {
    if (image && box) pdf.image(image.data, box.x, box.y, { width: box.width, height: box.height });
  }
  drawQr(pdf, qrMatrix(input.verifyUrl, { bytes: true }), layout.qr);
  drawLines(pdf, layout.texts);
  pdf.end();
  return written;
}

/**
 * The QR code in its box, drawn in modules (a unit square each, scaled to the box), so each of
 * its few hundred rectangles is written with small whole numbers: a third of the bytes to
 * write and compress of coordinates in points.
 */
function drawQr(pdf: PDFKit.PDFDocument, matrix: QrMatrix, box: Box): void {
  const modules = matrix.size + 2 * QR_QUIET_ZONE;
  pdf
    .save()
    .translate(box.x, box.y)
    .scale(box.width / modules);
  for (const r of qrRects(matrix, { x: 0, y: 0, width: modules, height: modules })) pdf.rect(r.x, r.y, r.width, r.height);
  pdf.fill("#000000").restore();
}
