import { z } from "zod";
import type { DbOrTx } from "~/db/client.server";
import { type Language, languageOr, withLanguage } from "~/i18n/languages";
import { defineMessage, queueMessage, renderMessage } from "~/modules/mail/message-registry.server";
import { localizedSettings } from "~/modules/settings/localized-settings";
import { getSettings } from "~/modules/settings/settings.server";
import { privacyNoticeSms } from "~/modules/sms/sms-texts.server";

// The privacy notice's link by SMS, asked for in the USSD menu before consenting (its screen
// has room only for a summary). A public SMS: the number's daily ceiling counts it.

const privacySmsMessage = defineMessage({ name: "sms-privacy", data: z.object({ language: z.string() }), channels: ["sms"] });

export async function enqueuePrivacyNoticeSms(tx: DbOrTx, to: string, language: Language): Promise<string> {
  return queueMessage(tx, privacySmsMessage, "sms", { language }, { to, kind: "privacy-notice" });
}

/** The SMS's text, naming the event as it is called now, in the language it was asked in. */
async function renderPrivacySms(db: DbOrTx, data: { language: string }, { publicUrl }: { publicUrl: string }): Promise<string> {
  const language = languageOr(data.language);
  const { event_name: eventName } = localizedSettings(await getSettings(db), language);
  return privacyNoticeSms({ language, eventName, link: withLanguage(`${publicUrl.replace(/\/+$/, "")}/privacy`, language) });
}

/** Registration's one message, as the outbox's registry renders it (server/outbox.server.ts); its e-mails are the tickets'. */
export const registrationMessages = [renderMessage(privacySmsMessage, { sms: renderPrivacySms })];
