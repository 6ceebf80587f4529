import type { DatabaseAvailability } from "~/db/availability.server";
import { type Db, pingDatabase } from "~/db/client.server";
import { outboxCounts } from "~/modules/mail/outbox.server";

export type HealthReport =
  | { status: "ok"; database: "up"; outbox: { pending: number; failed: number }; uptime: number }
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
  options: { timeoutMs?: number; availability?: DatabaseAvailability } = {},
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
    return { status: "ok", database: "up", outbox, uptime: Math.round(process.uptime()) };
  } catch {
    return { status: "error", database: "down" };
  } finally {
    clearTimeout(timer);
  }
}
