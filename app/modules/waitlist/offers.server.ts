import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { attendees, waitlist } from "~/db/schema";
import { type AuditActor, recordAudit, SELF_SERVICE_ACTOR } from "~/modules/audit/audit.server";
import { hasEventPassed } from "~/modules/settings/event-time";
import { lockSeats } from "~/modules/settings/seats.server";
import { generateTicketId } from "~/modules/tickets/ticket-id";
import { enqueueTicket } from "~/modules/tickets/ticket-mail.server";
import { signSelfServiceToken } from "~/modules/tickets/ticket-token.server";
import type { OFFER_MESSAGES } from "./messages";
import { positionOf, settleWaitlist } from "./waitlist.server";
import { verifyWaitlistToken } from "./waitlist-token.server";

// What a person on the waitlist does from their link (claim the offered seat, decline it,
// leave the line) and what organisers do by hand (remove someone, offer the next seat).
// Each is one transaction under the settings lock, ending with settleWaitlist so a seat let
// go passes straight to the next person.

type WaitlistEntry = typeof waitlist.$inferSelect;

export type ClaimOutcome =
  | { status: "claimed"; ticketToken: string }
  | { status: keyof Omit<typeof OFFER_MESSAGES, "claimed" | "left" | "invalid"> | "invalid" };

type Keys = { secret: string; now?: Date };

/** The entry a waitlist link names, with its place in line while waiting and its ticket once claimed. */
export async function waitlistEntryByToken(db: DbOrTx, token: string, secret: string) {
  const id = verifyWaitlistToken(token, secret);
  if (!id) return undefined;
  const [entry] = await db.select().from(waitlist).where(eq(waitlist.id, id));
  if (!entry) return undefined;
  const claimed = entry.status === "claimed" ? await ticketOf(db, entry, secret) : undefined;
  return {
    entry,
    position: entry.status === "waiting" ? await positionOf(db, entry.seq) : null,
    ticketToken: claimed?.status === "claimed" ? claimed.ticketToken : null,
  };
}

/** Turns an open offer into a registration (ticket e-mail as usual), in one transaction. */
export async function claimOffer(db: Db, token: string, { secret, now = new Date() }: Keys): Promise<ClaimOutcome> {
  const id = verifyWaitlistToken(token, secret);
  if (!id) return { status: "invalid" };
  return db.transaction(async (tx) => {
    const event = await lockSeats(tx);
    const [entry] = await tx.select().from(waitlist).where(eq(waitlist.id, id)).for("update");
    if (!event || !entry) return { status: "invalid" as const };
    if (entry.status === "claimed") return ticketOf(tx, entry, secret);
    if (entry.status === "waiting") return { status: "notOffered" as const };
    if (entry.status !== "offered") return { status: entry.status };
    if (entry.offer_expires_at && entry.offer_expires_at <= now) {
      await settleWaitlist(tx, { now });
      return { status: "expired" as const };
    }
    if (hasEventPassed(now, event)) return { status: "concluded" as const };
    // The offer held this seat; it is short only if an organiser lowered the capacity meanwhile.
    if (event.registered_count >= event.max_attendees) return { status: "full" as const };

    const ticketId = generateTicketId(now.getTime());
    const { id: _id, seq, status, joined_at, offered_at, offer_expires_at, decided_at, attendee_id, ...person } = entry;
    const values = { ...person, id: randomUUID(), ticket_id: ticketId, created_at: now };
    const inserted = await tx.insert(attendees).values(values).onConflictDoNothing().returning({ id: attendees.id });
    if (inserted.length === 0) {
      // They registered by other means meanwhile: the seat goes on to the next person.
      await tx.update(waitlist).set({ status: "declined", decided_at: now }).where(eq(waitlist.id, entry.id));
      await settleWaitlist(tx, { now });
      return { status: "duplicate" as const };
    }
    await tx.update(waitlist).set({ status: "claimed", decided_at: now, attendee_id: values.id }).where(eq(waitlist.id, entry.id));
    await enqueueTicket(tx, { attendee: values, eventName: event.event_name });
    await recordAudit(tx, SELF_SERVICE_ACTOR, {
      action: "waitlist.claim",
      entity: "waitlist",
      entityId: entry.id,
      details: { attendeeId: values.id, ticketId },
    });
    return { status: "claimed" as const, ticketToken: signSelfServiceToken(values.id, secret) };
  });
}

