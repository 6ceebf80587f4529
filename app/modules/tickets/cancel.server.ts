import { and, count, desc, eq, getTableColumns } from "drizzle-orm";
import { z } from "zod";
import type { Db, DbOrTx } from "~/db/client.server";
import { attendees, cancelled_registrations, check_ins, mail_outbox } from "~/db/schema";
import { DEFAULT_LANGUAGE, type Language, languageOr } from "~/i18n/languages";
import { translator } from "~/i18n/translate.server";
import { recordAudit, SELF_SERVICE_ACTOR } from "~/modules/audit/audit.server";
import { defineMessage, queueMessage } from "~/modules/mail/message-registry.server";
import { lockSeats } from "~/modules/settings/seats.server";
import { getSettings } from "~/modules/settings/settings.server";
import { selfServiceRegistration } from "./self-service.server";
import { enqueueCancellationSms } from "./ticket-sms.server";

// An attendee cancels from their ticket page (or the link in their e-mails). In one
// transaction: the registration moves to `cancelled_registrations`, which frees the seat
// (the seat counter's trigger) and the e-mail address, stops mail not yet sent to them,
// voids the QR code (the door finds the ticket cancelled), lets the caller hand the seat on
// (to the waitlist), queues a confirmation and writes the audit entry.

export const cancellationMessage = defineMessage({
  name: "cancellation",
  data: z.object({ cancelledId: z.string() }),
  channels: ["email"],
});

export const CANCEL_MESSAGES = {
  cancelled: "cancel.cancelled",
  already: "cancel.already",
  checkedIn: "cancel.checkedIn",
  failed: "cancel.failed",
} as const;

export type CancelOutcome = { status: "cancelled" | "already" | "checked-in" } | { status: "invalid" };

export type CancelledRegistration = typeof cancelled_registrations.$inferSelect;

/**
 * `afterCancel` runs in the same transaction once the seat is free: the route hands the seat
 * to the waitlist there (tickets need not know the waitlist).
 */
export async function cancelRegistration(
  db: Db,
  token: string,
  secret: string,
  afterCancel?: (tx: DbOrTx) => Promise<unknown>,
): Promise<CancelOutcome> {
  // Only the person's own link cancels, and only the registration it was issued for.
  const id = await selfServiceRegistration(db, token, secret);
  if (!id) return { status: "invalid" };
  return cancelRegistrationById(db, id, afterCancel);
}

/**
 * The cancellation itself, for a registration whose holder has been recognised: by their own
 * link (cancelRegistration), or by the phone the network vouches for (a USSD menu).
 */
export async function cancelRegistrationById(db: Db, id: string, afterCancel?: (tx: DbOrTx) => Promise<unknown>): Promise<CancelOutcome> {
  return db.transaction(async (tx) => {
    // The settings row first (it holds the seat counter), the order every seat-changing transaction locks in.
    await lockSeats(tx);
    // Locked, so a second cancel (another tab, a double submit) waits and then finds it gone.
    const [attendee] = await tx.select().from(attendees).where(eq(attendees.id, id)).for("update");
    if (!attendee) return { status: (await findCancelledById(tx, id)) ? "already" : "invalid" };
    const [checkedIn] = await tx.select({ id: check_ins.id }).from(check_ins).where(eq(check_ins.attendee_id, attendee.id));
    if (checkedIn) return { status: "checked-in" };

    const { created_at, ...fields } = attendee;
    await tx.insert(cancelled_registrations).values({ ...fields, registered_at: created_at });
    // Reminders or a resent ticket still waiting would reach someone who is no longer coming.
    await tx.delete(mail_outbox).where(and(eq(mail_outbox.attendee_id, attendee.id), eq(mail_outbox.status, "pending")));
    await tx.delete(attendees).where(eq(attendees.id, attendee.id));
    await afterCancel?.(tx);
    if (attendee.email !== null) {
      const settings = await getSettings(tx);
      await queueMessage(
        tx,
        cancellationMessage,
        "email",
        { cancelledId: attendee.id },
        { to: attendee.email, subject: cancellationSubject(settings.event_name, languageOr(attendee.language)), kind: "cancellation" },
      );
    }
    await enqueueCancellationSms(tx, attendee);
    await recordAudit(tx, SELF_SERVICE_ACTOR, {
      action: "attendee.cancel",
      entity: "attendee",
      entityId: attendee.id,
      details: { ticketId: attendee.ticket_id },
    });
    return { status: "cancelled" };
  });
}

export function cancellationSubject(eventName: string, language: Language = DEFAULT_LANGUAGE): string {
  return translator(language, "mail")("cancellation.subject", { event: eventName }).replace(/\s+/g, " ").trim();
}

/** A cancelled registration by its ticket ID (what a token or a typed ID names). */
export async function findCancelledTicket(db: DbOrTx, ticketId: string): Promise<CancelledRegistration | undefined> {
  const [row] = await db.select().from(cancelled_registrations).where(eq(cancelled_registrations.ticket_id, ticketId)).limit(1);
  return row;
}

export async function findCancelledById(db: DbOrTx, id: string): Promise<CancelledRegistration | undefined> {
  const [row] = await db.select().from(cancelled_registrations).where(eq(cancelled_registrations.id, id)).limit(1);
  return row;
}

const CANCELLED_PAGE_SIZE = 50;

/** One page of cancelled registrations for the organisers, the latest first, with the total. */
export async function listCancelled(db: DbOrTx, page: number) {
  const { id, full_name, email, ticket_id, state, registered_at, cancelled_at } = getTableColumns(cancelled_registrations);
  const [rows, [total]] = await Promise.all([
    db
      .select({ id, full_name, email, ticket_id, state, registered_at, cancelled_at })
      .from(cancelled_registrations)
      .orderBy(desc(cancelled_at), desc(id))
      .limit(CANCELLED_PAGE_SIZE)
      .offset((page - 1) * CANCELLED_PAGE_SIZE),
    db.select({ n: count() }).from(cancelled_registrations),
  ]);
  const n = total?.n ?? 0;
  return { rows, total: n, page, pageCount: Math.max(1, Math.ceil(n / CANCELLED_PAGE_SIZE)) };
}
