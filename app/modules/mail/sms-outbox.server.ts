import { and, eq, gt, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { mail_outbox } from "~/db/schema";
import { wakeAfterCommit } from "./outbox-wake.server";

// SMS share the outbox with e-mail: a row per message with its channel, delivered by the same
// worker with the same retries, so a ticket's SMS exists exactly when its registration does.

/** An SMS for the outbox, rendered by the worker from its message (queueMessage, message-registry.server.ts). */
type TemplatedSms = {
  /** the phone number, E.164 */
  to: string;
  template: string;
  templateData: Record<string, unknown>;
  kind: string;
  attendeeId?: string | null;
  /** not sent before this time (quiet hours: reminders wait for the morning) */
  notBefore?: Date;
};

/**
 * SMS anyone can make the site send to a number by typing it into a public form: the ticket
 * (registering with "Also send my ticket by SMS"), the ticket again, a cancellation. Each costs
 * the organisers money and wakes a phone, so a number gets at most this many a day; the
 * e-mail ceiling's reasoning (PUBLIC_MAILS_PER_ADDRESS_PER_DAY) otherwise holds.
 */
export const PUBLIC_SMS_PER_NUMBER_PER_DAY = 3;
export const PUBLIC_SMS_KINDS = ["ticket", "ticket-self-resend", "cancellation", "privacy-notice"] as const;
export const OVER_SMS_CEILING_ERROR = `Not sent: this number already had ${PUBLIC_SMS_PER_NUMBER_PER_DAY} SMS from the public forms in the last 24 hours. Resend it if the person asks for it.`;

/**
 * Whether one more public SMS (or WhatsApp message: `channel`) may go to `number` today; the
 * mail ceiling's lock and count, per number and channel.
 */
export async function publicSmsAllowed(tx: DbOrTx, number: string, channel: "sms" | "whatsapp" = "sms"): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${channel}-to:${number}`}))`);
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(mail_outbox)
    .where(
      and(
        eq(mail_outbox.channel, channel),
        eq(mail_outbox.to_address, number),
        inArray(mail_outbox.kind, [...PUBLIC_SMS_KINDS]),
        gt(mail_outbox.created_at, sql`now() - interval '24 hours'`),
      ),
    );
  return (row?.count ?? 0) < PUBLIC_SMS_PER_NUMBER_PER_DAY;
}

/**
 * Queues an SMS in the caller's transaction, as enqueueMail queues an e-mail: one outbox, one
 * worker, a channel per row. Its subject is a placeholder until the worker renders the text,
 * which it then keeps as the subject (what the attendee's message list shows). Only through
 * queueMessage, which checks the message's data; the worker is woken once the transaction commits.
 */
export async function enqueueSms(tx: DbOrTx, sms: TemplatedSms): Promise<string> {
  const overCeiling = (PUBLIC_SMS_KINDS as readonly string[]).includes(sms.kind) && !(await publicSmsAllowed(tx, sms.to));
  const [row] = await tx
    .insert(mail_outbox)
    .values({
      channel: "sms",
      to_address: sms.to,
      subject: `SMS: ${sms.kind}`,
      html: "",
      text: "",
      template: sms.template,
      template_data: sms.templateData,
      kind: sms.kind,
      attendee_id: sms.attendeeId ?? null,
      ...(sms.notBefore ? { next_attempt_at: sms.notBefore } : {}),
      ...(overCeiling ? { status: "failed" as const, last_error: OVER_SMS_CEILING_ERROR } : {}),
    })
    .returning({ id: mail_outbox.id });
  if (!row) throw new Error("outbox insert returned no row");
  wakeAfterCommit(tx);
  return row.id;
}

/** What a gateway's delivery report says of one SMS (modules/sms/delivery-reports.server.ts). */
export type SmsDeliveryOutcome = { providerId: string; outcome: "delivered" | "failed" | "pending"; reason?: string };

/**
 * Records a delivery report on its SMS: delivered (the phone has it), or failed with the
 * gateway's reason (the attendee's details say why). False when no SMS has that id: a report
 * for a message since erased, or one that is not ours.
 */
export async function recordSmsDelivery(db: DbOrTx, report: SmsDeliveryOutcome): Promise<boolean> {
  if (report.outcome === "pending") return true;
  const mine = and(eq(mail_outbox.channel, "sms"), eq(mail_outbox.message_id, report.providerId));
  const rows =
    report.outcome === "delivered"
      ? await db
          .update(mail_outbox)
          .set({ delivered_at: sql`coalesce(${mail_outbox.delivered_at}, now())`, updated_at: sql`now()` })
          .where(mine)
          .returning({ id: mail_outbox.id })
      : await db
          .update(mail_outbox)
          .set({ status: "failed", last_error: report.reason ?? "The network could not deliver it", updated_at: sql`now()` })
          .where(and(mine, sql`${mail_outbox.delivered_at} is null`))
          .returning({ id: mail_outbox.id });
  return rows.length > 0;
}
