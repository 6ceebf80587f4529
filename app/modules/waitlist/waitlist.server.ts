import { and, asc, count, eq, inArray, lte } from "drizzle-orm";
import { z } from "zod";
import type { Db, DbOrTx } from "~/db/client.server";
import { normalizeEmail } from "~/db/email";
import { attendees, emailEquals, waitlist } from "~/db/schema";
import { DEFAULT_LANGUAGE, type Language, languageOr } from "~/i18n/languages";
import { translator } from "~/i18n/translate.server";
import { type AuditActor, recordAudit } from "~/modules/audit/audit.server";
import { defineMessage, queueMessage } from "~/modules/mail/message-registry.server";
import { type PersonInput, personValues } from "~/modules/person/person-values";
import { MAX_REGISTRATIONS_PER_PHONE, REGISTRATION_MESSAGES, recordFutureEditions } from "~/modules/registration/registration.server";
import { doorReserve, type RegistrationState, registrationStatus } from "~/modules/settings/registration-status";
import { lockSeats } from "~/modules/settings/seats.server";
import { enqueueOfferSms } from "./waitlist-sms.server";
import { signWaitlistToken } from "./waitlist-token.server";
import { enqueueOfferWhatsApp } from "./waitlist-whatsapp.server";

// The waitlist's rules, all decided under the settings row's lock (the same lock
// registration takes), so a seat is counted once whoever races for it:
// - a seat is free when registered + open offers < capacity;
// - registration counts open offers as taken, so a newcomer never takes an offered seat;
// - every change that can free a seat (cancel, delete, capacity raised, an offer declined
//   or expired, someone leaving) ends with settleWaitlist in its own transaction, which
//   turns each free seat into an offer to the first person waiting.

const waitlistData = z.object({ waitlistId: z.string() });
/** "You're on the waitlist", with the place in line. */
export const waitlistJoinedMessage = defineMessage({ name: "waitlist-joined", data: waitlistData, channels: ["email"] });
/** "A seat is free for you", with the deadline (by SMS too: waitlist-sms.server.ts). */
export const waitlistOfferMessage = defineMessage({ name: "waitlist-offer", data: waitlistData, channels: ["email"] });

export const WAITLIST_MESSAGES = {
  already: "waitlistJoin.already",
  seatsOpen: "waitlistJoin.seatsOpen",
  failed: "waitlistJoin.failed",
} as const;

/** System actions (an offer made or expired by itself) in the Activity log. */
const WAITLIST_ACTOR: AuditActor = { id: null, email: "Waitlist (automatic)" };

export type JoinResult =
  | { ok: true; id: string; position: number; token: string; email: string }
  | { ok: false; reason: RegistrationState | "duplicate" | "phone" | "already" | "failed"; message: string };

/** Joins the waitlist: only while the event is fully booked, once per e-mail, answered with the place in line. */
export async function joinWaitlist(db: Db, input: PersonInput, options: { secret: string; now?: Date }): Promise<JoinResult> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const result = await joinWaitlistIn(tx, input, { ...options, now });
    // "Tell me about future editions" is recorded with the place in line, as with a registration.
    if (result.ok && input.futureEditions === "on") await recordFutureEditions(tx, personValues(input, now));
    return result;
  });
}

type PersonConsent =
  | "consent_at"
  | "consent_version"
  | "sms_opt_in"
  | "whatsapp_opt_in"
  | "whatsapp_consent_at"
  | "whatsapp_consent_version";

/** Joining, inside the caller's transaction (a held registration confirmed while the event is full joins this way). */
export async function joinWaitlistIn(
  tx: DbOrTx,
  input: PersonInput,
  options: {
    secret: string;
    now?: Date;
    /** consents given earlier, kept as given (a held registration confirmed into the line): when, under which notice, SMS, WhatsApp */
    kept?: Partial<Pick<typeof waitlist.$inferInsert, PersonConsent>>;
  },
): Promise<JoinResult> {
  const now = options.now ?? new Date();
  const email = normalizeEmail(input.email);
  {
    const event = await lockSeats(tx);
    if (!event) return { ok: false as const, reason: "failed" as const, message: WAITLIST_MESSAGES.failed };
    const status = registrationStatus(event, now);
    if (status.state === "open") return { ok: false as const, reason: "open" as const, message: WAITLIST_MESSAGES.seatsOpen };
    if (status.state !== "full") return { ok: false as const, reason: status.state, message: status.message };
    const [registered] = await tx.select({ id: attendees.id }).from(attendees).where(emailEquals(attendees.email, email));
    if (registered) return { ok: false as const, reason: "duplicate" as const, message: REGISTRATION_MESSAGES.duplicate };
    const person = { ...personValues(input, now), ...options.kept };
    const [inLine] = await tx
      .select({ n: count() })
      .from(waitlist)
      .where(and(eq(waitlist.phone, person.phone), inArray(waitlist.status, ["waiting", "offered"])));
    if ((inLine?.n ?? 0) >= MAX_REGISTRATIONS_PER_PHONE)
      return { ok: false as const, reason: "phone" as const, message: REGISTRATION_MESSAGES.phone };

    const [row] = await tx
      .insert(waitlist)
      .values({ ...person, joined_at: now })
      .onConflictDoNothing()
      .returning({ id: waitlist.id, seq: waitlist.seq });
    if (!row) return { ok: false as const, reason: "already" as const, message: WAITLIST_MESSAGES.already };
    await queueMessage(
      tx,
      waitlistJoinedMessage,
      "email",
      { waitlistId: row.id },
      {
        to: email,
        subject: translator(languageOr(person.language), "mail")("waitlist.joinedSubject", { event: event.event_name }),
        kind: "waitlist-joined",
      },
    );
    const position = await positionOf(tx, row.seq);
    return { ok: true as const, id: row.id, position, token: signWaitlistToken(row.id, options.secret), email };
  }
}

