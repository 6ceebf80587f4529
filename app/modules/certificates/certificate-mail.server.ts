import DataLoader from "dataloader";
import { eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { attendees, certificates, event_settings, SETTINGS_ID } from "~/db/schema";
import { isUuid } from "~/db/uuid";
import { type Language, languageOr } from "~/i18n/languages";
import { translator } from "~/i18n/translate.server";
import { feedbackUrl } from "~/modules/feedback/feedback-token.server";
import { surveyWindow } from "~/modules/feedback/survey-window";
import { fillMarks, hasMarkCharacters, wholeMark } from "~/modules/mail/mail-merge";
import { renderNoticeEmail } from "~/modules/mail/notice-email";
import type { RenderedMail } from "~/modules/mail/outbox.server";
import { PermanentMailError } from "~/modules/mail/transport.server";
import { formatEventDate } from "~/modules/settings/event-time";
import { localizedSettings } from "~/modules/settings/localized-settings";
import type { EventSettings } from "~/modules/settings/settings.server";
import { certificateSms, feedbackRequestSms } from "~/modules/sms/sms-texts.server";
import type { TicketLinkKeys } from "~/modules/tickets/ticket-link.server";
import { ticketPageUrlForRegistration } from "~/modules/tickets/ticket-link.server";
import { formatCode } from "./certificate-code";
import { certificateCode } from "./certificate-code.server";
import { certificatePdf, verifyUrl } from "./certificate-drawing.server";
import { certificateSubject, feedbackRequestSubject } from "./certificate-texts.server";

// The messages "Send Certificates" queues, rendered by the outbox worker when they go out: the
// certificate e-mail with its PDF (drawn then, never stored), the SMS with the verification link
// for those registered by phone only, and the survey's invitation to those who did not come.

type CertificateRow = {
  certificate: typeof certificates.$inferSelect;
  attendee: Pick<typeof attendees.$inferSelect, "id" | "email" | "phone" | "language" | "token_version"> | null;
  settings: typeof event_settings.$inferSelect | null;
};

// A round of the worker renders many certificates at once: read in one query per round.
const loaders = new WeakMap<DbOrTx, DataLoader<string, CertificateRow | undefined>>();
function certificateRows(db: DbOrTx) {
  let loader = loaders.get(db);
  if (!loader) {
    loader = new DataLoader(
      async (ids: readonly string[]) => {
        const rows = await db
          .select({
            certificate: certificates,
            attendee: {
              id: attendees.id,
              email: attendees.email,
              phone: attendees.phone,
              language: attendees.language,
              token_version: attendees.token_version,
            },
            settings: event_settings,
          })
          .from(certificates)
          .leftJoin(attendees, eq(attendees.id, certificates.attendee_id))
          .leftJoin(event_settings, eq(event_settings.id, SETTINGS_ID))
          .where(inArray(certificates.id, [...ids]));
        const byId = new Map(rows.map((row) => [row.certificate.id, row]));
        return ids.map((id) => byId.get(id));
      },
      { cache: false },
    );
    loaders.set(db, loader);
  }
  return loader;
}

/** The last day the survey takes answers, as the messages name it. */
function surveyUntil(
  settings: Pick<EventSettings, "event_date" | "event_starts_at" | "event_ends_at" | "feedback_days">,
  language: Language,
): string {
  // The calendar day in Gusau (UTC+1) of the closing instant.
  const { closesAt } = surveyWindow(settings, new Date());
  return formatEventDate(new Date(closesAt.getTime() + 60 * 60_000).toISOString().slice(0, 10), language, "long");
}

export async function loadCertificate(db: DbOrTx, data: Record<string, unknown> | null) {
  const id = typeof data?.certificateId === "string" ? data.certificateId : "";
  const row = isUuid(id) ? await certificateRows(db).load(id) : undefined;
  if (!row?.attendee || !row.settings || row.certificate.withdrawn_at !== null || row.certificate.full_name === null) {
    throw new PermanentMailError("the certificate or its attendee is gone; not sent");
  }
  return { certificate: row.certificate, attendee: row.attendee, settings: row.settings, fullName: row.certificate.full_name };
}

/** The file name people find in their downloads: the event's and theirs, no spaces. */
export function certificateFileName(eventName: string, ticketOrSerial: string): string {
  const slug = eventName
    .normalize("NFKD")
    .replace(/[^\w\s-]/g, "")
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, "-")
    .slice(0, 60);
  return `${slug || "certificate"}-certificate-${ticketOrSerial}.pdf`;
}

// Mail merge (mail-merge.ts): the e-mail's layout is rendered once per language and event, with
// marks where each person's values go, then filled per person. Rendering React and turning the
// HTML into plain text was a third of the CPU a certificate e-mail cost in the outbox.
const FIELDS = { name: 0, link: 1, code: 2, survey: 3, download: 4 } as const;
const MAX_LAYOUTS = 16;
const layouts = new Map<string, Promise<{ html: string; text: string }>>();

type CertificateFacts = { language: Language; event: string; date: string; venue: string; until: string };
type PersonValues = { name: string; link: string; code: string; survey: string; download: string };

function certificateNotice(facts: CertificateFacts, person: PersonValues) {
  const t = translator(facts.language, "mail");
  return renderNoticeEmail({
    language: facts.language,
    preview: t("certificateMail.preview", { event: facts.event }),
    heading: t("certificateMail.heading"),
    paragraphs: [
      t("hello", { name: person.name }),
      t("certificateMail.thanks", { event: facts.event, date: facts.date, venue: facts.venue }),
      t("certificateMail.attached"),
      t("certificateMail.verify", { link: person.link, code: person.code }),
      t("certificateMail.survey"),
    ],
    button: { href: person.survey, label: t("certificateMail.surveyButton") },
    footnote: t("certificateMail.surveyUntil", { date: facts.until }),
    footnoteLink: { href: person.download, label: t("certificateMail.download") },
  });
}

