import type { DbOrTx } from "~/db/client.server";
import { type Language, languageOr, withLanguage } from "~/i18n/languages";
import { enqueueSms } from "~/modules/mail/sms-outbox.server";
import { localizedSettings } from "~/modules/settings/localized-settings";
import { getSettings } from "~/modules/settings/settings.server";
import { privacyNoticeSms, testSms } from "./sms-texts.server";

// SMS that carry no one's registration: the privacy notice's link (asked for in the USSD menu
// before consenting) and an organiser's test message. Queued like any other, rendered by the worker.

export const NOTICE_SMS_TEMPLATES = { privacy: "sms-privacy", test: "sms-test" } as const;

/** Queues the privacy notice's link to a number, in its language (a public SMS: the daily ceiling counts it). */
export async function enqueuePrivacyNoticeSms(tx: Parameters<typeof enqueueSms>[0], to: string, language: Language): Promise<string> {
  return enqueueSms(tx, { to, template: NOTICE_SMS_TEMPLATES.privacy, templateData: { language }, kind: "privacy-notice" });
}

/** Queues an organiser's test SMS to their own phone. */
export async function enqueueTestSms(tx: Parameters<typeof enqueueSms>[0], to: string, language: Language): Promise<string> {
  return enqueueSms(tx, { to, template: NOTICE_SMS_TEMPLATES.test, templateData: { language }, kind: "test" });
}

export const isNoticeSmsTemplate = (template: string | null) =>
  template === NOTICE_SMS_TEMPLATES.privacy || template === NOTICE_SMS_TEMPLATES.test;

/** The text of a notice SMS (isNoticeSmsTemplate), naming the event as it is called now. */
export async function renderNoticeSms(
  db: DbOrTx,
  template: string | null,
  data: Record<string, unknown> | null,
  publicUrl: string,
): Promise<string> {
  const language = languageOr(data?.language);
  const { event_name: eventName } = localizedSettings(await getSettings(db), language);
  if (template === NOTICE_SMS_TEMPLATES.privacy) {
    return privacyNoticeSms({ language, eventName, link: withLanguage(`${publicUrl.replace(/\/+$/, "")}/privacy`, language) });
  }
  return testSms({ language, eventName });
}
