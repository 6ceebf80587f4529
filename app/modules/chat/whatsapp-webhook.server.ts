import type { WhatsAppConfig } from "~/config-whatsapp";
import type { Db } from "~/db/client.server";
import { recordWhatsAppStatus } from "~/modules/mail/whatsapp-outbox.server";
import { PermanentWhatsAppError, whatsappErrorFor } from "~/modules/whatsapp/graph-errors";
import { parseWebhook, type StatusUpdate } from "~/modules/whatsapp/webhook-payload";
import { verifyWhatsAppSignature } from "~/modules/whatsapp/webhook-signature.server";
import { answerChat } from "./chat-session.server";

// Meta's webhook (POST /whatsapp/webhook): answered only when signed with the app secret, then
// each status recorded on its message and each message people wrote answered (chat-session.server.ts).
// Meta posts a body again until it gets a 200, so everything here may happen twice: a status only
// moves its message forward, and a message's id is acted on once.

/** A status for a message not on record yet (the send's answer and the status raced) is asked for again this long. */
const RECENT_MS = 10 * 60_000;

export type WebhookAnswer = { status: 200 | 400 | 401 | 503; body: string };

export type WebhookLog = { info: (o: object, m: string) => void; error: (o: object, m: string) => void };

export async function handleWhatsAppWebhook(
  db: Db,
  raw: string,
  signature: string | undefined,
  config: WhatsAppConfig,
  options: { secret: string; publicUrl: string; log: WebhookLog; now?: Date },
): Promise<WebhookAnswer> {
  if (!verifyWhatsAppSignature(raw, signature, config.appSecret)) return { status: 401, body: "Unauthorized" };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { status: 400, body: "Unreadable" };
  }
  const webhook = parseWebhook(json);
  if (!webhook) return { status: 200, body: "OK" };
  const now = options.now ?? new Date();
  let again = false;
  for (const status of webhook.statuses) {
    const known = await recordWhatsAppStatus(db, statusOf(status));
    if (!known && now.getTime() - status.timestamp.getTime() < RECENT_MS) again = true;
    if (!known) options.log.info({ providerId: status.providerId, status: status.status }, "WhatsApp status for a message not on record");
  }
  for (const message of webhook.messages) {
    // Another business number's message (a shared app): not ours to answer.
    if (message.phoneNumberId !== config.phoneNumberId) continue;
    await answerChat(db, message, { secret: options.secret, publicUrl: options.publicUrl, now });
  }
  // A status that came before its message was recorded as sent: Meta posts the body again later.
  return again ? { status: 503, body: "Try again" } : { status: 200, body: "OK" };
}

function statusOf(update: StatusUpdate) {
  if (update.status !== "failed") return { providerId: update.providerId, status: update.status, timestamp: update.timestamp };
  const error = whatsappErrorFor(update.errorCode, update.errorTitle);
  return {
    providerId: update.providerId,
    status: "failed" as const,
    timestamp: update.timestamp,
    reason: error.message,
    fallbackToSms: error instanceof PermanentWhatsAppError && error.fallbackToSms,
  };
}
