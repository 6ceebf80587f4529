import { createHash } from "node:crypto";
import sharp from "sharp";
import { intlLocale, type Language } from "~/i18n/languages";
import { translator } from "~/i18n/translate.server";
import { logger } from "~/logger.server";
import { formatEventDate } from "~/modules/settings/event-time";
import { type QrMatrix, qrMatrix } from "~/modules/tickets/qr.server";
import { printableText as printable } from "~/print/fit-text";
import { type Box, type PrintFont, QR_QUIET_ZONE, qrRects } from "~/print/layout";
import { drawLines, READY_FONTS, readyFontDocument } from "~/print/ready-document.server";
import { formatCode } from "./certificate-code";
import { type CertificateTexts, certificateLayout, GREEN, PAGE } from "./certificate-layout";

// A person's certificate of attendance as a one-page PDF, drawn with the badges' toolkit and
// font (searchable text, Hausa letters included) as certificate-layout.ts lays it out. Made
// for thousands in a row (a few milliseconds each): the fonts are made ready once per process
// (badge-fonts.server.ts), the logo and the signature image converted once per file, and text
// widths remembered, each within a bound; no PDF is kept.

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
  /** The organisers' logo file (PNG, JPEG, WebP…), or null for none. */
  logo: Buffer | null;
  /** The signature image's file (PNG, JPEG, WebP…), printed above the line, or null for none. */
  signature: Buffer | null;
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
  const [logo, signature] = await Promise.all([
    input.logo ? printedImage(input.logo, LOGO_PIXELS, "logo") : null,
    // Without a signer there is no line to stand on: the image is not even read.
    input.signature && texts.signerName ? printedImage(input.signature, SIGNATURE_PIXELS, "signature") : null,
  ]);

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

type PrintedImage = { data: Buffer; width: number; height: number };
type Pixels = { width: number; height: number };

/**
 * The logo and the signature as they are printed: at most 4 pixels a point of their boxes (about
 * 290 dpi), on white (the page: nothing else is drawn under either box, so a transparent
 * signature prints the same), as a JPEG, which pdfkit embeds as it is. A PNG it reads byte by
 * byte for every document (and one with transparency it decodes, splits and compresses again),
 * and a large photo would make every certificate as large. At this resolution and quality, with
 * colour kept at full resolution, JPEG's artefacts are below what a printer shows.
 */
const LOGO_PIXELS: Pixels = { width: 760, height: 248 };
const SIGNATURE_PIXELS: Pixels = { width: 800, height: 200 };
/** A few images at most (the organisers change theirs rarely); the oldest is forgotten first. */
const IMAGE_CACHE_SIZE = 6;
const images = new Map<string, Promise<PrintedImage | null>>();

function printedImage(file: Buffer, pixels: Pixels, what: "logo" | "signature"): Promise<PrintedImage | null> {
  const key = `${pixels.width}x${pixels.height}:${createHash("sha256").update(file).digest("base64")}`;
  let image = images.get(key);
  if (!image) {
    image = convertImage(file, pixels, what);
    images.set(key, image);
    const oldest = images.keys().next().value;
    if (images.size > IMAGE_CACHE_SIZE && oldest !== undefined) images.delete(oldest);
  }
  return image;
}

async function convertImage(file: Buffer, pixels: Pixels, what: "logo" | "signature"): Promise<PrintedImage | null> {
  try {
    const image = sharp(file)
      .rotate()
      .resize({ ...pixels, fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .toColourspace("srgb");
    const { data, info } = await image.jpeg({ quality: 90, chromaSubsampling: "4:4:4" }).toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch (error) {
    // A broken file must not hold back everyone's certificates: they go out without it.
    logger().warn({ err: error }, `certificates without the ${what}: its file cannot be read as an image`);
    return null;
  }
}
