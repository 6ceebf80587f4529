import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { event_settings, SETTINGS_ID } from "~/db/schema";
import { logger } from "~/logger.server";
import { type AuditActor, recordAudit } from "~/modules/audit/audit.server";
import { resumeChannel } from "~/modules/mail/channel-pauses.server";
import { isPhoneNumber } from "~/modules/person/phone";
import { storedPhone } from "~/modules/person/phone.server";
import { redirectWithToast } from "~/ui/toast.server";
import { naira, smsPriceSchema, testSmsSchema } from "./sms-schemas";
import { enqueueTestSms } from "./test-sms.server";

// The SMS panel's buttons on Event Operations; each answers with a redirect back and a toast.

export const SMS_INTENTS = ["sms-price", "sms-test", "sms-resume"] as const;

export const isSmsIntent = (intent: unknown): intent is (typeof SMS_INTENTS)[number] =>
  typeof intent === "string" && (SMS_INTENTS as readonly string[]).includes(intent);

export async function smsAction(db: Db, actor: AuditActor, intent: (typeof SMS_INTENTS)[number], formData: FormData, back: string) {
  if (intent === "sms-price") {
    const parsed = smsPriceSchema.safeParse({ price: formData.get("price") ?? "" });
    if (!parsed.success) return redirectWithToast(back, "error", parsed.error.issues[0]?.message ?? "Enter a price");
    await db.transaction(async (tx) => {
      await tx
        .update(event_settings)
        .set({ sms_price_kobo: parsed.data.price, updated_at: sql`now()` })
        .where(sql`${event_settings.id} = ${SETTINGS_ID}`);
      await recordAudit(tx, actor, { action: "sms.price", entity: "event_settings", details: { kobo: parsed.data.price } });
    });
    return redirectWithToast(back, "success", `Price per SMS set to ${naira(parsed.data.price)}`);
  }
  if (intent === "sms-test") {
    const parsed = testSmsSchema.safeParse({ phone: formData.get("phone") ?? "" });
    if (!parsed.success || !isPhoneNumber(parsed.data.phone)) {
      return redirectWithToast(back, "error", "Enter your phone number, like 0803 123 4567 or +234 803 123 4567");
    }
    const to = storedPhone(parsed.data.phone);
    try {
      await db.transaction(async (tx) => {
        await enqueueTestSms(tx, to);
        await recordAudit(tx, actor, { action: "sms.test", entity: "sms" });
      });
      return redirectWithToast(back, "success", `Test SMS queued to ${to}`);
    } catch (error) {
      logger().error({ err: error }, "test SMS failed");
      return redirectWithToast(back, "error", "Failed to send the test SMS");
    }
  }
  const resumed = await db.transaction(async (tx) => {
    const was = await resumeChannel(tx, "sms");
    if (was) await recordAudit(tx, actor, { action: "sms.resume", entity: "sms" });
    return was;
  });
  return redirectWithToast(
    back,
    resumed ? "success" : "info",
    resumed ? "SMS resumed: the waiting messages go out now" : "SMS was not paused",
  );
}
