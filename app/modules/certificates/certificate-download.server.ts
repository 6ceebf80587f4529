import type { DbOrTx } from "~/db/client.server";
import { getSettings } from "~/modules/settings/settings.server";
import type { TicketLinkKeys } from "~/modules/tickets/ticket-link.server";
import { verifySelfServiceToken } from "~/modules/tickets/ticket-token.server";
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

export async function certificatePdfOfTicket(db: DbOrTx, token: string, keys: TicketLinkKeys) {
  const id = verifySelfServiceToken(token, keys.secret);
  if (!id) return null;
  const settings = await getSettings(db);
  const certificate = await certificateOfRegistration(db, id, settings);
  if (!certificate) return null;
  const pdf = await certificatePdf(db, certificate, settings, keys);
  return { pdf, name: certificateFileName(certificate.event_name, formatCode(certificateCode(certificate.serial, keys.secret))) };
}
