import { and, eq, gte, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { attendees, emailEquals, type MessageChannel, mail_outbox } from "~/db/schema";
import { publicMailAllowed } from "~/modules/mail/outbox.server";
import { getSettings } from "~/modules/settings/settings.server";
import { enqueueTicket } from "~/modules/tickets/ticket-mail.server";
import { MAX_REGISTRATIONS_PER_PHONE } from "./registration.server";

/** "Lost your ticket?" re-sends at most this many times per address per hour. */
export const RESEND_LIMIT_PER_HOUR = 3;
const SELF_RESEND_KIND = "ticket-self-resend";

export type ResendOutcome = "sent" | "not_found" | "rate_limited";

type Attendee = typeof attendees.$inferSelect;

/**
 * Queues one registration's ticket again, by e-mail to its address or by SMS to its phone, within
 * the hourly count per registration and (for e-mail) the address's daily ceiling. The caller has
 * locked the attendee row, which serialises concurrent requests, so the count holds.
 */
async function resendIn(tx: DbOrTx, attendee: Attendee, eventName: string, channel: MessageChannel, now: Date): Promise<ResendOutcome> {
  const hourAgo = new Date(now.getTime() - 60 * 60 * 1000);
  const [recent] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(mail_outbox)
    .where(and(eq(mail_outbox.attendee_id, attendee.id), eq(mail_outbox.kind, SELF_RESEND_KIND), gte(mail_outbox.created_at, hourAgo)));
  if ((recent?.count ?? 0) >= RESEND_LIMIT_PER_HOUR) return "rate_limited";
  if (channel === "email") {
    if (!attendee.email) return "not_found";
    // Over the address's daily ceiling across every public form (outbox.server.ts) the row is
    // stored as failed and not sent: checked first, so the outcome says which.
    if (!(await publicMailAllowed(tx, attendee.email))) return "rate_limited";
  }
  // Asked for by SMS now, so sent by SMS whatever was ticked at registration.
  await enqueueTicket(tx, { attendee: { ...attendee, sms_opt_in: true }, eventName, kind: SELF_RESEND_KIND, channels: [channel] });
  return "sent";
}

/**
 * Queues the ticket e-mail again for a registered address. The caller answers the
 * visitor the same way whatever this returns, so it cannot be used to probe who registered.
 */
export async function resendTicketByEmail(db: Db, rawEmail: string, options: { now?: Date } = {}): Promise<ResendOutcome> {
  const now = options.now ?? new Date();
  const settings = await getSettings(db);
  return db.transaction(async (tx) => {
    const [attendee] = await tx.select().from(attendees).where(emailEquals(attendees.email, rawEmail)).limit(1).for("update");
    if (!attendee?.email) return "not_found" as const;
    return resendIn(tx, attendee, settings.event_name, "email", now);
  });
}

/**
 * "Send my ticket again" under a phone number already registered (E.164, as stored): every
 * registration with that number gets its own ticket again, by SMS to the number when the site
 * sends SMS, otherwise by e-mail to the address it was registered with, so nothing reaches anyone
 * but the holder. "sent" when at least one went.
 */
export async function resendTicketsToPhone(db: Db, phone: string, options: { sms: boolean; now?: Date }): Promise<ResendOutcome> {
  const now = options.now ?? new Date();
  const settings = await getSettings(db);
  return db.transaction(async (tx) => {
    const holders = await tx
      .select()
      .from(attendees)
      .where(eq(attendees.phone, phone))
      .orderBy(attendees.created_at)
      .limit(MAX_REGISTRATIONS_PER_PHONE)
      .for("update");
    if (holders.length === 0) return "not_found" as const;
    const outcomes: ResendOutcome[] = [];
    for (const holder of holders) outcomes.push(await resendIn(tx, holder, settings.event_name, options.sms ? "sms" : "email", now));
    return outcomes.includes("sent") ? "sent" : outcomes.includes("rate_limited") ? "rate_limited" : "not_found";
  });
}
