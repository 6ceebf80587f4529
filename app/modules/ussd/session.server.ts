import { createHash } from "node:crypto";
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { countHit } from "~/db/counters.server";
import { isPerson } from "~/db/person-key";
import { attendees, ussd_drafts, waitlist } from "~/db/schema";
import { languageOr } from "~/i18n/languages";
import type { RegisteringPerson } from "~/modules/person/person-values";
import { storedPhone } from "~/modules/person/phone.server";
import { enqueuePrivacyNoticeSms } from "~/modules/registration/privacy-sms.server";
import { registerIn } from "~/modules/registration/registration.server";
import { formatEventDate } from "~/modules/settings/event-time";
import { registrationStatus } from "~/modules/settings/registration-status";
import { getSettings } from "~/modules/settings/settings.server";
import { cancelRegistrationById } from "~/modules/tickets/cancel.server";
import { enqueueTicket } from "~/modules/tickets/ticket-mail.server";
import { joinWaitlistByPhone } from "~/modules/waitlist/join-by-phone.server";
import { positionOf, settleWaitlist } from "~/modules/waitlist/waitlist.server";
import { type CompleteDraft, parseDraft, type UssdContext, type UssdDraft, ussdOutcome, ussdStep } from "./menu";

// One USSD request, as the gateway sends it: the menu (menu.ts) replays every answer of the
// session from the start, this module gives it what it needs to know (the number's
// registration, a draft left within half an hour), does what the last answer asked (register,
// cancel, send the ticket or the privacy notice by SMS: rows in the outbox, never a call to a
// gateway inside the request) and keeps the draft. Gateways retry a request they got no answer
// to: the same text in the same session gets the same answer and does nothing twice.

export type UssdRequest = { sessionId: string; serviceCode: string; phoneNumber: string; networkCode: string; text: string };

/** A draft left this long ago is offered to continue when the number dials again. */
export const RESUME_WITHIN_MS = 30 * 60_000;
/** Drafts untouched this long are deleted (sweepUssdDrafts). */
const DRAFT_LIFETIME_MS = 24 * 60 * 60_000;
/** Requests one number may make in ten minutes: a long session is some 20. */
export const USSD_REQUESTS_PER_10_MINUTES = 120;
/** "Send my ticket again" by SMS, per number per hour (the daily ceiling of public SMS holds too). */
const USSD_RESENDS_PER_HOUR = 2;

const TEN_MINUTES_MS = 10 * 60_000;
const HOUR_MS = 60 * 60_000;

/** What the drafts table keeps for a number (its `draft` column). */
type Stored = {
  /** the menu's own draft (draft.ts: where this session started and where it is), or null */
  menu: UssdDraft | null;
  /** the last request's text and answer: a gateway's retry gets the same answer */
  lastText: string;
  lastReply: string;
};

// Counters are keyed by a hash, so the rate table holds no phone number.
const numberKey = (purpose: string, phone: string) => `${purpose}:${createHash("sha256").update(phone).digest("hex").slice(0, 24)}`;

function storedOf(value: unknown): Stored | null {
  if (!value || typeof value !== "object") return null;
  const raw = value as Record<string, unknown>;
  return {
    menu: parseDraft(raw.menu),
    lastText: typeof raw.lastText === "string" ? raw.lastText : "",
    lastReply: typeof raw.lastReply === "string" ? raw.lastReply : "",
  };
}

