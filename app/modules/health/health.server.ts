import { type Db, pingDatabase } from "~/db/client.server";
import { outboxCounts } from "~/modules/mail/outbox.server";

export type HealthReport =
  | { status: "ok"; database: "up"; outbox: { pending: number; failed: number }; uptime: number }
  | { status: "error"; database: "down" };

const HEALTH_TIMEOUT_MS = 3_000;

/**
 * What /healthz reports. A load balancer polls it, so it must answer quickly even
 * when the database hangs (a dropped connection can stall a query for minutes):
 * the checks race a timeout and any failure reads as "down", never as an exception.
 */
export async function checkHealth(db: Db, options: { timeoutMs?: number } = {}): Promise<HealthReport> {
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
