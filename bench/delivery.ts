// npm run bench:delivery — how soon the tickets of a registration rush are in the inbox.
// The production server (mail over SMTP to a loopback sink) takes a burst of 1,000
// registrations from 20 clients as fast as it answers them; the sink notes when each
// recipient's ticket arrives. Reported: the burst's length and the registrations' p50/p99,
// how long after the burst's last answer the last ticket arrives (target ≤ 60 s), and
// registration-to-delivery p50/p99. Beside it, the same burst with the SMTP server stalling
// (no mail completes until the burst is over: the worker is idle on its first round), to
// show what delivering during the burst costs the registrations. Writes the "Tickets after a
// rush" section of docs/BENCHMARKS.md.
//
// Options: --reps 3 --amount 1000 --connections 20 --warmup 100 --kinds pglite,postgres
//          --no-baseline --no-write
import { parseArgs } from "node:util";
import { type ProductionServer, startProductionServer } from "#tests/support/production-server.ts";
import { prepareAppBuild } from "./support/app-server";
import { loadAverage, processTreeCpuSeconds } from "./support/cpu";
import { type DatabaseKind, freshDatabase, stopPostgresCluster, verify } from "./support/databases";
import { writeSection } from "./support/docs-section";
import { registrationRequest, stampSupply } from "./support/http-load";
import { type Answer, closedLoop, p50p99, percentile } from "./support/open-loop";
import { machineDescription, median } from "./support/report";
import { type SmtpSink, startSmtpSink } from "./support/smtp-sink";

const { values: args } = parseArgs({
  options: {
    reps: { type: "string", default: "3" },
    amount: { type: "string", default: "1000" },
    connections: { type: "string", default: "20" },
    warmup: { type: "string", default: "100" },
    kinds: { type: "string", default: "pglite,postgres" },
    "no-baseline": { type: "boolean", default: false },
    "no-write": { type: "boolean", default: false },
  },
});
const HEADING = "## Tickets after a rush (npm run bench:delivery)";
const LAST_TICKET_TARGET_S = 60;
// Waiting for the tickets gives up after this; a run that needs it has failed its target anyway.
const DELIVERY_TIMEOUT_MS = 300_000;
const amount = Number(args.amount);
const connections = Number(args.connections);
const warmup = Number(args.warmup);
const kinds = String(args.kinds).split(",") as DatabaseKind[];
const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);

type Mode = "delivering" | "smtp stalled";
type Run = {
  kind: DatabaseKind;
  mode: Mode;
  burstSeconds: number;
  ok: number;
  refused: number;
  p50: number;
  p99: number;
  /** tickets that arrived before the burst's last answer */
  duringBurst: number;
  delivered: number;
  /** seconds from the burst's last answer to the last ticket's arrival */
  lastAfterEnd: number;
  deliveryP50: number;
  deliveryP99: number;
  /** the server's CPU during the burst per registration answered: what delivering alongside costs, steadier than latency on a busy machine */
  burstCpuMs: number;
  cpuSeconds: number;
  load: number;
  outbox: string;
};

