import type { DatabaseAvailability } from "~/db/availability.server";
import { type Db, pingDatabase } from "~/db/client.server";
import { outboxCounts } from "~/modules/mail/outbox.server";
import type { MailStatus } from "~/modules/mail/transport.server";

type MailHealth = { ok: boolean; detail: string };

/**
 * "degraded": the site answers and stores registrations, but tickets cannot be e-mailed (a
 * production site without SMTP). Still HTTP 200, so a load balancer keeps sending visitors;
 * an uptime monitor reading `status` raises it.
 */
export type HealthReport =
  | { status: "ok" | "degraded"; database: "up"; mail: MailHealth; outbox: { pending: number; failed: number }; uptime: number }
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
  options: { timeoutMs?: number; availability?: DatabaseAvailability; mail?: Pick<MailStatus, "ok" | "detail"> } = {},
): Promise<HealthReport> {
  if (options.availability?.isDown()) return { status: "error", database: "down" };
  const timeoutMs = options.timeoutMs ?? HEALTH_TIMEOUT_MS;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`database did not answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    const outbox = await Promise.race([
      (async () => {
        await pingDatabase(db);
        return outboxCounts(db);
      })(),
      timeout,
    ]);
    // From the configuration alone (no SMTP probe): this must answer fast.
    const mail = options.mail ?? { ok: true, detail: "" };
    return {
      status: mail.ok ? "ok" : "degraded",
      database: "up",
      mail: mail.ok ? mail : { ok: false, detail: `Tickets are not being e-mailed. ${mail.detail}` },
      outbox,
      uptime: Math.round(process.uptime()),
    };
  } catch {
    return { status: "error", database: "down" };
  } finally {
    clearTimeout(timer);
  }
}
