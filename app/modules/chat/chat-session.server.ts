import { randomUUID } from "node:crypto";
import { eq, lt, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db, DbOrTx } from "~/db/client.server";
import { countHit } from "~/db/counters.server";
import { whatsapp_chats, whatsapp_inbound } from "~/db/schema";
import { defineMessage, queueMessage } from "~/modules/mail/message-registry.server";
import { storedPhone } from "~/modules/person/phone.server";
import { stopWhatsApp } from "~/modules/person/whatsapp-consent.server";
import { formatEventDate } from "~/modules/settings/event-time";
import { registrationStatus } from "~/modules/settings/registration-status";
import { getSettings } from "~/modules/settings/settings.server";
import { parseDraft, type UssdContext, type UssdLanguage, ussdOutcome, ussdStep } from "~/modules/ussd/menu";
import { cancelByPhone, numberKey, registerByPhone, registrationOf, resendByPhone } from "~/modules/ussd/phone-actions.server";
import { screenText } from "~/modules/ussd/screen-text";
import { type WhatsAppPayload, whatsappPayloadSchema } from "~/modules/whatsapp/payload";
import type { InboundMessage } from "~/modules/whatsapp/webhook-payload";
import { type ChatKeyword, keywordOf, restartAndReconsent } from "./chat-keywords.server";
import { chatScreen } from "./chat-screens";
import { resendWhatsAppTickets } from "./chat-tickets.server";
import { chatSay, chatWords } from "./chat-words.server";

// Registration by chatting with the summit's WhatsApp number (docs/WHATSAPP.md): the USSD menu
// (ussd/menu.ts), walked one message at a time. A conversation keeps every answer so far, and
// each message replays them all from the first screen, as a USSD request does, so the same
// answers always reach the same screen; the last answer's action (register, send the ticket
// again, cancel) goes through the same functions as USSD's. Its screens become buttons and lists
// (chat-screens.ts). Everything one message does is one transaction that starts by recording its
// id: Meta's second delivery of a message finds it recorded and does nothing, even at the same
// moment; a failure rolls the record back, so Meta's retry does it all.

/** A reply in the chat, made when the person wrote (the screen they reached): rendered as is. */
export const chatReplyMessage = defineMessage({
  name: "whatsapp-chat",
  data: z.object({ payload: whatsappPayloadSchema }),
  channels: ["whatsapp"],
});

/** A conversation left this long is offered to continue (the menu's "Continue / Start again"). */
const IDLE_MS = 30 * 60_000;
/** Conversations untouched this long are deleted (sweepChats): they hold a name and a number. */
const CHAT_LIFETIME_MS = 24 * 60 * 60_000;
/** Messages one number may send in ten minutes: a whole registration is some 10. */
const CHAT_MESSAGES_PER_10_MINUTES = 60;
const TEN_MINUTES_MS = 10 * 60_000;

export type ChatOptions = { secret: string; publicUrl: string; now?: Date };
export type ChatAnswer = "answered" | "duplicate" | "limited";

type ChatRow = typeof whatsapp_chats.$inferSelect;

