import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { event_settings, SETTINGS_ID } from "~/db/schema";
import { type AuditActor, recordAudit } from "~/modules/audit/audit.server";
import { resumeChannel } from "~/modules/mail/channel-pauses.server";
import { redirectWithToast } from "~/ui/toast.server";
import { naira, whatsappPriceSchema } from "./sms-schemas";

// The WhatsApp panel's buttons on Event Operations, as the SMS panel's: the price of one message
// (for the estimate) and Resume after a pause; each answers with a redirect back and a toast.

const WHATSAPP_PANEL_INTENTS = ["whatsapp-price", "whatsapp-resume"] as const;

export const isWhatsAppPanelIntent = (intent: unknown): intent is (typeof WHATSAPP_PANEL_INTENTS)[number] =>
  typeof intent === "string" && (WHATSAPP_PANEL_INTENTS as readonly string[]).includes(intent);

export async function whatsappPanelAction(
  db: Db,
  actor: AuditActor,
  intent: (typeof WHATSAPP_PANEL_INTENTS)[number],
  formData: FormData,
  back: string,
) {
  if (intent === "whatsapp-price") {
    const parsed = whatsappPriceSchema.safeParse({ price: formData.get("price") ?? "" });
    if (!parsed.success) return redirectWithToast(back, "error", parsed.error.issues[0]?.message ?? "Enter a price");
    await db.transaction(async (tx) => {
      await tx
        .update(event_settings)
        .set({ whatsapp_price_kobo: parsed.data.price, updated_at: sql`now()` })
        .where(sql`${event_settings.id} = ${SETTINGS_ID}`);
      await recordAudit(tx, actor, { action: "whatsapp.price", entity: "event_settings", details: { kobo: parsed.data.price } });
    });
    return redirectWithToast(back, "success", `Price per WhatsApp message set to ${naira(parsed.data.price)}`);
  }
  const resumed = await db.transaction(async (tx) => {
    const was = await resumeChannel(tx, "whatsapp");
    if (was) await recordAudit(tx, actor, { action: "whatsapp.resume", entity: "whatsapp" });
    return was;
  });
  return redirectWithToast(
    back,
    resumed ? "success" : "info",
    resumed ? "WhatsApp resumed: the waiting messages go out now" : "WhatsApp was not paused",
  );
}