async function certificateBody(facts: CertificateFacts, person: PersonValues): Promise<{ html: string; text: string }> {
  const key = JSON.stringify(facts);
  // Facts that happen to hold mark characters are rendered as they are, without a layout.
  if (hasMarkCharacters(key)) return certificateNotice(facts, person);
  let layout = layouts.get(key);
  if (!layout) {
    if (layouts.size >= MAX_LAYOUTS) layouts.clear();
    layout = certificateNotice(facts, {
      name: wholeMark(FIELDS.name),
      link: wholeMark(FIELDS.link),
      code: wholeMark(FIELDS.code),
      survey: wholeMark(FIELDS.survey),
      download: wholeMark(FIELDS.download),
    });
    layouts.set(key, layout);
    layout.catch(() => layouts.delete(key));
  }
  const { html, text } = await layout;
  const values = [person.name, person.link, person.code, person.survey, person.download];
  return { html: fillMarks(html, values), text: fillMarks(text, values, { html: false }) };
}

/** The certificate e-mail: thanks, the PDF attached, how anyone verifies it, and the survey. */
export async function renderCertificateMail(db: DbOrTx, data: Record<string, unknown> | null, keys: TicketLinkKeys): Promise<RenderedMail> {
  const { certificate, attendee, settings, fullName } = await loadCertificate(db, data);
  if (attendee.email === null) throw new PermanentMailError("this registration has no e-mail address (registered by USSD)");
  const language = languageOr(certificate.language);
  const code = certificateCode(certificate.serial, keys.secret);
  const [pdf, { html, text }] = await Promise.all([
    certificatePdf(db, { ...certificate, full_name: fullName }, settings, keys),
    certificateBody(
      {
        language,
        event: certificate.event_name,
        date: formatEventDate(certificate.event_date, language, "long"),
        venue: certificate.venue,
        until: surveyUntil(settings, language),
      },
      {
        name: fullName,
        link: verifyUrl(keys.publicUrl, code),
        code: formatCode(code),
        survey: feedbackUrl(keys.publicUrl, attendee.id, keys.secret, language),
        download: `${ticketPageUrlForRegistration(attendee.id, keys, attendee.token_version)}/certificate.pdf`,
      },
    ),
  ]);
  return {
    subject: certificateSubject(certificate.event_name, language),
    html,
    text,
    attachments: [
      {
        filename: certificateFileName(certificate.event_name, formatCode(code)),
        contentType: "application/pdf",
        content: pdf.toString("base64"),
      },
    ],
  };
}

/** The certificate by SMS (registered by phone only): the code, the verification link, the survey. */
export async function renderCertificateSms(db: DbOrTx, data: Record<string, unknown> | null, keys: TicketLinkKeys): Promise<string> {
  const { certificate, attendee } = await loadCertificate(db, data);
  const language = languageOr(certificate.language);
  const code = certificateCode(certificate.serial, keys.secret);
  return certificateSms({
    language,
    eventName: certificate.event_name,
    code: formatCode(code),
    link: verifyUrl(keys.publicUrl, code),
    survey: feedbackUrl(keys.publicUrl, attendee.id, keys.secret, language),
  });
}

async function loadAbsentee(db: DbOrTx, data: Record<string, unknown> | null) {
  const id = typeof data?.attendeeId === "string" ? data.attendeeId : "";
  const [row] = isUuid(id)
    ? await db
        .select({ attendee: attendees, settings: event_settings })
        .from(attendees)
        .leftJoin(event_settings, eq(event_settings.id, SETTINGS_ID))
        .where(eq(attendees.id, id))
    : [];
  if (!row?.settings) throw new PermanentMailError("the attendee of this survey invitation is no longer registered");
  return { attendee: row.attendee, settings: row.settings, language: languageOr(row.attendee.language) };
}

/** "We missed you": the survey's invitation by e-mail to someone who registered and did not come. */
export async function renderFeedbackRequestMail(
  db: DbOrTx,
  data: Record<string, unknown> | null,
  keys: TicketLinkKeys,
): Promise<RenderedMail> {
  const { attendee, settings, language } = await loadAbsentee(db, data);
  const t = translator(language, "mail");
  const event = settings.event_name;
  const { html, text } = await renderNoticeEmail({
    language,
    preview: t("feedbackRequest.preview"),
    heading: t("feedbackRequest.heading"),
    paragraphs: [
      t("hello", { name: attendee.full_name }),
      t("feedbackRequest.text", { event, date: formatEventDate(settings.event_date, language, "long") }),
    ],
    button: { href: feedbackUrl(keys.publicUrl, attendee.id, keys.secret, language), label: t("feedbackRequest.button") },
    footnote: t("feedbackRequest.until", { date: surveyUntil(settings, language) }),
  });
  return { subject: feedbackRequestSubject(event, language), html, text };
}

/** The same by SMS, to someone registered by phone only. */
export async function renderFeedbackRequestSms(db: DbOrTx, data: Record<string, unknown> | null, keys: TicketLinkKeys): Promise<string> {
  const { attendee, settings, language } = await loadAbsentee(db, data);
  const { event_name } = localizedSettings(settings, language);
  return feedbackRequestSms({ language, eventName: event_name, survey: feedbackUrl(keys.publicUrl, attendee.id, keys.secret, language) });
}