/** Acts on one message a person wrote to the summit's number, once. */
export async function answerChat(db: Db, message: InboundMessage, options: ChatOptions): Promise<ChatAnswer> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(whatsapp_inbound)
      .values({ message_id: message.id })
      .onConflictDoNothing()
      .returning({ id: whatsapp_inbound.message_id });
    if (!fresh) return "duplicate";
    const phone = storedPhone(message.from);
    // One message of a number at a time: the next waits for this one's answers to be kept.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`whatsapp-chat:${phone}`}))`);
    const hits = await countHit(tx, numberKey("chat", phone), TEN_MINUTES_MS, now);
    const [row] = await tx.select().from(whatsapp_chats).where(eq(whatsapp_chats.phone, phone)).for("update");
    const registration = await registrationOf(tx, phone);
    const language = registration?.language ?? parseDraft(row?.draft)?.progress?.language ?? null;
    const reply = (payload: WhatsAppPayload) =>
      queueMessage(tx, chatReplyMessage, "whatsapp", { payload }, { to: phone, kind: "chat", answering: true });
    if (hits > CHAT_MESSAGES_PER_10_MINUTES) {
      // Said once; past that a flood gets no answers (each would be a message sent).
      if (hits === CHAT_MESSAGES_PER_10_MINUTES + 1) await reply(text(ussdOutcome({ type: "busy" }, language ?? "en")));
      return "limited";
    }
    const keyword = keywordOf(message);
    if (keyword === "stop" || keyword === "start") {
      await keywordReply(tx, keyword, phone, language, reply, now);
      return "answered";
    }
    if (keyword === "ticket" && !registration) {
      // Registered on the web with this number for WhatsApp: those tickets, here.
      const resent = await resendWhatsAppTickets(tx, phone, now);
      await reply(
        text(
          resent
            ? both(language, (l) => chatWords(ussdOutcome(resent, l), l, privacyUrl(options)))
            : both(language, (l) => chatSay(l).noTicket),
        ),
      );
      return "answered";
    }
    if (keyword === "cancel" && !registration) {
      await reply(text(both(language, (l) => chatSay(l).noTicket)));
      return "answered";
    }
    if (keyword === "ticket") {
      const outcome = await resendByPhone(tx, phone, now, "whatsapp");
      const lang = registration?.language ?? "en";
      await reply(text(chatWords(ussdOutcome(outcome, lang), lang, privacyUrl(options))));
      return "answered";
    }
    const active = row !== undefined && row.session_id !== "" && now.getTime() - row.updated_at.getTime() < IDLE_MS;
    const conversation = nextConversation(row, message, keyword, active);
    await walkMenu(tx, phone, row, conversation, registration, { ...options, now }, reply);
    return "answered";
  });
}

type Conversation = { sessionId: string; answers: string[] };

/** Where this message takes the conversation: a new one ("register", "cancel", or writing after a pause), or one more answer. */
function nextConversation(row: ChatRow | undefined, message: InboundMessage, keyword: ChatKeyword | null, active: boolean): Conversation {
  // "cancel": the registered person's menu, option 2 (cancel; leave the waitlist), whose question asks first.
  if (keyword === "cancel") return { sessionId: randomUUID(), answers: ["2"] };
  if (keyword === "register" || !active || !row) return { sessionId: randomUUID(), answers: [] };
  return { sessionId: row.session_id, answers: [...row.answers, answerOf(message)] };
}

/**
 * The menu's answer in a message: the tapped option's number or what was typed. The menu splits
 * its answers on "*" (USSD's separator), so a typed one is a space there; an empty one or a
 * picture is an answer the menu finds wrong, and it asks again.
 */
function answerOf(message: InboundMessage): string {
  const answer = message.kind === "other" ? "" : message.text.replace(/\*/g, " ").trim();
  return answer === "" ? "?" : answer;
}

