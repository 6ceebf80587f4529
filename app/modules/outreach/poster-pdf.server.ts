import type { DbOrTx } from "~/db/client.server";
import { intlLocale, type Language } from "~/i18n/languages";
import { translator } from "~/i18n/translate.server";
import { readImage } from "~/modules/media/media.server";
import { formatEventHours } from "~/modules/settings/event-hours";
import { formatEventDate } from "~/modules/settings/event-time";
import { localizedSettings } from "~/modules/settings/localized-settings";
import { getSettings } from "~/modules/settings/settings.server";
import { qrMatrix } from "~/modules/tickets/qr.server";
import { printableText } from "~/print/fit-text";
import { loadPrintImage, PRINT_LOGO, type PrintImage } from "~/print/image.server";
import { qrRects } from "~/print/layout";
import { drawLines, READY_FONTS, readyFontDocument } from "~/print/ready-document.server";
import { spokenLink } from "./links.server";
import { POSTER_GREEN, POSTER_PAGE, type PosterTexts, posterLayout } from "./poster-layout";

// A source's poster as a one-page A4 PDF, drawn with the badges' toolkit and font (DejaVu Sans:
// Hausa letters print, and the text can be searched and copied): the words from the public
// catalogue in the poster's language, the organisers' texts (the summit's name, the venue, the
// organiser) cleaned for print, their logo, and the QR code as vector shapes, crisp at any
// printer resolution.

export type PosterInput = {
  eventName: string;
  /** ISO date, "2026-08-12" */
  eventDate: string;
  eventTime: string;
  venue: string;
  /** who organises the summit (Event Settings' organiser); "" prints no line */
  organiser: string;
  /** the organisers' logo, or null: the poster is whole without one */
  logo: PrintImage | null;
  language: Language;
  /** The source's short link, absolute: what the QR code says and the poster writes out. */
  link: string;
  /** the USSD code to register without data (USSD_CODE): said in the footer */
  ussdCode?: string;
};

/** The poster of one source in `language`, from today's Event Settings (the summit's name, date and venue in that language). */
export async function sourcePosterPdf(db: DbOrTx, poster: { link: string; language: Language; ussdCode?: string }): Promise<Buffer> {
  const settings = localizedSettings(await getSettings(db), poster.language);
  return renderPosterPdf({
    ...poster,
    eventName: settings.event_name,
    eventDate: settings.event_date,
    eventTime: formatEventHours(settings),
    venue: settings.venue,
    organiser: settings.organiser_name,
    logo: await loadPrintImage(settings.logo_url, (id, width) => readImage(db, id, width), PRINT_LOGO),
  });
}

function posterTexts(input: PosterInput): PosterTexts {
  const t = translator(input.language, "public");
  const locale = intlLocale(input.language);
  const organiser = printableText(input.organiser);
  return {
    kicker: t("poster.kicker").toLocaleUpperCase(locale),
    eventName: printableText(input.eventName),
    registerFree: t("poster.registerFree"),
    date: formatEventDate(input.eventDate, input.language, "full"),
    time: printableText(input.eventTime),
    venue: printableText(input.venue),
    scan: t("poster.scan"),
    link: spokenLink(input.link),
    organiser: organiser ? t("poster.organisedBy", { name: organiser }) : "",
    footer: t("poster.footer"),
    ussd: input.ussdCode ? t("poster.ussd", { code: input.ussdCode }) : "",
  };
}

export async function renderPosterPdf(input: PosterInput): Promise<Buffer> {
  const texts = posterTexts(input);
  const t = translator(input.language, "public");
  const { pdf, written } = readyFontDocument({
    size: [POSTER_PAGE.width, POSTER_PAGE.height],
    language: input.language,
    info: { Title: t("poster.documentTitle", { name: texts.eventName }), Author: texts.eventName, Creator: texts.eventName },
  });
  const layout = posterLayout(texts, input.logo, (text, font) => pdf.font(READY_FONTS[font]).fontSize(1).widthOfString(text));

  const { band, qr, rule, logo } = layout;
  if (input.logo && logo) pdf.image(input.logo.data, logo.x, logo.y, { width: logo.width, height: logo.height });
  pdf.roundedRect(band.x, band.y, band.width, band.height, 14).fill(POSTER_GREEN);
  for (const r of qrRects(qrMatrix(input.link, { bytes: true }), qr)) pdf.rect(r.x, r.y, r.width, r.height);
  pdf.fill("#000000");
  pdf.moveTo(rule.x1, rule.y).lineTo(rule.x2, rule.y).lineWidth(0.8).stroke(POSTER_GREEN);
  drawLines(pdf, layout.texts);
  pdf.end();
  return written;
}
