import { type Language, languageOr, withLanguage } from "~/i18n/languages";
import { enqueueSms } from "~/modules/mail/sms-outbox.server";
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

/** The text of a notice SMS, or null when the template is not one. */
export function renderNoticeSms(template: string | null, data: Record<string, unknown> | null, publicUrl: string): string | null {
  const language = languageOr(data?.language);
  if (template === NOTICE_SMS_TEMPLATES.privacy) {
    return privacyNoticeSms({ language, link: withLanguage(`${publicUrl.replace(/\/+$/, "")}/privacy`, language) });
  }
  if (template === NOTICE_SMS_TEMPLATES.test) return testSms({ language });
  return null;
}
