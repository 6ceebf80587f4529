import { eq, lt } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { countHit } from "~/db/counters.server";
import { ussd_drafts } from "~/db/schema";
import { whatsappOn } from "~/modules/mail/whatsapp-outbox.server";
import { storedPhone } from "~/modules/person/phone.server";
import { enqueuePrivacyNoticeSms } from "~/modules/registration/privacy-sms.server";
import { formatEventDate } from "~/modules/settings/event-time";
import { registrationStatus } from "~/modules/settings/registration-status";
import { getSettings } from "~/modules/settings/settings.server";
import { parseDraft, type UssdContext, type UssdDraft, ussdOutcome, ussdStep } from "./menu";
import { cancelByPhone, numberKey, registerByPhone, registrationOf, resendByPhone } from "./phone-actions.server";

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

const TEN_MINUTES_MS = 10 * 60_000;

/** What the drafts table keeps for a number (its `draft` column). */
type Stored = {
  /** the menu's own draft (draft.ts: where this session started and where it is), or null */
  menu: UssdDraft | null;
  /** the last request's text and answer: a gateway's retry gets the same answer */
  lastText: string;
  lastReply: string;
};

function storedOf(value: unknown): Stored | null {
  if (!value || typeof value !== "object") return null;
  const raw = value as Record<string, unknown>;
  return {
    menu: parseDraft(raw.menu),
    lastText: typeof raw.lastText === "string" ? raw.lastText : "",
    lastReply: typeof raw.lastReply === "string" ? raw.lastReply : "",
  };
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
    offerWhatsApp: whatsappOn(),
  };
  const step = ussdStep(request.text, context);
  let reply = step.reply;
  let keep: UssdDraft | null = step.draft;

  const action = step.action;
  if (action?.type === "register") {
    reply = ussdOutcome(
      await db.transaction((tx) => registerByPhone(tx, phone, action.draft, { secret: options.secret, now, channel: "ussd" })),
      action.draft.language,
    );
    keep = null;
  } else if (action?.type === "send-privacy-link") {
    await db.transaction((tx) => enqueuePrivacyNoticeSms(tx, phone, action.language));
  } else if (action?.type === "resend-ticket") {
    reply = ussdOutcome(await resendByPhone(db, phone, now, "sms"), context.registration?.language ?? "en");
  } else if (action?.type === "cancel") {
    reply = ussdOutcome(await cancelByPhone(db, phone), context.registration?.language ?? "en");
  }

  const value: Stored = { menu: keep, lastText: request.text, lastReply: reply };
  await db
    .insert(ussd_drafts)
    .values({ phone, session_id: request.sessionId, draft: value, updated_at: now })
    .onConflictDoUpdate({ target: ussd_drafts.phone, set: { session_id: request.sessionId, draft: value, updated_at: now } });
  return reply;
}

/** Deletes drafts untouched for a day (they hold a name and a number). */
export async function sweepUssdDrafts(db: DbOrTx, now = new Date()): Promise<number> {
  const gone = await db
    .delete(ussd_drafts)
    .where(lt(ussd_drafts.updated_at, new Date(now.getTime() - DRAFT_LIFETIME_MS)))
    .returning({ phone: ussd_drafts.phone });
  return gone.length;
}
