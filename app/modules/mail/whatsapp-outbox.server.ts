import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { getConfig } from "~/config.server";
import type { DbOrTx } from "~/db/client.server";
import { mail_outbox, whatsapp_optouts } from "~/db/schema";
import { wakeAfterCommit } from "./outbox-wake.server";
import { enqueueSms, PUBLIC_SMS_KINDS, PUBLIC_SMS_PER_NUMBER_PER_DAY, publicSmsAllowed } from "./sms-outbox.server";

// WhatsApp shares the outbox with e-mail and SMS (docs/WHATSAPP.md): a row per message, its
// channel "whatsapp", rendered by the worker into the Cloud API's JSON. A row is only ever
// written for a number whose owner asked for WhatsApp and has not said STOP since, and only while
// WhatsApp is configured. When WhatsApp cannot deliver it (not on WhatsApp, a template Meta
// refused), its SMS stand-in goes instead, when SMS is on.

type TemplatedWhatsApp = {
  /** the phone number, E.164 */
  to: string;
  template: string;
  templateData: Record<string, unknown>;
  kind: string;
  attendeeId?: string | null;
  /** the SMS message with the same data, sent instead when WhatsApp cannot deliver this one */
  fallbackTemplate?: string | null;
  /** a reply to the person's own message in the chat: allowed after STOP (Meta's opt-out is of the business's own messages) */
  answering?: boolean;
};

const OVER_WHATSAPP_CEILING_ERROR = `Not sent: this number already had ${PUBLIC_SMS_PER_NUMBER_PER_DAY} WhatsApp messages from the public forms in the last 24 hours. Resend it if the person asks for it.`;

/** WhatsApp is configured on this server (WHATSAPP_ACCESS_TOKEN and the rest). */
export function whatsappOn(): boolean {
  return getConfig().whatsapp !== undefined;
}

/** The number replied STOP (or pressed Stop on the ticket page) and has not written START since. */
async function whatsappStopped(db: DbOrTx, phone: string): Promise<boolean> {
  const [row] = await db.select({ phone: whatsapp_optouts.phone }).from(whatsapp_optouts).where(eq(whatsapp_optouts.phone, phone));
  return row !== undefined;
}

/**
 * Queues a WhatsApp message in the caller's transaction, as enqueueSms queues an SMS; null (and
 * nothing queued) while WhatsApp is off or the number said STOP (unless answering the person). The public forms' ceiling per
 * number and day holds as for SMS. Only through queueMessage, which checks the message's data.
 */
export async function enqueueWhatsApp(tx: DbOrTx, message: TemplatedWhatsApp): Promise<string | null> {
  if (!whatsappOn() || (!message.answering && (await whatsappStopped(tx, message.to)))) return null;
  const overCeiling =
    (PUBLIC_SMS_KINDS as readonly string[]).includes(message.kind) && !(await publicSmsAllowed(tx, message.to, "whatsapp"));
  const [row] = await tx
    .insert(mail_outbox)
    .values({
      channel: "whatsapp",
      to_address: message.to,
      subject: `WhatsApp: ${message.kind}`,
      html: "",
      text: "",
      template: message.template,
      template_data: message.templateData,
      fallback_template: message.fallbackTemplate ?? null,
      kind: message.kind,
      attendee_id: message.attendeeId ?? null,
      ...(overCeiling ? { status: "failed" as const, last_error: OVER_WHATSAPP_CEILING_ERROR } : {}),
    })
    .returning({ id: mail_outbox.id });
  if (!row) throw new Error("outbox insert returned no row");
  wakeAfterCommit(tx);
  return row.id;
}

/**
 * SMS stand in for WhatsApp when SMS_PROVIDER is set, and away from production (where SMS are
 * kept in DATA_DIR/sms, so the fallback can be seen); a production site without a gateway has none.
 */
function smsFallbackOn(): boolean {
  const config = getConfig();
  return config.smsProvider !== undefined || config.nodeEnv !== "production" || config.demo;
}

type FallbackRow = Pick<
  typeof mail_outbox.$inferSelect,
  "id" | "to_address" | "kind" | "attendee_id" | "template_data" | "fallback_template"
>;

