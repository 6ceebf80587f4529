import type { DbOrTx } from "~/db/client.server";
import { enqueueSms } from "~/modules/mail/sms-outbox.server";
import { getSettings } from "~/modules/settings/settings.server";
import { testSms } from "~/modules/sms/sms-texts.server";

// "Send me a test SMS" on Event Operations: a message to the organiser's own phone, through the
// outbox and the gateway as every SMS goes, so what arrives proves the whole way works.

export const TEST_SMS_TEMPLATE = "sms-test";

export async function enqueueTestSms(tx: DbOrTx, to: string): Promise<string> {
  return enqueueSms(tx, { to, template: TEST_SMS_TEMPLATE, templateData: {}, kind: "test" });
}

/** The test message's text (the admin is English), naming the event as it is called now. */
export async function renderTestSms(db: DbOrTx): Promise<string> {
  return testSms({ language: "en", eventName: (await getSettings(db)).event_name });
}
