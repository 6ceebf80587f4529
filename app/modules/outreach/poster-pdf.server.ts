import PDFDocument from "pdfkit";
import { intlLocale, type Language } from "~/i18n/languages";
import { translator } from "~/i18n/translate.server";
import { readyBadgeFonts } from "~/modules/badges/badge-fonts.server";
import { type BadgeFont, qrRects } from "~/modules/badges/badge-layout";
import { printableText } from "~/modules/badges/fit-text";
import { formatEventDate } from "~/modules/settings/event-time";
import { qrMatrix } from "~/modules/tickets/qr.server";
import { spokenLink } from "./links.server";
import { POSTER_GREEN, POSTER_PAGE, type PosterTexts, posterLayout } from "./poster-layout";

// A source's poster as a one-page A4 PDF, drawn with the badges' toolkit and font (DejaVu Sans:
// Hausa letters print, and the text can be searched and copied): the words from the public
// catalogue in the poster's language, the organisers' texts (the summit's name, the venue)
// cleaned for print, and the QR code as vector shapes, crisp at any printer resolution.

export type PosterInput = {
  eventName: string;
  /** ISO date, "2026-08-12" */
  eventDate: string;
  eventTime: string;
  venue: string;
  language: Language;
  /** The source's short link, absolute: what the QR code says and the poster writes out. */
  link: string;
};

const FONT_NAMES: Record<BadgeFont, string> = { regular: "poster-regular", bold: "poster-bold" };

function posterTexts(input: PosterInput): PosterTexts {
  const t = translator(input.language, "public");
  const locale = intlLocale(input.language);
  return {
    kicker: t("poster.kicker").toLocaleUpperCase(locale),
    eventName: printableText(input.eventName),
    registerFree: t("poster.registerFree"),
    date: formatEventDate(input.eventDate, input.language, "full"),
    time: printableText(input.eventTime),
    venue: printableText(input.venue),
    scan: t("poster.scan"),
    link: spokenLink(input.link),
    footer: t("poster.footer"),
  };
}

export async function renderPosterPdf(input: PosterInput): Promise<Buffer> {
  const texts = posterTexts(input);
  const t = translator(input.language, "public");
  const pdf = new PDFDocument({
    size: [POSTER_PAGE.width, POSTER_PAGE.height],
    margin: 0,
    // No default font: pdfkit would load Helvetica's metrics, to use none of it.
    font: "",
    lang: input.language,
    displayTitle: true,
    info: { Title: t("poster.documentTitle", { name: texts.eventName }), Author: texts.eventName, Creator: texts.eventName },
  });
  const chunks: Buffer[] = [];
  pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
  const written = new Promise<Buffer>((resolve, reject) => {
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });
  const fonts = readyBadgeFonts();
  // pdfkit takes a font already read as it takes its bytes; its types know only the bytes.
  for (const font of ["regular", "bold"] as const) pdf.registerFont(FONT_NAMES[font], fonts[font] as unknown as Buffer);
  const layout = posterLayout(texts, (text, font) => pdf.font(FONT_NAMES[font]).fontSize(1).widthOfString(text));

  const { band, qr, rule } = layout;
  pdf.roundedRect(band.x, band.y, band.width, band.height, 14).fill(POSTER_GREEN);
  for (const r of qrRects(qrMatrix(input.link, { bytes: true }), qr)) pdf.rect(r.x, r.y, r.width, r.height);
  pdf.fill("#000000");
  pdf.moveTo(rule.x1, rule.y).lineTo(rule.x2, rule.y).lineWidth(0.8).stroke(POSTER_GREEN);
  for (const line of layout.texts) {
    pdf
      .font(FONT_NAMES[line.font])
      .fontSize(line.size)
      .fillColor(line.colour)
      .text(line.text, line.x, line.y, { lineBreak: false, characterSpacing: line.spacing });
  }
  pdf.end();
  return written;
}
