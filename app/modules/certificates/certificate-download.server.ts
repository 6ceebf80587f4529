import type { DbOrTx } from "~/db/client.server";
import { languageOr } from "~/i18n/languages";
import { localizedSettings } from "~/modules/settings/localized-settings";
import { getSettings } from "~/modules/settings/settings.server";
import { selfServiceRegistration } from "~/modules/tickets/self-service.server";
import type { TicketLinkKeys } from "~/modules/tickets/ticket-link.server";
import { formatCode } from "./certificate-code";
import { certificateCode } from "./certificate-code.server";
import { certificateFileName, certificatePdf } from "./certificate-mail.server";
import { certificateOfRegistration } from "./certificate-verify.server";

// The certificate again, from the person's own link (the ticket page, the e-mail's "download
// again"): the self-service token names the registration, current or of a past edition.

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

export async function certificatePdfOfTicket(db: DbOrTx, token: string, keys: TicketLinkKeys) {
  const id = await selfServiceRegistration(db, token, keys.secret);
  if (!id) return null;
  const settings = await getSettings(db);
  const certificate = await certificateOfRegistration(db, id, settings);
  if (!certificate) return null;
  const pdf = await certificatePdf(db, certificate, settings, keys);
  return { pdf, name: certificateFileName(certificate.event_name, formatCode(certificateCode(certificate.serial, keys.secret))) };
}
