import { performance } from "node:perf_hooks";
import { setTimeout as delay } from "node:timers/promises";

export type QuietLoopOptions = {
  /** length of one look at the event loop */
  sliceMs?: number;
  /** the loop counts as busy above this share of the slice spent running callbacks */
  busyAbove?: number;
  /** never wait longer than this in total, so the mail keeps moving under any load */
  maxWaitMs?: number;
  /** utilisation of the event loop over `ms` (0–1); performance.eventLoopUtilization by default */
  measure?: (ms: number) => Promise<number>;
};

async function measureUtilisation(ms: number): Promise<number> {
  const start = performance.eventLoopUtilization();
  await delay(ms);
  return performance.eventLoopUtilization(start).utilization;
}

/**
 * Waits until this process's event loop has room, up to `maxWaitMs`. The outbox
 * worker calls it between rounds while mail is queued: rendering a ticket takes
 * several milliseconds of the same event loop that answers requests, so during a
 * burst of registrations the requests go first and the e-mails catch up after.
 * The worker's own rendering does not count, as it is not running while this waits.
 * Returns the milliseconds waited, and `busy` when it stopped waiting at `maxWaitMs` with
 * the loop still busy (the worker then sends less at a time: see startOutboxWorker).
 */
export async function waitForQuietLoop(options: QuietLoopOptions = {}): Promise<{ waitedMs: number; busy: boolean }> {
  const { sliceMs = 25, busyAbove = 0.6, maxWaitMs = 2_000, measure = measureUtilisation } = options;
  let waitedMs = 0;
  while (waitedMs < maxWaitMs) {
    const utilisation = await measure(sliceMs);
    waitedMs += sliceMs;
    if (utilisation <= busyAbove) return { waitedMs, busy: false };
  }
  return { waitedMs, busy: true };
}
