import type { DbOrTx } from "~/db/client.server";
import { type Language, languageOr, withLanguage } from "~/i18n/languages";
import { enqueueSms } from "~/modules/mail/sms-outbox.server";
import { localizedSettings } from "~/modules/settings/localized-settings";
import { getSettings } from "~/modules/settings/settings.server";
import { privacyNoticeSms } from "~/modules/sms/sms-texts.server";

// The privacy notice's link by SMS, asked for in the USSD menu before consenting (its screen
// has room only for a summary). A public SMS: the number's daily ceiling counts it.

export const PRIVACY_SMS_TEMPLATE = "sms-privacy";

export async function enqueuePrivacyNoticeSms(tx: DbOrTx, to: string, language: Language): Promise<string> {
  return enqueueSms(tx, { to, template: PRIVACY_SMS_TEMPLATE, templateData: { language }, kind: "privacy-notice" });
}

/** The SMS's text, naming the event as it is called now, in the language it was asked in. */
export async function renderPrivacySms(db: DbOrTx, data: Record<string, unknown> | null, publicUrl: string): Promise<string> {
  const language = languageOr(data?.language);
  const { event_name: eventName } = localizedSettings(await getSettings(db), language);
  return privacyNoticeSms({ language, eventName, link: withLanguage(`${publicUrl.replace(/\/+$/, "")}/privacy`, language) });
}
