import { eq } from "drizzle-orm";
import { getConfig } from "~/config.server";
import type { DbOrTx } from "~/db/client.server";
import { waitlist } from "~/db/schema";
import { formatDateTime } from "~/i18n/format";
import { languageOr } from "~/i18n/languages";
import { defineMessage, queueMessage } from "~/modules/mail/message-registry.server";
import { localizedSettings } from "~/modules/settings/localized-settings";
import { getSettings } from "~/modules/settings/settings.server";
import type { WhatsAppPayload } from "~/modules/whatsapp/payload";
import { templateMessage } from "~/modules/whatsapp/template-message";
import { waitlistOfferSmsMessage } from "./waitlist-sms.server";
import { shortWaitlistToken } from "./waitlist-token.server";

// A freed seat offered on WhatsApp (template summit_waitlist_offer, docs/WHATSAPP.md), beside
// the e-mail and the SMS, to people who asked for WhatsApp: the name, the event, the deadline,
// and a button to claim it. If WhatsApp cannot deliver it, the offer's SMS goes instead.

export const waitlistOfferWhatsAppMessage = defineMessage({
  name: "whatsapp-waitlist-offer",
  data: waitlistOfferSmsMessage.data,
  channels: ["whatsapp"],
  smsFallback: waitlistOfferSmsMessage,
});

/** Queues the offer on WhatsApp when the person asked for it; in the transaction that makes the offer. */
export async function enqueueOfferWhatsApp(tx: DbOrTx, entry: { id: string; phone: string; whatsapp_opt_in: boolean }): Promise<void> {
  // A STOP since is checked as it is queued (enqueueWhatsApp), once.
  if (!entry.whatsapp_opt_in) return;
  await queueMessage(tx, waitlistOfferWhatsAppMessage, "whatsapp", { waitlistId: entry.id }, { to: entry.phone, kind: "waitlist-offer" });
}

/** The offer's template, from the entry as it is when sent (its deadline). */
export async function renderOfferWhatsApp(
  db: DbOrTx,
  data: { waitlistId: string },
  keys: { publicUrl: string; secret: string },
): Promise<WhatsAppPayload> {
  const whatsapp = getConfig().whatsapp;
  if (!whatsapp) throw new Error("WhatsApp is not configured on this server");
  const [entry] = await db.select().from(waitlist).where(eq(waitlist.id, data.waitlistId));
  if (!entry?.offer_expires_at) throw new Error("the waitlist offer of this WhatsApp message is gone");
  const language = languageOr(entry.language);
  const { event_name } = localizedSettings(await getSettings(db), language);
  return templateMessage({
    name: whatsapp.templates.offer,
    language: whatsapp.languages[language],
    body: [entry.full_name, event_name, formatDateTime(language, entry.offer_expires_at)],
    urlSuffix: shortWaitlistToken(entry.id, keys.secret),
  });
}
