import { createHash } from "node:crypto";
import { and, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { countHit } from "~/db/counters.server";
import { isPerson } from "~/db/person-key";
import { attendees, waitlist } from "~/db/schema";
import { languageOr } from "~/i18n/languages";
import type { RegisteringPerson } from "~/modules/person/person-values";
import { whatsappConsent } from "~/modules/person/whatsapp-consent.server";
import { registerIn } from "~/modules/registration/registration.server";
import { getSettings } from "~/modules/settings/settings.server";
import { cancelRegistrationById } from "~/modules/tickets/cancel.server";
import { enqueueTicket } from "~/modules/tickets/ticket-mail.server";
import { joinWaitlistByPhone } from "~/modules/waitlist/join-by-phone.server";
import { positionOf, settleWaitlist } from "~/modules/waitlist/waitlist.server";
import type { CompleteDraft, UssdContext, UssdOutcome } from "./menu";

// What a finished phone menu does, for the USSD session (session.server.ts) and the WhatsApp
// chat (modules/chat), which walks the same menu: register the number through the web's own
// transaction (capacity, duplicates, the per-phone rules) or put it on the waitlist when full,
// send the ticket again, cancel. The number is the person (a PersonKey of it, app/db/person-key.ts).

/** Where the menu is answered: the ticket and the offer then come by SMS (USSD) or on WhatsApp (chat). */
export type PhoneChannel = "ussd" | "whatsapp";

// Counters are keyed by a hash, so the rate table holds no phone number.
export const numberKey = (purpose: string, phone: string) => `${purpose}:${createHash("sha256").update(phone).digest("hex").slice(0, 24)}`;

/** "Send my ticket again", per number per hour (the daily ceiling of public messages holds too). */
const RESENDS_PER_HOUR = 2;
const HOUR_MS = 60 * 60_000;

/** One more "send my ticket again" for this number this hour, by SMS or on WhatsApp (each its own count): counts it. */
export async function resendAllowed(db: DbOrTx, phone: string, now: Date, via: "sms" | "whatsapp"): Promise<boolean> {
  return (await countHit(db, numberKey(`${via === "sms" ? "ussd" : "chat"}-resend`, phone), HOUR_MS, now)) <= RESENDS_PER_HOUR;
}

/** The number's registration (or place in line), for the menu's first screen. */
export async function registrationOf(db: DbOrTx, phone: string): Promise<UssdContext["registration"]> {
  const [attendee] = await db
    .select({ ticketId: attendees.ticket_id, language: attendees.language })
    .from(attendees)
    .where(isPerson(attendees, { ussdPhone: phone }));
  if (attendee) return { ticketId: attendee.ticketId, language: languageOr(attendee.language) };
  const [entry] = await db
    .select({ seq: waitlist.seq, language: waitlist.language })
    .from(waitlist)
    .where(and(isPerson(waitlist, { ussdPhone: phone }), inArray(waitlist.status, ["waiting", "offered"])));
  if (entry) return { waitlisted: true, language: languageOr(entry.language), position: await positionOf(db, entry.seq) };
  return null;
}

/**
 * Registers the number from a finished menu, in the caller's transaction (registration's own
 * rules inside it); full: the waitlist. By chat the person asked for WhatsApp by writing to it,
 * so the ticket comes there, recorded like a ticked box; by USSD it comes by SMS, and on WhatsApp
 * too when they answered the menu's question "Yes".
 */
export async function registerByPhone(
  tx: DbOrTx,
  phone: string,
  draft: CompleteDraft,
  options: { secret: string; now: Date; channel: PhoneChannel },
): Promise<UssdOutcome> {
  const person: RegisteringPerson = {
    full_name: draft.fullName,
    email: null,
    phone,
    gender: draft.gender,
    organization: "",
    position: "",
    state: draft.state,
    local_government: draft.localGovernment,
    reason: "",
    consent_at: options.now,
    consent_version: draft.privacyNoticeVersion,
    language: draft.language,
    channel: options.channel,
    sms_opt_in: options.channel === "ussd",
    // By chat: writing to the number is asking. By USSD: the menu's own question, answered "Yes".
    ...whatsappConsent(options.channel === "whatsapp" || draft.whatsapp === true, options.now),
  };
  const result = await registerIn(tx, person, options);
  if (result.ok) return { type: "registered", ticketId: result.ticketId };
  if (result.reason === "duplicate") {
    const existing = await registrationOf(tx, phone);
    if (existing && !("waitlisted" in existing && existing.waitlisted)) return { type: "already-registered", ticketId: existing.ticketId };
  }
  if (result.reason === "full") {
    const joined = await joinWaitlistByPhone(tx, person, options.now);
    return joined.ok ? { type: "waitlisted", position: joined.position } : { type: joined.reason === "open" ? "error" : "full" };
  }
  if (result.reason === "closed" || result.reason === "concluded") return { type: "closed" };
  return { type: "error" };
}

/** "Send my ticket again": by SMS (USSD) or on WhatsApp (chat), a couple of times an hour at most. */
export async function resendByPhone(db: DbOrTx, phone: string, now: Date, via: "sms" | "whatsapp"): Promise<UssdOutcome> {
  if (!(await resendAllowed(db, phone, now, via))) return { type: "resend-limited" };
  const settings = await getSettings(db);
  const sent = await db.transaction(async (tx) => {
    const [attendee] = await tx
      .select()
      .from(attendees)
      .where(isPerson(attendees, { ussdPhone: phone }));
    if (!attendee) return false;
    // Asked for from this very phone: it goes there, whatever the form said.
    const asked = via === "sms" ? { sms_opt_in: true } : { whatsapp_opt_in: true };
    await enqueueTicket(tx, {
      attendee: { ...attendee, ...asked },
      eventName: settings.event_name,
      kind: "ticket-self-resend",
      channels: [via],
    });
    return true;
  });
  return sent ? { type: "resent" } : { type: "error" };
}

/** Cancels the number's registration (the seat goes to the waitlist), or leaves its place in line. */
export async function cancelByPhone(db: DbOrTx, phone: string): Promise<UssdOutcome> {
  const [attendee] = await db
    .select({ id: attendees.id, ticketId: attendees.ticket_id })
    .from(attendees)
    .where(isPerson(attendees, { ussdPhone: phone }));
  if (!attendee) {
    const left = await db
      .update(waitlist)
      .set({ status: "declined", decided_at: sql`now()` })
      .where(and(isPerson(waitlist, { ussdPhone: phone }), inArray(waitlist.status, ["waiting", "offered"])))
      .returning({ id: waitlist.id });
    if (left.length > 0) await db.transaction((tx) => settleWaitlist(tx));
    return left.length > 0 ? { type: "left-waitlist" } : { type: "error" };
  }
  const outcome = await cancelRegistrationById(db, attendee.id, (tx) => settleWaitlist(tx));
  if (outcome.status === "checked-in") return { type: "checked-in" };
  return outcome.status === "cancelled" || outcome.status === "already"
    ? { type: "cancelled", ticketId: attendee.ticketId }
    : { type: "error" };
}
