import { eq, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db, DbOrTx } from "~/db/client.server";
import { jobDoneFor, markJobDone } from "~/db/job-runs.server";
import {
  attendees,
  type CertificateSettings,
  certificates,
  check_ins,
  event_settings,
  feedback_requests,
  mail_outbox,
  SETTINGS_ID,
} from "~/db/schema";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "~/i18n/languages";
import { type AuditActor, recordAudit } from "~/modules/audit/audit.server";
import { type DeliveryProgress, deliveryProgress } from "~/modules/mail/delivery-progress";
import { defineMessage } from "~/modules/mail/message-registry.server";
import { wakeAfterCommit } from "~/modules/mail/outbox-wake.server";
import { whatsappOn } from "~/modules/mail/whatsapp-outbox.server";
import { hasEventPassed } from "~/modules/settings/event-time";
import { localizedSettings } from "~/modules/settings/localized-settings";
import { type EventSettings, getSettings } from "~/modules/settings/settings.server";
import { CODE_ALPHABET, SERIAL_LENGTH } from "./certificate-code";
import { certificateSubject, feedbackRequestSubject } from "./certificate-texts.server";
import { certificateWhatsAppRows } from "./certificate-whatsapp.server";

// "Send Certificates": after the event, a certificate of attendance to everyone who was checked
// in (by e-mail with the PDF, or by SMS with the verification link to those who registered by
// phone only), and a short invitation to the survey to everyone who registered but did not come.
// As the reminders: one statement per kind queues them all through the outbox, in one
// transaction, and the unique keys (one certificate per registration, one request per person
// and channel) decide who still needs one, so a second press, a double click, the automatic
// send or a second server never sends anything twice. Nobody who was not checked in gets a
// certificate: the statement selects only those with a check-in, whatever is posted.

// Queued by the statements below, which write their data in SQL; the worker checks it against the schema.
const certificateData = z.object({ certificateId: z.string() });
const feedbackRequestData = z.object({ attendeeId: z.string() });
export const certificateMessage = defineMessage({ name: "certificate", data: certificateData, channels: ["email"] });
/** For those registered by phone only: the code and the verification link. */
export const certificateSmsMessage = defineMessage({ name: "certificate-sms", data: certificateData, channels: ["sms"] });
/** To those who asked for WhatsApp, beside the e-mail or SMS: the PDF itself; its SMS twin if WhatsApp cannot deliver it. */
export const certificateWhatsAppMessage = defineMessage({
  name: "certificate-whatsapp",
  data: certificateData,
  channels: ["whatsapp"],
  smsFallback: certificateSmsMessage,
});
export const feedbackRequestMessage = defineMessage({ name: "feedback-request", data: feedbackRequestData, channels: ["email"] });
export const feedbackRequestSmsMessage = defineMessage({ name: "feedback-request-sms", data: feedbackRequestData, channels: ["sms"] });
const CERTIFICATE_KIND = "certificate";
const FEEDBACK_REQUEST_KIND = "feedback-request";

type Rows<T> = { rows: T[] };

export class EventNotEndedError extends Error {}

export type CertificateRun = {
  certificates: number;
  feedbackRequests: number;
  editionId: number;
};

/** Queues every certificate and survey invitation still owed; throws EventNotEndedError before the event's end. */
export async function queueCertificates(db: Db, actor: AuditActor, now = new Date()): Promise<CertificateRun> {
  return db.transaction(async (tx) => {
    const settings = await getSettings(tx);
    if (!hasEventPassed(now, settings)) throw new EventNotEndedError("the event has not ended yet");
    const run = await queueCertificatesIn(tx, settings);
    await recordAudit(tx, actor, {
      action: "certificates.send",
      entity: "event_settings",
      details: { certificates: run.certificates, feedbackRequests: run.feedbackRequests, eventDate: settings.event_date },
    });
    return run;
  });
}

/** The queueing statements, inside the caller's transaction (the automatic send's holds the settings row lock). */
async function queueCertificatesIn(tx: DbOrTx, settings: EventSettings): Promise<CertificateRun> {
  let issued = 0;
  // A fresh serial colliding with an existing one (one chance in ~10^8 per certificate at
  // 10,000) leaves that person out of the statement's insert; the next round takes them.
  for (let round = 0; round < 3; round++) {
    const result = (await tx.execute(certificateStatement(settings))) as unknown as Rows<{ n: number; left: number }>;
    issued += result.rows[0]?.n ?? 0;
    if ((result.rows[0]?.left ?? 0) === 0) break;
  }
  let requested = 0;
  for (const channel of ["email", "sms"] as const) {
    const result = (await tx.execute(feedbackRequestStatement(settings, channel))) as unknown as Rows<{ n: number }>;
    requested += result.rows[0]?.n ?? 0;
  }
  if (issued + requested > 0) wakeAfterCommit(tx);
  return { certificates: issued, feedbackRequests: requested, editionId: settings.edition_id };
}

