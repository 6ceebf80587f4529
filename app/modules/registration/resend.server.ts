import { and, eq, gte, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { attendees, emailEquals, mail_outbox } from "~/db/schema";
import { publicMailAllowed } from "~/modules/mail/outbox.server";
import { getSettings } from "~/modules/settings/settings.server";
import { enqueueTicket } from "~/modules/tickets/ticket-mail.server";

/** "Lost your ticket?" re-sends at most this many times per address per hour. */
export const RESEND_LIMIT_PER_HOUR = 3;
const SELF_RESEND_KIND = "ticket-self-resend";

export type ResendOutcome = "sent" | "not_found" | "rate_limited";

/**
 * Queues the ticket e-mail again for a registered address. The caller answers the
 * visitor the same way whatever this returns, so it cannot be used to probe who registered.
 */
export async function resendTicketByEmail(db: Db, rawEmail: string, options: { now?: Date } = {}): Promise<ResendOutcome> {
  const now = options.now ?? new Date();
  const settings = await getSettings(db);
  return db.transaction(async (tx) => {
    // Locking the attendee row serialises concurrent requests for one address, so the hourly count holds.
    const [attendee] = await tx.select().from(attendees).where(emailEquals(attendees.email, rawEmail)).limit(1).for("update");
    if (!attendee?.email) return "not_found" as const;
    const email = attendee.email;
    const hourAgo = new Date(now.getTime() - 60 * 60 * 1000);
    const [recent] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(mail_outbox)
      .where(and(eq(mail_outbox.attendee_id, attendee.id), eq(mail_outbox.kind, SELF_RESEND_KIND), gte(mail_outbox.created_at, hourAgo)));
    if ((recent?.count ?? 0) >= RESEND_LIMIT_PER_HOUR) return "rate_limited" as const;
    // Over the address's daily ceiling across every public form (outbox.server.ts) the row is
    // stored as failed and not sent: checked first, so the outcome says which.
    if (!(await publicMailAllowed(tx, email))) return "rate_limited" as const;
    await enqueueTicket(tx, { attendee, eventName: settings.event_name, kind: SELF_RESEND_KIND, channels: ["email"] });
    return "sent" as const;
  });
}