async function walkMenu(
  tx: DbOrTx,
  phone: string,
  row: ChatRow | undefined,
  conversation: Conversation,
  registration: UssdContext["registration"],
  options: ChatOptions & { now: Date },
  reply: (payload: WhatsAppPayload) => Promise<unknown>,
): Promise<void> {
  const { now } = options;
  const settings = await getSettings(tx);
  const status = registrationStatus({ ...settings, held_seats: 0 }, now);
  const recent = row !== undefined && now.getTime() - row.updated_at.getTime() < CHAT_LIFETIME_MS;
  const context: UssdContext = {
    sessionId: conversation.sessionId,
    registration,
    // This conversation's own draft, or one an earlier conversation left within the day (offered to continue).
    savedDraft: recent ? parseDraft(row?.draft) : null,
    event: {
      name: settings.event_name,
      venue: settings.venue,
      date: { en: formatEventDate(settings.event_date, "en", "long"), ha: formatEventDate(settings.event_date, "ha", "long") },
    },
    registrationOpen: status.state === "open" || status.state === "full",
  };
  const step = ussdStep(conversation.answers.join("*"), context);
  let screen = step.reply;
  let keep = step.draft;
  const action = step.action;
  const language: UssdLanguage = action?.type === "register" ? action.draft.language : (registration?.language ?? "en");
  if (action?.type === "register") {
    // In a savepoint: a registration refused by a constraint leaves the conversation's own writes standing.
    const outcome = await tx.transaction((sp) =>
      registerByPhone(sp, phone, action.draft, { secret: options.secret, now, channel: "whatsapp" }),
    );
    screen = ussdOutcome(outcome, language);
    keep = outcome.type === "error" ? keep : null;
  } else if (action?.type === "resend-ticket") {
    screen = ussdOutcome(await resendByPhone(tx, phone, now, "whatsapp"), language);
  } else if (action?.type === "cancel") {
    screen = ussdOutcome(await cancelByPhone(tx, phone), language);
  }
  // "send-privacy-link" needs nothing: the chat's consent screen carries the notice's link itself.
  const shownLanguage = step.draft?.progress?.language ?? (action?.type === "register" ? language : (registration?.language ?? "en"));
  const words = chatSay(shownLanguage);
  // The menu shows a typed name as an SMS writes it (Ɗanjuma as Danjuma); WhatsApp shows every
  // letter, so the person confirms their name as they typed it.
  const typed = step.draft?.progress?.fullName;
  if (typed) screen = screen.replace(screenText(typed), typed);
  const { payload, ended } = chatScreen(chatWords(screen, shownLanguage, privacyUrl(options)), {
    chooseLabel: words.choose,
    fallbackText: words.choosePrompt,
  });
  await reply(payload);
  const saved = {
    session_id: ended ? "" : conversation.sessionId,
    answers: ended ? [] : conversation.answers,
    draft: keep as Record<string, unknown> | null,
    updated_at: now,
  };
  await tx
    .insert(whatsapp_chats)
    .values({ phone, ...saved })
    .onConflictDoUpdate({ target: whatsapp_chats.phone, set: saved });
}

async function keywordReply(
  tx: DbOrTx,
  keyword: "stop" | "start",
  phone: string,
  language: UssdLanguage | null,
  reply: (payload: WhatsAppPayload) => Promise<unknown>,
  now: Date,
): Promise<void> {
  if (keyword === "stop") {
    // The confirmation is queued first: once stopped, nothing else goes to the number.
    await reply(text(both(language, (l) => chatSay(l).stopped)));
    await stopWhatsApp(tx, phone);
    return;
  }
  await restartAndReconsent(tx, phone, now);
  await reply(text(both(language, (l) => chatSay(l).started)));
}

function privacyUrl(options: ChatOptions): string {
  return `${options.publicUrl.replace(/\/+$/, "")}/privacy`;
}

/** In the person's language, or both when they have not chosen one yet. */
function both(language: UssdLanguage | null, say: (language: UssdLanguage) => string): string {
  return language ? say(language) : `${say("en")}\n\n${say("ha")}`;
}

const text = (body: string): WhatsAppPayload => ({ type: "text", text: { body } });

/** Deletes conversations untouched for a day, and the record of messages taken in a week ago (Meta has stopped retrying them). */
export async function sweepChats(db: DbOrTx, now = new Date()): Promise<number> {
  const gone = await db
    .delete(whatsapp_chats)
    .where(lt(whatsapp_chats.updated_at, new Date(now.getTime() - CHAT_LIFETIME_MS)))
    .returning({ phone: whatsapp_chats.phone });
  await db.delete(whatsapp_inbound).where(lt(whatsapp_inbound.received_at, new Date(now.getTime() - 7 * CHAT_LIFETIME_MS)));
  return gone.length;
}
