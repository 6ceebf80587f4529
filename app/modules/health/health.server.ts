import type { DatabaseAvailability } from "~/db/availability.server";
import { type Db, pingDatabase } from "~/db/client.server";
import { channelPauses } from "~/modules/mail/channel-pauses.server";
import { outboxCounts } from "~/modules/mail/outbox.server";
import type { MailStatus } from "~/modules/mail/transport.server";

type MailHealth = { ok: boolean; detail: string };
/** SMS: the gateway (or the file outbox), and whether the channel is paused (its balance spent). */
type SmsHealth = { ok: boolean; provider: string; paused: boolean; detail: string };
/** WhatsApp: configured or off (off is no fault), and whether the channel is paused (Meta refused the token). */
type WhatsAppHealth = { ok: boolean; provider: string; paused: boolean; detail: string };

/**
 * "degraded": the site answers and stores registrations, but tickets cannot be e-mailed (a
 * production site without SMTP), or the SMS or WhatsApp channel is paused (the gateway's balance is spent, Meta refused the token). Still HTTP 200, so a load balancer keeps sending visitors;
 * an uptime monitor reading `status` raises it.
 */
export type HealthReport =
  | {
      status: "ok" | "degraded";
      database: "up";
      mail: MailHealth;
      sms: SmsHealth;
      whatsapp: WhatsAppHealth;
      outbox: { pending: number; failed: number };
      uptime: number;
    }
  | { status: "error"; database: "down" };

const HEALTH_TIMEOUT_MS = 2_000;

/**
 * What /healthz reports. A load balancer polls it, so it must answer quickly even
 * when the database hangs (a dropped connection can stall a query for minutes):
 * the checks race a timeout and any failure reads as "down", never as an exception.
 * While PostgreSQL's tracker knows it is out of reach (`availability`), that is the
 * answer, at once: the site is answering 503 (server/database-guard.ts), so is this.
 */
export async function checkHealth(
  db: Db,
  options: {
    timeoutMs?: number;
    availability?: DatabaseAvailability;
    mail?: Pick<MailStatus, "ok" | "detail">;
    sms?: { kind: string; ok: boolean; detail: string };
    whatsapp?: { kind: string; ok: boolean; detail: string };
  } = {},
): Promise<HealthReport> {
  if (options.availability?.isDown()) return { status: "error", database: "down" };
  const timeoutMs = options.timeoutMs ?? HEALTH_TIMEOUT_MS;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`database did not answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    const [outbox, pauses] = await Promise.race([
      (async () => {
        await pingDatabase(db);
        return Promise.all([outboxCounts(db), channelPauses(db)]);
      })(),
      timeout,
    ]);
    const smsPause = pauses.find((pause) => pause.channel === "sms");
    const smsConfig = options.sms ?? { kind: "file", ok: true, detail: "" };
    const sms: SmsHealth = {
      // Without a gateway the site sends no SMS and the form does not offer them: not a fault.
      // A paused channel, or a gateway set up wrong (the sandbox in production), is.
      ok: (smsConfig.kind === "file" || smsConfig.ok) && !smsPause,
      provider: smsConfig.kind,
      paused: Boolean(smsPause),
      detail: smsPause ? `SMS paused since ${smsPause.paused_at.toISOString()}: ${smsPause.reason}` : smsConfig.detail,
    };
    const whatsappPause = pauses.find((pause) => pause.channel === "whatsapp");
    const whatsappConfig = options.whatsapp ?? { kind: "off", ok: true, detail: "" };
    const whatsapp: WhatsAppHealth = {
      ok: whatsappConfig.ok && !whatsappPause,
      provider: whatsappConfig.kind,
      paused: Boolean(whatsappPause),
      detail: whatsappPause
        ? `WhatsApp paused since ${whatsappPause.paused_at.toISOString()}: ${whatsappPause.reason}`
        : whatsappConfig.detail,
    };
    // From the configuration alone (no SMTP probe): this must answer fast.
    const mail = options.mail ?? { ok: true, detail: "" };
    return {
      status: mail.ok && sms.ok && whatsapp.ok ? "ok" : "degraded",
      database: "up",
      mail: mail.ok ? mail : { ok: false, detail: `Tickets are not being e-mailed. ${mail.detail}` },
      sms,
      whatsapp,
      outbox,
      uptime: Math.round(process.uptime()),
    };
  } catch {
    return { status: "error", database: "down" };
  } finally {
    clearTimeout(timer);
  }
}