/** The place in line of a waiting entry: 1 is next. */
export async function positionOf(db: DbOrTx, seq: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(waitlist)
    .where(and(eq(waitlist.status, "waiting"), lte(waitlist.seq, seq)));
  return row?.n ?? 0;
}

export type SettleOptions = {
  now?: Date;
  /** An organiser's 'Offer next seat': one offer, also while registration is closed. */
  byHand?: AuditActor;
};

/**
 * Inside the caller's transaction: expires offers past their time, then offers every free
 * seat to the people waiting, in order. Returns the ids offered a seat.
 */
export async function settleWaitlist(tx: DbOrTx, options: SettleOptions = {}): Promise<string[]> {
  const now = options.now ?? new Date();
  const event = await lockSeats(tx);
  if (!event) return [];
  const expired = await tx
    .update(waitlist)
    .set({ status: "expired", decided_at: now })
    .where(and(eq(waitlist.status, "offered"), lte(waitlist.offer_expires_at, now)))
    .returning({ id: waitlist.id });
  for (const entry of expired) {
    await recordAudit(tx, WAITLIST_ACTOR, { action: "waitlist.expire", entity: "waitlist", entityId: entry.id });
  }
  const held = event.held_seats - expired.length;
  const status = registrationStatus(event, now);
  // Offers go out while registration would be open to newcomers; an organiser may also hand one out while it is closed.
  if (status.state === "concluded" || (!options.byHand && !event.registration_enabled)) return [];
  // Seats kept for walk-ins are not offered: they are for the door on event day.
  const free = event.max_attendees - event.registered_count - held - doorReserve(event);
  const wanted = options.byHand ? Math.min(1, free) : free;
  if (wanted <= 0) return [];

  const next = await tx
    .select({
      id: waitlist.id,
      email: waitlist.email,
      language: waitlist.language,
      phone: waitlist.phone,
      sms_opt_in: waitlist.sms_opt_in,
      whatsapp_opt_in: waitlist.whatsapp_opt_in,
    })
    .from(waitlist)
    .where(eq(waitlist.status, "waiting"))
    .orderBy(asc(waitlist.seq))
    .limit(wanted)
    .for("update");
  if (next.length === 0) return [];
  const expires = new Date(now.getTime() + event.waitlist_offer_hours * 3_600_000);
  const ids = next.map((entry) => entry.id);
  await tx.update(waitlist).set({ status: "offered", offered_at: now, offer_expires_at: expires }).where(inArray(waitlist.id, ids));
  for (const entry of next) {
    if (entry.email !== null) {
      await queueMessage(
        tx,
        waitlistOfferMessage,
        "email",
        { waitlistId: entry.id },
        { to: entry.email, subject: offerSubject(event.event_name, languageOr(entry.language)), kind: "waitlist-offer" },
      );
    }
    await enqueueOfferSms(tx, entry);
    await enqueueOfferWhatsApp(tx, entry);
    await recordAudit(tx, options.byHand ?? WAITLIST_ACTOR, {
      action: "waitlist.offer",
      entity: "waitlist",
      entityId: entry.id,
      details: { expiresAt: expires.toISOString() },
    });
  }
  return ids;
}

export function offerSubject(eventName: string, language: Language = DEFAULT_LANGUAGE): string {
  return translator(language, "mail")("waitlist.offerSubject", { event: eventName }).replace(/\s+/g, " ").trim();
}

/** Settles the waitlist in a transaction of its own (the worker's minute check). */
export async function settleWaitlistNow(db: Db, now = new Date()): Promise<string[]> {
  return db.transaction((tx) => settleWaitlist(tx, { now }));
}