/** Resolves once every address in `keys` has a message in the sink (or the timeout passed). */
async function untilDelivered(sink: SmtpSink, keys: string[], timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (keys.some((key) => !sink.arrivals.has(key)) && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function measure(kind: DatabaseKind, mode: Mode, appDir: string, sink: SmtpSink): Promise<Run> {
  const bench = await freshDatabase(kind);
  let server: ProductionServer | undefined;
  try {
    server = await startProductionServer({
      dir: appDir,
      dataDir: bench.dataDir,
      databaseUrl: bench.databaseUrl,
      smtpUrl: sink.url,
      // One load generator on loopback is one client address: lift the per-address ceiling.
      env: { FORM_POSTS_PER_IP: "100000000" },
    });
    const { url, pid } = server;
    const stamps = stampSupply(url);
    await stamps.fill(warmup + amount + 2 * connections);
    const next = () => registrationRequest(stamps.next());
    // Warm-up: the JIT settles and the first tickets are rendered; all delivered before the burst.
    const warm = await closedLoop({ url, connections, seconds: 120, amount: warmup, next });
    await untilDelivered(sink, okKeys(warm.answers), DELIVERY_TIMEOUT_MS);

    if (mode === "smtp stalled") sink.hold();
    const cpuBefore = processTreeCpuSeconds(pid);
    const started = performance.now();
    const burst = await closedLoop({ url, connections, seconds: 600, amount, next });
    const ended = Math.max(...burst.answers.map((a) => a.at));
    const burstCpu = processTreeCpuSeconds(pid) - cpuBefore;
    const load = loadAverage();
    sink.release();
    const keys = okKeys(burst.answers);
    if (mode === "delivering") await untilDelivered(sink, keys, DELIVERY_TIMEOUT_MS);
    const cpuSeconds = processTreeCpuSeconds(pid) - cpuBefore;
    await server.stop();
    server = undefined;

    const ok = burst.answers.filter(isOk);
    const arrivals = keys.map((key) => sink.arrivals.get(key)).filter((at): at is number => at !== undefined);
    const latencies = ok.flatMap((a) => {
      const arrived = sink.arrivals.get(a.key ?? "");
      return arrived === undefined ? [] : [(arrived - a.at) / 1000];
    });
    const database = await bench.open();
    const outbox = await verify(database).finally(() => database.close());
    const run: Run = {
      kind,
      mode,
      burstSeconds: (ended - started) / 1000,
      ok: ok.length,
      refused: burst.answers.length - ok.length,
      ...p50p99(ok),
      duringBurst: arrivals.filter((at) => at <= ended).length,
      delivered: arrivals.length,
      lastAfterEnd: arrivals.length ? (Math.max(...arrivals) - ended) / 1000 : Number.NaN,
      deliveryP50: percentile(latencies, 50),
      deliveryP99: percentile(latencies, 99),
      burstCpuMs: (burstCpu * 1000) / Math.max(1, ok.length),
      cpuSeconds,
      load,
      outbox: JSON.stringify(outbox.mailByStatus),
    };
    log(`${kind}, ${mode}: ${JSON.stringify(run)}`);
    return run;
  } finally {
    await server?.stop();
    await bench.dispose();
  }
}

const isOk = (a: Answer) => a.status >= 200 && a.status < 300;
const okKeys = (answers: Answer[]) => answers.filter(isOk).map((a) => a.key ?? "");

const f0 = (n: number) => (Number.isNaN(n) ? "—" : n.toFixed(0));
const f1 = (n: number) => (Number.isNaN(n) ? "—" : n.toFixed(1));

/** One table row's figures (after the label): medians of the runs. */
function row(runs: Run[]): string {
  const m = (pick: (r: Run) => number) => median(runs.map(pick));
  const delivering = runs[0]?.mode === "delivering";
  return [
    f1(m((r) => r.burstSeconds)),
    `${f0(m((r) => r.ok))} / ${f0(m((r) => r.refused))}`,
    f0(m((r) => r.ok / r.burstSeconds)),
    f0(m((r) => r.p50)),
    f0(m((r) => r.p99)),
    delivering ? `${f0(m((r) => r.duringBurst))} / ${f0(m((r) => r.delivered))}` : "held",
    delivering ? f1(m((r) => r.lastAfterEnd)) : "—",
    delivering ? `${f1(m((r) => r.deliveryP50))} / ${f1(m((r) => r.deliveryP99))}` : "—",
    f1(m((r) => r.burstCpuMs)),
    f1(m((r) => r.cpuSeconds)),
    f1(m((r) => r.load)),
  ].join(" | ");
}

function report(runs: Run[]): { table: string; verdicts: string[]; perRun: string[] } {
  const lines = [
    "| Database, mail | Burst s | 2xx / other | Reg/s | Reg p50 ms | Reg p99 ms | Tickets in the burst / in all | Last ticket after the burst, s | Registration → inbox p50 / p99, s | Server CPU ms per registration in the burst | Server CPU s, burst and delivery | Load |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
  ];
  const verdicts: string[] = [];
  for (const kind of kinds) {
    const delivering = runs.filter((r) => r.kind === kind && r.mode === "delivering");
    const stalled = runs.filter((r) => r.kind === kind && r.mode === "smtp stalled");
    if (delivering.length) lines.push(`| ${kind}, delivering | ${row(delivering)} |`);
    if (stalled.length) lines.push(`| ${kind}, SMTP stalled during the burst | ${row(stalled)} |`);
    if (!delivering.length) continue;
    const last = median(delivering.map((r) => r.lastAfterEnd));
    const complete = delivering.every((r) => r.delivered === r.ok);
    let verdict = `${kind}: last ticket ${f1(last)} s after the burst (target ≤ ${LAST_TICKET_TARGET_S} s) ${last <= LAST_TICKET_TARGET_S && complete ? "✓" : "✗"}`;
    if (!complete) verdict += ", SOME TICKETS NEVER ARRIVED";
    if (stalled.length) {
      const p99 = median(delivering.map((r) => r.p99));
      const without = median(stalled.map((r) => r.p99));
      verdict += `; registration p99 ${f0(p99)} ms while delivering, ${f0(without)} ms with nothing delivered (${f0(((p99 - without) / without) * 100)}%)`;
    }
    verdicts.push(verdict);
  }
  const perRun = runs.map(
    (r) =>
      `${r.kind}, ${r.mode}: burst ${f1(r.burstSeconds)} s, ${r.ok} registered, ${r.refused} other answers, p50/p99 ${f0(r.p50)}/${f0(r.p99)} ms, ` +
      `server CPU ${f1(r.burstCpuMs)} ms a registration in the burst, ` +
      (r.mode === "delivering"
        ? `${r.delivered} tickets (${r.duringBurst} during the burst), last ${f1(r.lastAfterEnd)} s after it`
        : `no ticket completed during the burst`) +
      `, outbox at stop ${r.outbox}, load ${f1(r.load)}`,
  );
  return { table: lines.join("\n"), verdicts, perRun };
}

async function main() {
  const loadBefore = loadAverage();
  const app = prepareAppBuild("worktree");
  process.once("SIGINT", () => {
    stopPostgresCluster();
    app.dispose();
    process.exit(130);
  });
  const sink = await startSmtpSink();
  const runs: Run[] = [];
  const modes: Mode[] = args["no-baseline"] ? ["delivering"] : ["delivering", "smtp stalled"];
  try {
    for (let rep = 1; rep <= Number(args.reps); rep++) {
      for (const kind of kinds) for (const mode of modes) runs.push(await measure(kind, mode, app.dir, sink));
    }
  } finally {
    await sink.stop();
    stopPostgresCluster();
    app.dispose();
  }
  const { table, verdicts, perRun } = report(runs);
  console.log(`\n${table}\n\n${verdicts.join("\n")}`);
  const command = process.argv.slice(2).length ? `npm run bench:delivery -- ${process.argv.slice(2).join(" ")}` : "npm run bench:delivery";
  const body = [
    `- Date: ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`,
    `- Machine: ${machineDescription()}; load average ${f1(loadBefore)} at the start, ${f1(loadAverage())} at the end. The load generator, the SMTP sink and the server share the cores.`,
    `- Command: \`${command}\` (bench/delivery.ts): the production build on a fresh database, \`SMTP_URL\` pointing at a loopback SMTP sink (bench/support/smtp-sink.ts) that notes when each recipient's message is accepted.`,
    `- Burst: ${warmup} warm-up registrations (their tickets delivered first), then ${amount} registrations (\`POST /register.data\`, unique e-mails) from ${connections} clients, each posting again as soon as it is answered. The burst ends with its last answer; "last ticket after the burst" runs from there to the last ticket's arrival at the sink; "registration → inbox" is, per person, from the answer to their ticket's arrival.`,
    `- Beside it, "SMTP stalled": the same burst while the sink leaves every message unanswered, so no ticket completes and the worker waits on its first round: the registrations' figures without delivery running, to compare with.`,
    `- Medians of ${args.reps} run(s). Targets: the last ticket ≤ ${LAST_TICKET_TARGET_S} s after the burst ends, the registrations' p99 as without delivery.`,
    "",
    table,
    "",
    ...verdicts.map((v) => `- ${v}`),
    "",
    "Per run:",
    "",
    ...perRun.map((line) => `- ${line}`),
  ].join("\n");
  if (!args["no-write"]) writeSection(HEADING, body);
}

await main();
process.exit(0);
