import { inArray, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { type MailAttachment, mail_outbox } from "~/db/schema";

export type OutgoingMail = {
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: MailAttachment[];
  /** what the message is, e.g. "ticket", "ticket-resend", "reminder" */
  kind: string;
  attendeeId?: string | null;
};

/**
 * Queues a message. Call it with the transaction that makes the change causing
 * the mail: the message then exists exactly when that change committed.
 */
export async function enqueueMail(tx: DbOrTx, mail: OutgoingMail): Promise<string> {
  const [row] = await tx
    .insert(mail_outbox)
    .values({
      to_address: mail.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      attachments: mail.attachments ?? [],
      kind: mail.kind,
      attendee_id: mail.attendeeId ?? null,
    })
    .returning({ id: mail_outbox.id });
  if (!row) throw new Error("outbox insert returned no row");
  return row.id;
}

/** Pending and failed counts, for /healthz and the admin. */
export async function outboxCounts(db: Db): Promise<{ pending: number; failed: number }> {
  const rows = await db
    .select({ status: mail_outbox.status, count: sql<number>`count(*)::int` })
    .from(mail_outbox)
    .where(inArray(mail_outbox.status, ["pending", "sending", "failed"]))
    .groupBy(mail_outbox.status);
  const count = (status: string) => rows.find((r) => r.status === status)?.count ?? 0;
  return { pending: count("pending") + count("sending"), failed: count("failed") };
}