/** The number's registration (or place in line) made by USSD, for the menu's first screen. */
async function registrationOf(db: DbOrTx, phone: string): Promise<UssdContext["registration"]> {
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

/** The answer (text/plain, "CON …" or "END …") to one gateway request. */
export async function answerUssd(db: Db, request: UssdRequest, options: { secret: string; now?: Date }): Promise<string> {
  const now = options.now ?? new Date();
  const phone = storedPhone(request.phoneNumber);
  const [row] = await db.select().from(ussd_drafts).where(eq(ussd_drafts.phone, phone));
  const stored = row ? storedOf(row.draft) : null;
  const sameSession = row?.session_id === request.sessionId;
  // A gateway's retry: the answer already given, and nothing done again.
  if (sameSession && stored?.lastReply && stored.lastText === request.text) return stored.lastReply;
  if ((await countHit(db, numberKey("ussd", phone), TEN_MINUTES_MS, now)) > USSD_REQUESTS_PER_10_MINUTES) {
    return ussdOutcome({ type: "busy" }, stored?.menu?.progress?.language ?? "en");
  }

  const settings = await getSettings(db);
  // The menu's draft: this session's own, or one a session of this number left in the last half hour.
  const recent = row !== undefined && now.getTime() - row.updated_at.getTime() < RESUME_WITHIN_MS;
  const status = registrationStatus({ ...settings, held_seats: 0 }, now);
  const context: UssdContext = {
    sessionId: request.sessionId,
    registration: await registrationOf(db, phone),
    savedDraft: sameSession || recent ? (stored?.menu ?? null) : null,
    event: {
      name: settings.event_name,
      venue: settings.venue,
      date: { en: formatEventDate(settings.event_date, "en", "long"), ha: formatEventDate(settings.event_date, "ha", "long") },
    },
    registrationOpen: status.state === "open" || status.state === "full",
  };
  const step = ussdStep(request.text, context);
  let reply = step.reply;
  let keep: UssdDraft | null = step.draft;

  const action = step.action;
  if (action?.type === "register") {
    reply = ussdOutcome(await register(db, phone, action.draft, { secret: options.secret, now }), action.draft.language);
    keep = null;
  } else if (action?.type === "send-privacy-link") {
    await db.transaction((tx) => enqueuePrivacyNoticeSms(tx, phone, action.language));
  } else if (action?.type === "resend-ticket") {
    reply = ussdOutcome(await resend(db, phone, now), context.registration?.language ?? "en");
  } else if (action?.type === "cancel") {
    reply = ussdOutcome(await cancel(db, phone), context.registration?.language ?? "en");
  }

  const value: Stored = { menu: keep, lastText: request.text, lastReply: reply };
  await db
    .insert(ussd_drafts)
    .values({ phone, session_id: request.sessionId, draft: value, updated_at: now })
    .onConflictDoUpdate({ target: ussd_drafts.phone, set: { session_id: request.sessionId, draft: value, updated_at: now } });
  return reply;
}

type Outcome = Parameters<typeof ussdOutcome>[0];

/** Registers the number from a finished menu, in registration's own transaction; full: the waitlist. */
async function register(db: Db, phone: string, draft: CompleteDraft, options: { secret: string; now: Date }): Promise<Outcome> {
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
    channel: "ussd",
    sms_opt_in: true,
  };
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const result = await registerIn(tx, person, options);
    if (result.ok) return { type: "registered", ticketId: result.ticketId };
    if (result.reason === "duplicate") {
      const existing = await registrationOf(tx, phone);
      if (existing && !("waitlisted" in existing && existing.waitlisted))
        return { type: "already-registered", ticketId: existing.ticketId };
    }
    if (result.reason === "full") {
      const joined = await joinWaitlistByPhone(tx, person, options.now);
      return joined.ok ? { type: "waitlisted", position: joined.position } : { type: joined.reason === "open" ? "error" : "full" };
    }
    if (result.reason === "closed" || result.reason === "concluded") return { type: "closed" };
    return { type: "error" };
  });
  return outcome;
}

/** "Send my ticket again": by SMS, a couple of times an hour at most. */
async function resend(db: Db, phone: string, now: Date): Promise<Outcome> {
  if ((await countHit(db, numberKey("ussd-resend", phone), HOUR_MS, now)) > USSD_RESENDS_PER_HOUR) return { type: "resend-limited" };
  const settings = await getSettings(db);
  const sent = await db.transaction(async (tx) => {
    const [attendee] = await tx
      .select()
      .from(attendees)
      .where(isPerson(attendees, { ussdPhone: phone }));
    if (!attendee) return false;
    await enqueueTicket(tx, { attendee, eventName: settings.event_name, kind: "ticket-self-resend", channels: ["sms"] });
    return true;
  });
  return sent ? { type: "resent" } : { type: "error" };
}

/** Cancels the number's registration (the seat goes to the waitlist), or leaves its place in line. */
async function cancel(db: Db, phone: string): Promise<Outcome> {
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

/** Deletes drafts untouched for a day (they hold a name and a number). */
export async function sweepUssdDrafts(db: DbOrTx, now = new Date()): Promise<number> {
  const gone = await db
    .delete(ussd_drafts)
    .where(lt(ussd_drafts.updated_at, new Date(now.getTime() - DRAFT_LIFETIME_MS)))
    .returning({ phone: ussd_drafts.phone });
  return gone.length;
}
