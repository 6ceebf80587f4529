import { z } from "zod";
import type { DbOrTx } from "~/db/client.server";
import { defineMessage, queueMessage, renderMessage } from "~/modules/mail/message-registry.server";
import { getSettings } from "~/modules/settings/settings.server";
import { testSms } from "~/modules/sms/sms-texts.server";

// "Send me a test SMS" on Event Operations: a message to the organiser's own phone, through the
// outbox and the gateway as every SMS goes, so what arrives proves the whole way works.

const testSmsMessage = defineMessage({ name: "sms-test", data: z.object({}), channels: ["sms"] });

export async function enqueueTestSms(tx: DbOrTx, to: string): Promise<string> {
  return queueMessage(tx, testSmsMessage, "sms", {}, { to, kind: "test" });
}

/** The test message's text (the admin is English), naming the event as it is called now. */
async function renderTestSms(db: DbOrTx): Promise<string> {
  return testSms({ language: "en", eventName: (await getSettings(db)).event_name });
}

/** The operations screen's one message, as the outbox's registry renders it (server/outbox.server.ts). */
export const operationsMessages = [renderMessage(testSmsMessage, { sms: renderTestSms })];