/**
 * Sends a WhatsApp message that WhatsApp could not deliver as its SMS stand-in instead, and says
 * so on the WhatsApp row: `reason` is why (Meta's words and code). Nothing when the message has
 * no stand-in, SMS is off, or the same SMS already went to this number in the last day (the
 * person also asked for SMS). Returns the SMS's id, or null.
 */
export async function fallBackToSms(tx: DbOrTx, row: FallbackRow, reason: string): Promise<string | null> {
  const template = row.fallback_template;
  let smsId: string | null = null;
  if (template && smsFallbackOn()) {
    const [already] = await tx
      .select({ id: mail_outbox.id })
      .from(mail_outbox)
      .where(
        and(
          eq(mail_outbox.channel, "sms"),
          eq(mail_outbox.to_address, row.to_address),
          eq(mail_outbox.template, template),
          row.attendee_id === null ? isNull(mail_outbox.attendee_id) : eq(mail_outbox.attendee_id, row.attendee_id),
          gt(mail_outbox.created_at, sql`now() - interval '24 hours'`),
        ),
      )
      .limit(1);
    smsId =
      already?.id ??
      (await enqueueSms(tx, {
        to: row.to_address,
        template,
        templateData: row.template_data ?? {},
        kind: row.kind,
        attendeeId: row.attendee_id,
      }));
  }
  const said = smsId ? `${reason}; sent by SMS instead` : reason;
  await tx
    .update(mail_outbox)
    .set({ status: "failed", last_error: said.slice(0, 500), locked_until: null, updated_at: sql`now()` })
    .where(eq(mail_outbox.id, row.id));
  return smsId;
}

/** What WhatsApp's status webhook says of one message (whatsapp/webhook-payload.ts). */
export type WhatsAppStatus = {
  providerId: string;
  status: "sent" | "delivered" | "read" | "failed";
  timestamp: Date;
  /** for "failed": the reason, organiser-readable, with Meta's code */
  reason?: string;
  /** for "failed": send the SMS stand-in (not on WhatsApp, the template refused) */
  fallbackToSms?: boolean;
};

/**
 * Records a status on its message. Statuses come out of order and more than once, so each only
 * moves a message forward: delivered and read keep their first time (read implies delivered),
 * and a failure counts only before delivery. False when no WhatsApp message has that id (not
 * recorded yet, or erased since).
 */
export async function recordWhatsAppStatus(db: DbOrTx, update: WhatsAppStatus): Promise<boolean> {
  const mine = and(eq(mail_outbox.channel, "whatsapp"), eq(mail_outbox.message_id, update.providerId));
  const at = update.timestamp;
  if (update.status === "sent") {
    const rows = await db.select({ id: mail_outbox.id }).from(mail_outbox).where(mine);
    return rows.length > 0;
  }
  if (update.status === "delivered" || update.status === "read") {
    const rows = await db
      .update(mail_outbox)
      .set({
        delivered_at: sql`coalesce(${mail_outbox.delivered_at}, ${at})`,
        ...(update.status === "read" ? { read_at: sql`coalesce(${mail_outbox.read_at}, ${at})` } : {}),
        // A failure reported before a delivery that followed was not one.
        status: "sent",
        updated_at: sql`now()`,
      })
      .where(and(mine, inArray(mail_outbox.status, ["sent", "failed"])))
      .returning({ id: mail_outbox.id });
    return rows.length > 0;
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: mail_outbox.id,
        to_address: mail_outbox.to_address,
        kind: mail_outbox.kind,
        attendee_id: mail_outbox.attendee_id,
        template_data: mail_outbox.template_data,
        fallback_template: mail_outbox.fallback_template,
        delivered_at: mail_outbox.delivered_at,
        status: mail_outbox.status,
      })
      .from(mail_outbox)
      .where(mine)
      .for("update");
    if (!row) return false;
    // Already delivered, or already failed (a repeated webhook): nothing more to do.
    if (row.delivered_at !== null || row.status === "failed") return true;
    const reason = update.reason ?? "WhatsApp could not deliver it";
    if (update.fallbackToSms) await fallBackToSms(tx, row, reason);
    else
      await tx
        .update(mail_outbox)
        .set({ status: "failed", last_error: reason.slice(0, 500), updated_at: sql`now()` })
        .where(eq(mail_outbox.id, row.id));
    return true;
  });
}