/**
 * 8 characters of base32 from the random UUID `owed` drew for each row (`a.r`): one per byte,
 * from its low 5 bits (256 is a multiple of 32, so each is uniform). Drawn in the CTE, which is
 * materialised once, rather than in a subquery the planner could run once for every row.
 */
const RANDOM_SERIAL = sql.raw(
  Array.from(
    { length: SERIAL_LENGTH },
    (_, i) => `substr('${CODE_ALPHABET}', get_byte(decode(replace(a.r::text, '-', ''), 'hex'), ${i}) % 32 + 1, 1)`,
  ).join(" || "),
);

/** A text chosen by the attendee's language, in SQL: `case a.language when 'ha' then … else … end`. */
function byLanguage(of: (language: Language) => string): SQL {
  return sql`case a.language ${sql.join(
    LANGUAGES.map(({ code }) => sql`when ${code} then ${of(code)}`),
    sql` `,
  )} else ${of(DEFAULT_LANGUAGE)} end`;
}

/**
 * One certificate for each checked-in attendee without one, holding what it certifies (the name,
 * the event, its date and the venue in the person's language), and its message in the outbox
 * under the same fresh id: an e-mail with the PDF, or an SMS with the link when there is no address.
 */
function certificateStatement(settings: EventSettings): SQL {
  const venue = byLanguage((language) => localizedSettings(settings, language).venue);
  const subject = byLanguage((language) => certificateSubject(settings.event_name, language));
  return sql`
    with owed as (
      select a.id, a.full_name, a.language, a.email, a.phone, gen_random_uuid() as r from ${attendees} a
      where exists (select 1 from ${check_ins} c where c.attendee_id = a.id)
        and not exists (select 1 from ${certificates} x where x.attendee_id = a.id)
    ), fresh as (
      insert into ${certificates} (serial, edition_id, attendee_id, registration_id, full_name, event_name, event_date, venue, language, mail_id)
      select ${RANDOM_SERIAL}, ${settings.edition_id}::int, a.id, a.id, a.full_name, ${settings.event_name}, ${settings.event_date}::date,
             ${venue}, a.language, gen_random_uuid()
      from owed a
      on conflict do nothing
      returning id, attendee_id, mail_id
    ), queued as (
      insert into ${mail_outbox} (id, channel, to_address, subject, html, text, kind, template, template_data, attendee_id, edition_id)
      select fresh.mail_id,
             case when a.email is null then 'sms' else 'email' end,
             coalesce(a.email, a.phone),
             case when a.email is null then ${"SMS: certificate"} else ${subject} end,
             '', '', ${CERTIFICATE_KIND},
             case when a.email is null then ${certificateSmsMessage.name} else ${certificateMessage.name} end,
             jsonb_build_object('certificateId', fresh.id), a.id, ${settings.edition_id}::int
      from fresh join owed a on a.id = fresh.attendee_id
      returning 1
    )${
      whatsappOn()
        ? sql`, whatsapped as (${certificateWhatsAppRows(certificateWhatsAppMessage.name, certificateSmsMessage.name, settings.edition_id)})`
        : sql``
    }
    select (select count(*)::int from queued) as n,
           (select count(*)::int from owed) - (select count(*)::int from queued) as left`;
}

/** The survey's invitation to each attendee who was not checked in, on their channel (e-mail, else SMS). */
function feedbackRequestStatement(settings: EventSettings, channel: "email" | "sms"): SQL {
  const subject = byLanguage((language) => feedbackRequestSubject(settings.event_name, language));
  const reachable = channel === "email" ? sql`a.email is not null` : sql`a.email is null`;
  return sql`
    with fresh as (
      insert into ${feedback_requests} (attendee_id, channel, mail_id)
      select a.id, ${channel}, gen_random_uuid() from ${attendees} a
      where ${reachable} and not exists (select 1 from ${check_ins} c where c.attendee_id = a.id)
      on conflict do nothing
      returning attendee_id, mail_id
    ), queued as (
      insert into ${mail_outbox} (id, channel, to_address, subject, html, text, kind, template, template_data, attendee_id, edition_id)
      select fresh.mail_id, ${channel}, ${channel === "email" ? sql`a.email` : sql`a.phone`},
             ${channel === "email" ? subject : sql`${"SMS: feedback"}`}, '', '', ${FEEDBACK_REQUEST_KIND},
             ${channel === "email" ? feedbackRequestMessage.name : feedbackRequestSmsMessage.name},
             jsonb_build_object('attendeeId', a.id), a.id, ${settings.edition_id}::int
      from fresh join ${attendees} a on a.id = fresh.attendee_id
      returning 1
    )
    select count(*)::int as n from queued`;
}

export type CertificateOverview = {
  /** checked in, and so owed a certificate */
  checkedIn: number;
  /** registered and not checked in: owed the survey's invitation */
  absent: number;
  /** what a press would queue now */
  toIssue: number;
  toRequest: number;
  progress: DeliveryProgress;
};

