import type { DbOrTx } from "~/db/client.server";
import { type Language, languageOr } from "~/i18n/languages";
import { translator } from "~/i18n/translate.server";
import { drawnOnce } from "~/limits/drawn-once.server";
import { linkLimit } from "~/limits/link-limit.server";
import { DrawingQueueFull, drawInPool } from "~/modules/badges/drawing-pool.server";
import { localizedSettings } from "~/modules/settings/localized-settings";
import { getSettings } from "~/modules/settings/settings.server";
import { selfServiceRegistration } from "~/modules/tickets/self-service.server";
import type { TicketLinkKeys } from "~/modules/tickets/ticket-link.server";
import type { DrawnFile, PictureRefused } from "~/ui/private-page";
import { formatCode } from "./certificate-code";
import { certificateCode } from "./certificate-code.server";
import { type CertificateDrawing, certificateDrawing, certificatePdf, withImages } from "./certificate-drawing.server";
import { certificateFileName } from "./certificate-mail.server";
import { renderCertificatePdf } from "./certificate-pdf.server";
import { certificateOfRegistration } from "./certificate-verify.server";

// The certificate again, from the person's own link (the ticket page, the e-mail's "download
// again"): the self-service token names the registration, current or of a past edition.
//
// A public address that draws a PDF on request, so it is kept and limited as every picture
// drawn per person (docs/SECURITY.md, "Pictures drawn per person"): kept by its content (the
// drawn-once kit: a corrected name, another signer, title, signature or logo is drawn anew),
// drawn in the drawing pool below the requests, PER_LINK downloads per registration in 10
// minutes (then refused from memory, the link-limit kit) and DRAWINGS_PER_NETWORK new drawings
// per network.

const WINDOW_MS = 10 * 60_000;
/** Downloads of one person's certificate per 10 minutes, as for their saved ticket: far above saving it a few times. */
export const PER_LINK = 20;
/**
 * New certificates drawn per network per 10 minutes: a certificate is drawn once, in its
 * holder's language, so this is 300 people of one school's network downloading theirs in the
 * same 10 minutes. At a few milliseconds each, a network's share of the CPU stays small.
 */
export const DRAWINGS_PER_NETWORK = 300;
/** Certificates kept: some 30–60 KB each (the fonts' subsets, the logo, the signature), a few hundred. */
const KEPT_BYTES = 16 * 1024 * 1024;

const downloads = linkLimit({ name: "certificate-download", ceiling: PER_LINK, windowMs: WINDOW_MS });
const drawings = drawnOnce<CertificateDrawing>({
  name: "certificate-drawings",
  perNetwork: DRAWINGS_PER_NETWORK,
  maxBytes: KEPT_BYTES,
  draw: async (drawing, db) => drawInPool("drawCertificateInThread", await withImages(db, drawing), renderCertificatePdf),
  isBusy: (error) => error instanceof DrawingQueueFull,
});

/** What the ticket page shows of its holder's certificate, or null when there is none to offer. */
export async function ticketCertificate(db: DbOrTx, registrationId: string, keys: TicketLinkKeys) {
  const certificate = await certificateOfRegistration(db, registrationId, await getSettings(db));
  return certificate ? { code: formatCode(certificateCode(certificate.serial, keys.secret)) } : null;
}

/**
 * The certificate as attendees will get it, for a made-up attendee, with the settings as they
 * are now: what organisers check before sending. Its code is a sample that verifies nothing.
 */
export async function certificatePreviewPdf(db: DbOrTx, language: string | null, keys: TicketLinkKeys): Promise<Buffer> {
  const settings = await getSettings(db);
  const chosen = languageOr(language);
  return certificatePdf(
    db,
    {
      serial: PREVIEW_SERIAL,
      full_name: "Aisha Musa Ɗanjuma",
      event_name: settings.event_name,
      event_date: settings.event_date,
      venue: localizedSettings(settings, chosen).venue,
      language: chosen,
    },
    settings,
    keys,
  );
}

// A serial of zeros: real serials are random draws among 2^40, so the preview's code verifies nothing.
const PREVIEW_SERIAL = "00000000";

/** Who asks: the language of a refusal's words, the client address for the per-network count. */
export type DownloadRequest = { language: Language; clientIp: string };

/**
 * The holder's certificate as a PDF download, for their self-service link; null when the link
 * is forged or replaced, or there is no certificate to offer; refused (429, 503) past the limits.
 */
export async function certificateDownload(
  db: DbOrTx,
  token: string,
  keys: TicketLinkKeys,
  asked: DownloadRequest,
): Promise<DrawnFile | PictureRefused | null> {
  const refusedFor = downloads.refusedFor(token);
  if (refusedFor > 0) return refusal(asked.language, { status: 429, retryAfter: refusedFor });
  const id = await selfServiceRegistration(db, token, keys.secret);
  if (!id) return null;
  const settings = await getSettings(db);
  const certificate = await certificateOfRegistration(db, id, settings);
  if (!certificate) return null;
  const slot = await downloads.take(db, id, token);
  if (!slot.ok) return refusal(asked.language, { status: 429, retryAfter: slot.retryAfter });
  const drawing = certificateDrawing(certificate, settings, keys);
  const pdf = await drawings.get(db, asked.clientIp, drawing);
  if (!Buffer.isBuffer(pdf)) return refusal(asked.language, pdf);
  const filename = certificateFileName(certificate.event_name, formatCode(drawing.code));
  return { bytes: pdf, filename, type: "application/pdf" };
}

function refusal(language: Language, { status, retryAfter }: Omit<PictureRefused, "message">): PictureRefused {
  const t = translator(language, "public");
  return { status, retryAfter, message: t(status === 429 ? "ticket.certificate.tooMany" : "ticket.certificate.busy") };
}
