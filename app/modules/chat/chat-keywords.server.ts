import { and, eq, isNotNull } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { attendees } from "~/db/schema";
import { restartWhatsApp, whatsappConsent } from "~/modules/person/whatsapp-consent.server";
import type { InboundMessage } from "~/modules/whatsapp/webhook-payload";

// The words a person may write at any point of the chat, in English or Hausa, alone in a
// message (any case, a full stop after it): they act instead of answering the menu's screen.

export type ChatKeyword = "register" | "ticket" | "cancel" | "stop" | "start";

const KEYWORDS: Record<string, ChatKeyword> = {
  register: "register",
  registration: "register",
  rajista: "register",
  rijista: "register",
  menu: "register",
  help: "register",
  taimako: "register",
  ticket: "ticket",
  "my ticket": "ticket",
  tikiti: "ticket",
  tikitina: "ticket",
  cancel: "cancel",
  soke: "cancel",
  stop: "stop",
  unsubscribe: "stop",
  tsaya: "stop",
  daina: "stop",
  start: "start",
  fara: "start",
};

export function keywordOf(message: InboundMessage): ChatKeyword | null {
  if (message.kind !== "text") return null;
  const word = message.text
    .normalize("NFC")
    .toLowerCase()
    .replace(/[\s.!?,;:]+$/u, "")
    .replace(/\s+/gu, " ")
    .trim();
  return KEYWORDS[word] ?? null;
}

/**
 * START: the STOP is lifted, and the number's registrations that had agreed to WhatsApp before
 * (their consent time on record) agree again, from now, under the notice of now.
 */
export async function restartAndReconsent(tx: DbOrTx, phone: string, now: Date): Promise<void> {
  await restartWhatsApp(tx, phone);
  await tx
    .update(attendees)
    .set(whatsappConsent(true, now))
    .where(and(eq(attendees.phone, phone), isNotNull(attendees.whatsapp_consent_at)));
}