/** What Event Operations says of the current edition's certificates. */
export async function certificateOverview(db: DbOrTx, editionId: number): Promise<CertificateOverview> {
  const counts = (await db.execute(sql`
    select (select count(*)::int from ${attendees} a where exists (select 1 from ${check_ins} c where c.attendee_id = a.id)) as checked_in,
           (select count(*)::int from ${attendees}) as registered,
           (select count(*)::int from ${attendees} a
              where exists (select 1 from ${check_ins} c where c.attendee_id = a.id)
                and not exists (select 1 from ${certificates} x where x.attendee_id = a.id)) as to_issue,
           (select count(*)::int from ${attendees} a
              where not exists (select 1 from ${check_ins} c where c.attendee_id = a.id)
                and not exists (select 1 from ${feedback_requests} r where r.attendee_id = a.id)) as to_request`)) as unknown as Rows<{
    checked_in: number;
    registered: number;
    to_issue: number;
    to_request: number;
  }>;
  const states = (await db.execute(sql`
    select m.status as status, count(*)::int as n
    from ${certificates} c join ${mail_outbox} m on m.id = c.mail_id
    where c.edition_id = ${editionId}
    group by m.status`)) as unknown as Rows<{ status: string; n: number }>;
  const row = counts.rows[0];
  return {
    checkedIn: row?.checked_in ?? 0,
    absent: (row?.registered ?? 0) - (row?.checked_in ?? 0),
    toIssue: row?.to_issue ?? 0,
    toRequest: row?.to_request ?? 0,
    progress: deliveryProgress(states.rows),
  };
}

/** Puts the current edition's failed certificate messages back in the queue; returns how many. */
export async function retryFailedCertificates(db: DbOrTx, editionId: number): Promise<number> {
  const result = (await db.execute(sql`
    update ${mail_outbox} set status = 'pending', attempts = 0, next_attempt_at = now(), locked_until = null, updated_at = now()
    where status = 'failed' and id in (select mail_id from ${certificates} where edition_id = ${editionId})
    returning id`)) as unknown as Rows<{ id: string }>;
  if (result.rows.length > 0) wakeAfterCommit(db);
  return result.rows.length;
}

// ── The automatic send: the morning after the event ──

const SEND_HOUR_LAGOS = 9;
const LAGOS_OFFSET_MS = 60 * 60_000;

/** 09:00 in Gusau on the day after the event date. */
function autoCertificatesAt(eventDate: string): Date {
  const [year, month, day] = eventDate.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + 1, SEND_HOUR_LAGOS) - LAGOS_OFFSET_MS);
}

type PlanSettings = Pick<CertificateSettings, "auto_certificates"> & Pick<EventSettings, "event_date">;

const AUTO_CERTIFICATES_JOB = "auto-certificates";

export type AutoCertificatePlan = { state: "off" } | { state: "sent"; eventDate: string } | { state: "scheduled"; at: string };

/** What the automatic send will do (or did) for the current event date; `sent`: it ran for that date. */
export function autoCertificatePlan(settings: PlanSettings, sent: boolean): AutoCertificatePlan {
  if (sent) return { state: "sent", eventDate: settings.event_date };
  if (!settings.auto_certificates) return { state: "off" };
  return { state: "scheduled", at: autoCertificatesAt(settings.event_date).toISOString() };
}

/** autoCertificatePlan, with whether it ran read from the job's record. */
export async function readAutoCertificatePlan(db: DbOrTx, settings: PlanSettings): Promise<AutoCertificatePlan> {
  return autoCertificatePlan(settings, await jobDoneFor(db, AUTO_CERTIFICATES_JOB, settings.event_date));
}

/**
 * Queues the certificates by themselves once the morning after has come, once per event date
 * across restarts and instances: the settings row's lock and its mark decide, as for the
 * automatic reminder. Returns what it queued, or null when it was not due.
 */
export async function sendDueCertificates(db: Db, now = new Date()): Promise<CertificateRun | null> {
  return db.transaction(async (tx) => {
    const [settings] = await tx.select().from(event_settings).where(eq(event_settings.id, SETTINGS_ID)).for("update");
    if (!settings) return null;
    const plan = await readAutoCertificatePlan(tx, settings);
    if (plan.state !== "scheduled" || new Date(plan.at).getTime() > now.getTime()) return null;
    if (!hasEventPassed(now, settings)) return null;
    const run = await queueCertificatesIn(tx, settings);
    await markJobDone(tx, AUTO_CERTIFICATES_JOB, settings.event_date);
    await recordAudit(tx, AUTOMATIC, {
      action: "certificates.auto",
      entity: "event_settings",
      details: { certificates: run.certificates, feedbackRequests: run.feedbackRequests, eventDate: settings.event_date },
    });
    return run;
  });
}

// The audit log's author for what no organiser clicked.
const AUTOMATIC = { id: null, email: "Automatic certificates" };
