import { eq } from "drizzle-orm";
import { z } from "zod";
import type { DbOrTx } from "~/db/client.server";
import { waitlist } from "~/db/schema";
import { formatDateTime } from "~/i18n/format";
import { languageOr } from "~/i18n/languages";
import { defineMessage, queueMessage } from "~/modules/mail/message-registry.server";
import { localizedSettings } from "~/modules/settings/localized-settings";
import { getSettings } from "~/modules/settings/settings.server";
import { waitlistOfferSms } from "~/modules/sms/sms-texts.server";
import { shortWaitlistUrl } from "./waitlist-token.server";

// A freed seat offered by SMS, beside the e-mail, to people who want SMS (everyone who joined
// the waitlist by USSD): the offer has a deadline, and a phone without data still gets the text.

export const waitlistOfferSmsMessage = defineMessage({
  name: "sms-waitlist-offer",
  data: z.object({ waitlistId: z.string() }),
  channels: ["sms"],
});

/** Queues the offer SMS when the person wants SMS; in the transaction that makes the offer. */
export async function enqueueOfferSms(tx: DbOrTx, entry: { id: string; phone: string; sms_opt_in: boolean }): Promise<void> {
  if (!entry.sms_opt_in) return;
  await queueMessage(tx, waitlistOfferSmsMessage, "sms", { waitlistId: entry.id }, { to: entry.phone, kind: "waitlist-offer" });
}

/** The offer's text, from the entry as it is when sent (its deadline). */
export async function renderOfferSms(
  db: DbOrTx,
  data: Record<string, unknown> | null,
  keys: { publicUrl: string; secret: string },
): Promise<{ text: string }> {
  const id = typeof data?.waitlistId === "string" ? data.waitlistId : "";
  const [entry] = id ? await db.select().from(waitlist).where(eq(waitlist.id, id)) : [];
  if (!entry?.offer_expires_at) throw new Error("the waitlist offer of this SMS is gone");
  const language = languageOr(entry.language);
  const { event_name } = localizedSettings(await getSettings(db), language);
  return {
    text: waitlistOfferSms({
      language,
      eventName: event_name,
      link: shortWaitlistUrl(keys.publicUrl, entry.id, keys.secret),
      expires: formatDateTime(language, entry.offer_expires_at),
    }),
  };
}