async function ticketOf(tx: DbOrTx, entry: WaitlistEntry, secret: string): Promise<ClaimOutcome> {
  if (!entry.attendee_id) return { status: "invalid" };
  const [attendee] = await tx.select({ id: attendees.id }).from(attendees).where(eq(attendees.id, entry.attendee_id));
  return attendee ? { status: "claimed", ticketToken: signSelfServiceToken(attendee.id, secret) } : { status: "invalid" };
}

export type LetGoOutcome = "declined" | "left" | "invalid" | "decided";

/** The person declines the offered seat; it passes to the next in line. */
export async function declineOffer(db: Db, token: string, { secret, now = new Date() }: Keys): Promise<LetGoOutcome> {
  const id = verifyWaitlistToken(token, secret);
  if (!id) return "invalid";
  return db.transaction(async (tx) => {
    await lockSeats(tx);
    const [entry] = await tx.select().from(waitlist).where(eq(waitlist.id, id)).for("update");
    if (!entry) return "invalid";
    if (entry.status !== "offered") return "decided";
    await tx.update(waitlist).set({ status: "declined", decided_at: now }).where(eq(waitlist.id, id));
    await recordAudit(tx, SELF_SERVICE_ACTOR, { action: "waitlist.decline", entity: "waitlist", entityId: id });
    await settleWaitlist(tx, { now });
    return "declined";
  });
}

/**
 * Takes someone off the waitlist and deletes what they gave (they leave by their link, or
 * an organiser removes them). An open offer they held passes on. A claimed entry stays: it
 * is the history of a registration, which has its own cancel and erase.
 */
export async function removeFromWaitlist(db: Db, id: string, actor: AuditActor, now = new Date()): Promise<LetGoOutcome> {
  return db.transaction(async (tx) => {
    await lockSeats(tx);
    const [entry] = await tx.select({ status: waitlist.status }).from(waitlist).where(eq(waitlist.id, id)).for("update");
    if (!entry) return "invalid";
    if (entry.status === "claimed") return "decided";
    await tx.delete(waitlist).where(eq(waitlist.id, id));
    await recordAudit(tx, actor, { action: "waitlist.remove", entity: "waitlist", entityId: id });
    await settleWaitlist(tx, { now });
    return "left";
  });
}

/** Leaving by one's own link. */
export async function leaveWaitlist(db: Db, token: string, { secret, now = new Date() }: Keys): Promise<LetGoOutcome> {
  const id = verifyWaitlistToken(token, secret);
  return id ? removeFromWaitlist(db, id, SELF_SERVICE_ACTOR, now) : "invalid";
}

export const OFFER_NEXT_MESSAGES = {
  offered: "The next person in line has been offered a seat.",
  noSeat: "No seat is free to offer. Raise Maximum Attendees in Event Settings, or wait for a cancellation.",
  nobody: "Nobody is waiting.",
  concluded: "The event has concluded.",
} as const;

/** An organiser's 'Offer next seat': one offer if a seat is free, also while registration is closed. */
export async function offerNextSeat(db: Db, actor: AuditActor, now = new Date()): Promise<keyof typeof OFFER_NEXT_MESSAGES> {
  return db.transaction(async (tx) => {
    const event = await lockSeats(tx);
    if (!event || hasEventPassed(now, event)) return "concluded";
    const [waiting] = await tx.select({ id: waitlist.id }).from(waitlist).where(eq(waitlist.status, "waiting")).limit(1);
    if (!waiting) return "nobody";
    const offered = await settleWaitlist(tx, { now, byHand: actor });
    return offered.length > 0 ? "offered" : "noSeat";
  });
}
