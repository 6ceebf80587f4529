import { type SQL, sql } from "drizzle-orm";
import { getConfig } from "~/config.server";
import type { DbOrTx } from "~/db/client.server";
import { attendees, whatsapp_optouts } from "~/db/schema";
import { languageOr } from "~/i18n/languages";
import { formatEventDate } from "~/modules/settings/event-time";
import { type TicketLinkKeys, ticketPageUrlForRegistration } from "~/modules/tickets/ticket-link.server";
import type { WhatsAppPayload } from "~/modules/whatsapp/payload";
import { templateMessage } from "~/modules/whatsapp/template-message";
import { formatCode } from "./certificate-code";
import { certificateCode } from "./certificate-code.server";
import { certificateFileName, loadCertificate } from "./certificate-mail.server";

// The certificate on WhatsApp (template summit_certificate, docs/WHATSAPP.md): the PDF as the
// template's document header, which Meta fetches from the person's own download link when it
// sends the message, beside the e-mail (or the SMS) everyone with a certificate gets. If WhatsApp
// cannot deliver it, the certificate's SMS (the code and the verification link) goes instead.

/**
 * The WhatsApp copies of the certificates a statement just issued (`fresh`, joined to `owed a`),
 * for those who asked for WhatsApp and have not said STOP: a CTE for certificateStatement.
 */
export function certificateWhatsAppRows(template: string, fallback: string, editionId: number): SQL {
  return sql`
    insert into mail_outbox (channel, to_address, subject, html, text, kind, template, template_data, attendee_id, edition_id, fallback_template)
    select 'whatsapp', a.phone, ${"WhatsApp: certificate"}, '', '', 'certificate', ${template},
           jsonb_build_object('certificateId', fresh.id), a.id, ${editionId}::int, ${fallback}
    from fresh join owed a on a.id = fresh.attendee_id
    join ${attendees} p on p.id = a.id
    where p.whatsapp_opt_in and not exists (select 1 from ${whatsapp_optouts} o where o.phone = a.phone)
    returning 1`;
}

/** The certificate's template, from the certificate as it is when sent (withdrawn: not sent). */
export async function renderCertificateWhatsApp(
  db: DbOrTx,
  data: { certificateId: string },
  keys: TicketLinkKeys,
): Promise<WhatsAppPayload> {
  const whatsapp = getConfig().whatsapp;
  if (!whatsapp) throw new Error("WhatsApp is not configured on this server");
  const { certificate, attendee, fullName } = await loadCertificate(db, data);
  const language = languageOr(certificate.language);
  const page = ticketPageUrlForRegistration(attendee.id, keys, attendee.token_version);
  const code = formatCode(certificateCode(certificate.serial, keys.secret));
  return templateMessage({
    name: whatsapp.templates.certificate,
    language: whatsapp.languages[language],
    header: {
      document: `${page}/certificate.pdf`,
      filename: certificateFileName(certificate.event_name, code),
    },
    body: [fullName, certificate.event_name, formatEventDate(certificate.event_date, language, "long"), code],
  });
}
