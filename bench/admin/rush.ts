import { performance } from "node:perf_hooks";
import { type ProductionServerOptions, startProductionServer } from "#tests/support/production-server.ts";
import { postgresCpuSeconds, processTreeCpuSeconds } from "../support/cpu";
import { registrationRequest, stampSupply } from "../support/http-load";
import { openLoop, p50p99, percentile } from "../support/open-loop";
import type { SmtpSink } from "../support/smtp-sink";
import { measure, type Results } from "./measure";

// The admin while a registration rush runs: the organiser's pages asked one after another
// (as one person clicks) on the same production server that takes registrations at a
// fixed rate from an open loop, mail going out over SMTP to the loopback sink meanwhile.

export const RUSH_PAGES = [
  ["GET /admin/attendees", "/admin/attendees"],
  // The same loaders as a client-side navigation fetches them (no server rendering).
  ["GET /admin/attendees.data", "/admin/attendees.data"],
  ["GET /admin (dashboard)", "/admin"],
  ["GET /admin.data (dashboard)", "/admin.data"],
] as const;

export type Rush = { rate: number; seconds: number };

/** What the rush itself did, to show the pages were measured under it. */
export type RushTally = {
  offered: number;
  ok: number;
  /** answers other than 2xx by status (0: no answer) */
  other: Record<string, number>;
  p50: number;
  p99: number;
  perSecond: number;
  tickets: number;
  /** CPU the server process used over the rush, in cores (1 = one core all the time), and PostgreSQL's */
  serverCores: number;
  postgresCores: number;
};

export async function rushBench(
  where: ProductionServerOptions,
  cookie: string,
  rush: Rush,
  sink: SmtpSink,
): Promise<{ results: Results; tally: RushTally }> {
  const server = await startProductionServer({
    ...where,
    smtpUrl: sink.url,
    // One load generator on loopback is one client address: lift the per-address ceiling.
    env: { FORM_POSTS_PER_IP: "100000000" },
  });
  try {
    const get = async (pathname: string) => {
      const response = await fetch(server.url + pathname, { headers: { Cookie: cookie }, redirect: "manual" });
      if (response.status !== 200) throw new Error(`${pathname} answered ${response.status}`);
      return response.arrayBuffer();
    };
    // The server's rendering code compiled (JIT) before the rush, as on a site that has been up.
    for (const [, pathname] of RUSH_PAGES) await measure(() => get(pathname), 1, 20);
    const stamps = stampSupply(server.url);
    await stamps.fill(rush.rate * rush.seconds + 50);
    const ticketsBefore = sink.received();
    const postgresPort = where.databaseUrl ? Number(new URL(where.databaseUrl).port) : undefined;
    const cpu = () => [processTreeCpuSeconds(server.pid), postgresPort ? postgresCpuSeconds(postgresPort) : 0] as const;
    const cpuBefore = cpu();
    const registrations = openLoop({
      url: server.url,
      rate: rush.rate,
      seconds: rush.seconds,
      next: () => registrationRequest(stamps.next()),
    });
    // The first second is the open loop finding its pace; the pages are asked until its last second.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const until = performance.now() + (rush.seconds - 2) * 1000;
    const times = new Map<string, number[]>(RUSH_PAGES.map(([label]) => [label, []]));
    while (performance.now() < until) {
      for (const [label, pathname] of RUSH_PAGES) {
        const t0 = performance.now();
        await get(pathname);
        times.get(label)?.push(performance.now() - t0);
      }
    }
    const { answers, seconds } = await registrations;
    const cpuAfter = cpu();
    const ok = answers.filter((a) => a.status >= 200 && a.status < 300);
    const results: Results = new Map();
    for (const [label, list] of times) {
      results.set(`HTTP ${label.slice(4)}`, {
        p50: percentile(list, 50),
        p95: percentile(list, 95),
        cpu50: Number.NaN,
        extra: `${list.length} requests`,
      });
    }
    const tally: RushTally = {
      offered: answers.length,
      ok: ok.length,
      other: answers.reduce<Record<string, number>>((counts, a) => {
        if (a.status < 200 || a.status >= 300) counts[a.status] = (counts[a.status] ?? 0) + 1;
        return counts;
      }, {}),
      ...p50p99(ok),
      perSecond: ok.length / seconds,
      tickets: sink.received() - ticketsBefore,
      serverCores: (cpuAfter[0] - cpuBefore[0]) / seconds,
      postgresCores: (cpuAfter[1] - cpuBefore[1]) / seconds,
    };
    return { results, tally };
  } finally {
    await server.stop();
  }
}
