import cluster from "node:cluster";
import type { Logger } from "pino";

// WEB_CONCURRENCY=N (with DATABASE_URL) runs N server processes on one port: one
// Node process uses one CPU core, and everything they share — sessions, rate limits,
// the outbox, migrations — is already in PostgreSQL and safe with several instances.

const RESTART_DELAY_MS = 1_000;

/**
 * The primary process of a cluster: forks `processes` servers, replaces one that
 * dies (after a pause, so a crash at start-up cannot spin), and on SIGTERM/SIGINT
 * stops them all and exits when they have.
 */
export function runClusterPrimary(processes: number, log: Logger): void {
  let stopping = false;
  const fork = () => cluster.fork();
  for (let i = 0; i < processes; i++) fork();
  log.info({ processes }, "cluster: started server processes");

  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    log.error({ pid: worker.process.pid, code, signal }, "cluster: a server process died; starting another");
    setTimeout(fork, RESTART_DELAY_MS).unref();
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "cluster: stopping server processes");
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(0);
    for (const worker of workers) worker?.process.kill(signal);
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
}
