import { type SQL, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { attendees, type MessageChannel, mail_outbox, type ReminderKind, reminders, whatsapp_optouts } from "~/db/schema";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "~/i18n/languages";
import { type AuditActor, recordAudit } from "~/modules/audit/audit.server";
import { type DeliveryProgress, deliveryProgress } from "~/modules/mail/delivery-progress";
import { defineMessage } from "~/modules/mail/message-registry.server";
import { wakeAfterCommit } from "~/modules/mail/outbox-wake.server";
import { whatsappOn } from "~/modules/mail/whatsapp-outbox.server";
import { daysUntilEvent, formatEventDate } from "~/modules/settings/event-time";
import { type EventSettings, getSettings } from "~/modules/settings/settings.server";
import { isQuietHour, reminderSmsTime } from "~/modules/sms/quiet-hours";
import { reminderKind } from "./reminder-timing";
import { reminderSubject } from "./ticket-email.server";
import type { TicketLinkKeys } from "./ticket-link.server";
import { renderTicketMail } from "./ticket-mail.server";
import { attendeeMessageData, reminderSmsMessage } from "./ticket-sms.server";
import { reminderWhatsAppMessage } from "./ticket-whatsapp.server";

// Reminders before the event: one per attendee per event date and kind, queued through the
// outbox in one statement per channel and one transaction. The unique key on (attendee, event
// date, kind, channel) decides who still needs one (an e-mail, and an SMS for those who asked),
// so a second click, a double submit or a second server never reminds anyone twice; the outbox
// retries what fails. A click more than two days ahead makes "early" reminders, which leave the
// one 1–2 days before (the automatic one) to come as well.

/** Queued by the statement below, which writes its data (`attendeeId`) in SQL; the worker checks it against the schema. */
export const reminderMessage = defineMessage({ name: "reminder", data: attendeeMessageData, channels: ["email"] });
/** A reminder's kind in the outbox, either channel. */
const REMINDER_KIND = "reminder";

type Rows<T> = { rows: T[] };

/** How many reminders a send queued on each channel. */
export type ReminderCounts = Record<MessageChannel, number>;

/** Queues a reminder for every attendee who has none for this event date; returns how many were queued per channel. */
export async function queueReminders(
  db: Db,
  actor: AuditActor | null,
  now = new Date(),
): Promise<{ queued: ReminderCounts; eventDate: string; kind: ReminderKind; settings: EventSettings }> {
  return db.transaction(async (tx) => {
    const settings = await getSettings(tx);
    const kind = reminderKind(now, settings.event_date);
    const queued = await queueRemindersIn(tx, settings, now, kind);
    if (actor)
      await recordAudit(tx, actor, {
        action: "reminders.send",
        entity: "event_settings",
        details: { emails: queued.email, sms: queued.sms, whatsapp: queued.whatsapp, eventDate: settings.event_date, kind },
      });
    return { queued, eventDate: settings.event_date, kind, settings };
  });
}

/** The queueing statements, inside the caller's transaction (the automatic reminder's holds the settings row lock). */
export async function queueRemindersIn(tx: DbOrTx, settings: EventSettings, now: Date, kind: ReminderKind): Promise<ReminderCounts> {
  const queue = async (channel: MessageChannel) => {
    const result = (await tx.execute(queueStatement(channel, settings, now, kind))) as unknown as Rows<{ n: number }>;
    return result.rows[0]?.n ?? 0;
  };
  // One after the other: both write to the same tables in the caller's transaction.
  const email = await queue("email");
  const sms = await queue("sms");
  // Only while WhatsApp is configured: a reminder row would otherwise stand for a message never sent.
  const whatsapp = whatsappOn() ? await queue("whatsapp") : 0;
  if (email + sms + whatsapp > 0) wakeAfterCommit(tx);
  return { email, sms, whatsapp };
}

/**
 * One channel's INSERT … SELECT: a reminder row for each attendee who has none on this channel,
 * its message in the outbox under the same fresh id (so each reminder knows its delivery state),
 * and the count of what went in, counted by the database rather than by returning every row.
 */
function queueStatement(channel: MessageChannel, settings: EventSettings, now: Date, kind: ReminderKind): SQL {
  const { wants, to, subject, template, sendAt, fallback = null } = channelParts(channel, settings, now);
  return sql`
    with fresh as (
      insert into ${reminders} (attendee_id, event_date, kind, channel, mail_id)
      select ${attendees.id}, ${settings.event_date}::date, ${kind}, ${channel}, gen_random_uuid() from ${attendees}
      where ${wants}
      on conflict (attendee_id, event_date, kind, channel) do nothing
      returning attendee_id, mail_id
    ), queued as (
      insert into ${mail_outbox} (id, channel, to_address, subject, html, text, kind, template, template_data, attendee_id, next_attempt_at, fallback_template)
      select fresh.mail_id, ${channel}, ${to}, ${subject}, '', '', ${REMINDER_KIND}, ${template},
             jsonb_build_object('attendeeId', a.id), a.id, ${sendAt}, ${fallback}
      from fresh join ${attendees} a on a.id = fresh.attendee_id
      returning 1
    )
    select count(*)::int as n from queued`;
}

/** What differs between the channels: who gets one, where it goes, its subject, how it is rendered, when it may go. */
function channelParts(channel: MessageChannel, settings: EventSettings, now: Date) {
  if (channel === "whatsapp")
    // Those who asked for WhatsApp and have not said STOP since; quiet hours as for SMS. If
    // WhatsApp cannot deliver one, its SMS twin goes instead (whatsapp-outbox.server.ts).
    return {
      wants: sql`${attendees.whatsapp_opt_in} and not exists (select 1 from ${whatsapp_optouts} o where o.phone = ${attendees.phone})`,
      to: sql`a.phone`,
      subject: sql`${"WhatsApp: reminder"}`,
      template: reminderWhatsAppMessage.name,
      sendAt: isQuietHour(now) ? sql`${reminderSmsTime(now).toISOString()}::timestamptz` : sql`now()`,
      fallback: reminderSmsMessage.name,
    };
  if (channel === "sms")
    // Those who asked for SMS (everyone who registered by USSD); after 20:00 they wait for the morning.
    return {
      wants: sql`${attendees.sms_opt_in}`,
      to: sql`a.phone`,
      subject: sql`${"SMS: reminder"}`,
      template: reminderSmsMessage.name,
      // Outside quiet hours, due a second before the e-mails: the worker takes the oldest due
      // first, and an SMS costs a fraction of an e-mail to send, so 10,000 of them reach the
      // phones in seconds instead of trickling out among the e-mails (whichever of the two
      // statements' clocks read earlier used to decide).
      sendAt: isQuietHour(now) ? sql`${reminderSmsTime(now).toISOString()}::timestamptz` : sql`now() - interval '1 second'`,
    };
  // Everyone with an e-mail address, the subject in their own language, chosen by the statement.
  const daysLeft = daysUntilEvent(now, settings.event_date);
  const subjectOf = (language: Language) =>
    reminderSubject(settings.event_name, formatEventDate(settings.event_date, language), daysLeft, language);
  return {
    wants: sql`${attendees.email} is not null`,
    to: sql`a.email`,
    subject: sql`case a.language ${sql.join(
      LANGUAGES.map(({ code }) => sql`when ${code} then ${subjectOf(code)}`),
      sql` `,
    )} else ${subjectOf(DEFAULT_LANGUAGE)} end`,
    template: reminderMessage.name,
    sendAt: sql`now()`,
  };
}

export type ReminderProgress = DeliveryProgress;

/**
 * Where this event date's reminders of each kind are, on one channel (the e-mails unless
 * asked): queued (waiting or being sent), sent, failed.
 */
export async function reminderProgress(
  db: DbOrTx,
  eventDate: string,
  channel: MessageChannel = "email",
): Promise<Record<ReminderKind, ReminderProgress>> {
  const result = (await db.execute(sql`
    select r.kind as kind, m.status as status, count(*)::int as n
    from ${reminders} r join ${mail_outbox} m on m.id = r.mail_id
    where r.event_date = ${eventDate}::date and r.channel = ${channel}
    group by r.kind, m.status`)) as unknown as Rows<{ kind: ReminderKind; status: string; n: number }>;
  const of = (kind: ReminderKind): ReminderProgress => deliveryProgress(result.rows.filter((r) => r.kind === kind));
  return { early: of("early"), due: of("due") };
}

/** Puts this event date's failed reminders back in the queue; returns how many. */
export async function retryFailedReminders(db: DbOrTx, eventDate: string): Promise<number> {
  const result = (await db.execute(sql`
    update ${mail_outbox} set status = 'pending', attempts = 0, next_attempt_at = now(), locked_until = null, updated_at = now()
    where status = 'failed' and id in (select mail_id from ${reminders} where event_date = ${eventDate}::date)
    returning id`)) as unknown as Rows<{ id: string }>;
  if (result.rows.length > 0) wakeAfterCommit(db);
  return result.rows.length;
}

/** Renders a queued reminder: the ticket e-mail's reminder variant, as of when it goes out. */
export function renderReminderMail(db: DbOrTx, data: Record<string, unknown> | null, keys: TicketLinkKeys, now = new Date()) {
  return renderTicketMail(db, data, keys, (eventDate) => ({ kind: "reminder", daysLeft: daysUntilEvent(now, eventDate) }));
}
