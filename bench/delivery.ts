// npm run bench:delivery — how long people wait for their ticket after a registration rush, by
// e-mail and by SMS. The production server (mail over SMTP to a loopback sink, SMS to a fake
// Africa's Talking) takes 1,000 registrations through the form as a browser without JavaScript
// posts it (POST /register, "Also send my ticket by SMS" ticked), 50 a second from at most 20
// people at once. The sink and the fake gateway note when each person's ticket arrives; each
// person's wait runs from the answer on their screen to that arrival. Reported per channel:
// p50, p95 and the longest wait (target p95 ≤ 5 s), beside the registrations' own p50/p99
// (target p99 ≤ 200 ms) and how long after the rush the last ticket lands. Writes the "Tickets
// after a rush" section of docs/BENCHMARKS.md.
//
// Options: --reps 3 --amount 1000 --rate 50 --connections 20 --warmup 100 --kinds postgres,pglite --no-write
//          --cpu-prof DIR (the server's CPU profile of each run, for bench/profile-top.ts)
import { parseArgs } from "node:util";
import { type FakeAfricasTalking, startFakeAfricasTalking } from "#tests/support/fake-africastalking.ts";
import { type ProductionServer, startProductionServer } from "#tests/support/production-server.ts";
import { prepareAppBuild } from "./support/app-server";
import { loadAverage, processTreeCpuSeconds } from "./support/cpu";
import { type DatabaseKind, freshDatabase, stopPostgresCluster, verify } from "./support/databases";
import { writeSection } from "./support/docs-section";
import { type Stamp, stampSupply, uniqueRegistration } from "./support/http-load";
import { type Answer, closedLoop, openLoop, p50p99, percentile, type Sent } from "./support/open-loop";
import { machineDescription, median } from "./support/report";
import { type SmtpSink, startSmtpSink } from "./support/smtp-sink";

const { values: args } = parseArgs({
  options: {
    reps: { type: "string", default: "3" },
    amount: { type: "string", default: "1000" },
    rate: { type: "string", default: "50" },
    connections: { type: "string", default: "20" },
    warmup: { type: "string", default: "100" },
    kinds: { type: "string", default: "postgres,pglite" },
    /** server processes (WEB_CONCURRENCY, PostgreSQL only) */
    processes: { type: "string", default: "1" },
    "no-baseline": { type: "boolean", default: false },
    "no-write": { type: "boolean", default: false },
    /** a directory for the server's CPU profile of each run (bench/profile-top.ts reads them) */
    "cpu-prof": { type: "string" },
  },
});
const HEADING = "## Tickets after a rush (npm run bench:delivery)";
const WAIT_P95_TARGET_S = 5;
const REGISTRATION_P99_TARGET_MS = 200;
// Waiting for the tickets gives up after this; a run that needs it has failed its target anyway.
const DELIVERY_TIMEOUT_MS = 300_000;
const amount = Number(args.amount);
const processes = Number(args.processes);
const rate = Number(args.rate);
const connections = Number(args.connections);
const warmup = Number(args.warmup);
const kinds = String(args.kinds).split(",") as DatabaseKind[];
const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);
const TOKEN = "bench-delivery-callback-token-0123";

type Waits = { p50: number; p95: number; max: number; delivered: number };
/**
 * "held": the same rush while the SMTP sink leaves every message unanswered, so the worker's
 * first round never ends and nothing is rendered or sent until the rush is over: the
 * registrations' figures without delivery, to compare with.
 */
type Mode = "delivering" | "held";
type Run = {
  kind: DatabaseKind;
  mode: Mode;
  burstSeconds: number;
  ok: number;
  refused: number;
  p50: number;
  p99: number;
  email: Waits;
  sms: Waits;
  /** seconds from the burst's last answer to the last ticket's arrival, either channel */
  lastAfterEnd: number;
  /** the server's CPU during the burst per registration answered */
  burstCpuMs: number;
  load: number;
  outbox: string;
};

/** The last ten digits of a number, however it is written (0803…, +234803…). */
const digits = (phone: string) => phone.replace(/\D/g, "").slice(-10);

/** A person at a browser without JavaScript: the plain form post, SMS ticked, keyed by e-mail. */
function personPost(phones: Map<string, string>) {
  return ({ formStamp, cookie }: Stamp): Sent => {
    const person = uniqueRegistration();
    const email = person.email ?? "";
    phones.set(email, digits(person.phone ?? ""));
    const body = new URLSearchParams({ ...person, sms: "on", formStamp, website: "" }).toString();
    return { method: "POST", path: "/register", body, headers: { cookie }, key: email };
  };
}

/** When each number's (latest) SMS reached the gateway, in performance.now() of this process. */
function smsArrivals(gateway: FakeAfricasTalking): Map<string, number> {
  const arrivals = new Map<string, number>();
  for (const message of gateway.messages) arrivals.set(digits(message.to), message.receivedAt - performance.timeOrigin);
  return arrivals;
}

/** Resolves once every person has both tickets (or the timeout passed). */
async function untilDelivered(sink: SmtpSink, gateway: FakeAfricasTalking, emails: string[], phones: Map<string, string>) {
  const deadline = performance.now() + DELIVERY_TIMEOUT_MS;
  for (;;) {
    const sms = smsArrivals(gateway);
    const missing = emails.some((email) => !sink.arrivals.has(email) || !sms.has(phones.get(email) ?? ""));
    if (!missing || performance.now() > deadline) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function waits(ok: Answer[], arrivalOf: (key: string) => number | undefined): Waits {
  const seconds = ok.flatMap((a) => {
    const arrived = arrivalOf(a.key ?? "");
    return arrived === undefined ? [] : [(arrived - a.at) / 1000];
  });
  return { p50: percentile(seconds, 50), p95: percentile(seconds, 95), max: Math.max(...seconds), delivered: seconds.length };
}

const isOk = (a: Answer) => a.status >= 200 && a.status < 400;

async function measure(kind: DatabaseKind, mode: Mode, appDir: string, sink: SmtpSink, gateway: FakeAfricasTalking): Promise<Run> {
  const bench = await freshDatabase(kind);
  let server: ProductionServer | undefined;
  try {
    server = await startProductionServer({
      dir: appDir,
      dataDir: bench.dataDir,
      databaseUrl: bench.databaseUrl,
      smtpUrl: sink.url,
      processes: kind === "postgres" ? processes : 1,
      nodeArgs: args["cpu-prof"] ? ["--cpu-prof", `--cpu-prof-dir=${args["cpu-prof"]}`] : [],
      env: {
        // One load generator on loopback is one client address: lift the per-address ceiling.
        FORM_POSTS_PER_IP: "100000000",
        SMS_PROVIDER: "africastalking",
        AFRICASTALKING_USERNAME: gateway.username,
        AFRICASTALKING_API_KEY: gateway.apiKey,
        AFRICASTALKING_SMS_URL: gateway.smsUrl,
        AFRICASTALKING_CALLBACK_TOKEN: TOKEN,
      },
    });
    const { url, pid } = server;
    const phones = new Map<string, string>();
    const stamps = stampSupply(url);
    await stamps.fill(warmup + amount + 2 * connections);
    const next = () => personPost(phones)(stamps.next());
    // Warm-up: the JIT settles and the first tickets are rendered; all delivered before the rush.
    const warm = await closedLoop({ url, connections, seconds: 120, amount: warmup, next });
    await untilDelivered(sink, gateway, okKeys(warm.answers), phones);

    if (mode === "held") sink.hold();
    const cpuBefore = processTreeCpuSeconds(pid);
    const started = performance.now();
    const burst = await openLoop({ url, rate, seconds: amount / rate, inFlight: connections, next });
    const ended = Math.max(...burst.answers.map((a) => a.at));
    const burstCpu = processTreeCpuSeconds(pid) - cpuBefore;
    const load = loadAverage();
    sink.release();
    const keys = okKeys(burst.answers);
    await untilDelivered(sink, gateway, keys, phones);
    await server.stop();
    server = undefined;

    const ok = burst.answers.filter(isOk);
    const sms = smsArrivals(gateway);
    const email = waits(ok, (key) => sink.arrivals.get(key));
    const text = waits(ok, (key) => sms.get(phones.get(key) ?? ""));
    const last = Math.max(...keys.flatMap((key) => [sink.arrivals.get(key) ?? 0, sms.get(phones.get(key) ?? "") ?? 0]));
    const database = await bench.open();
    const outbox = await verify(database).finally(() => database.close());
    const run: Run = {
      kind,
      mode,
      burstSeconds: (ended - started) / 1000,
      ok: ok.length,
      refused: burst.answers.length - ok.length,
      ...p50p99(ok),
      email,
      sms: text,
      lastAfterEnd: (last - ended) / 1000,
      burstCpuMs: (burstCpu * 1000) / Math.max(1, ok.length),
      load,
      outbox: JSON.stringify(outbox.mailByStatus),
    };
    const statuses: Record<string, number> = {};
    for (const a of burst.answers) statuses[a.error ?? a.status] = (statuses[a.error ?? a.status] ?? 0) + 1;
    log(`${kind}, ${mode}: ${JSON.stringify({ ...run, statuses })}`);
    return run;
  } finally {
    await server?.stop();
    await bench.dispose();
  }
}

const okKeys = (answers: Answer[]) => answers.filter(isOk).map((a) => a.key ?? "");

const f0 = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : "—");
const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : "—");
const waitCell = (w: Waits) => `${f1(w.p50)} / ${f1(w.p95)} / ${f1(w.max)}`;

/** One table row's figures (after the label): medians of the runs. */
function row(runs: Run[]): string {
  const m = (pick: (r: Run) => number) => median(runs.map(pick));
  const held = runs[0]?.mode === "held";
  const medianWaits = (pick: (r: Run) => Waits): Waits => ({
    p50: m((r) => pick(r).p50),
    p95: m((r) => pick(r).p95),
    max: m((r) => pick(r).max),
    delivered: m((r) => pick(r).delivered),
  });
  return [
    f1(m((r) => r.burstSeconds)),
    `${f0(m((r) => r.ok))} / ${f0(m((r) => r.refused))}`,
    f0(m((r) => r.ok / r.burstSeconds)),
    f0(m((r) => r.p50)),
    f0(m((r) => r.p99)),
    held ? "held" : waitCell(medianWaits((r) => r.email)),
    held ? "held" : waitCell(medianWaits((r) => r.sms)),
    held ? "—" : f1(m((r) => r.lastAfterEnd)),
    f1(m((r) => r.burstCpuMs)),
    f1(m((r) => r.load)),
  ].join(" | ");
}

function report(runs: Run[]): { table: string; verdicts: string[]; perRun: string[] } {
  const lines = [
    "| Database, mail | Rush s | Answered 2xx–3xx / other | Reg/s | Reg p50 ms | Reg p99 ms | Answer → e-mail p50 / p95 / max, s | Answer → SMS p50 / p95 / max, s | Last ticket after the rush, s | Server CPU ms per registration | Load |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
  ];
  const verdicts: string[] = [];
  const mark = (met: boolean) => (met ? "met" : "NOT MET");
  for (const kind of kinds) {
    const delivering = runs.filter((r) => r.kind === kind && r.mode === "delivering");
    const held = runs.filter((r) => r.kind === kind && r.mode === "held");
    if (delivering.length) lines.push(`| ${kind}, delivering | ${row(delivering)} |`);
    if (held.length) lines.push(`| ${kind}, SMTP held during the rush | ${row(held)} |`);
    if (!delivering.length) continue;
    const email = median(delivering.map((r) => r.email.p95));
    const sms = median(delivering.map((r) => r.sms.p95));
    const p99 = median(delivering.map((r) => r.p99));
    const complete = delivering.every((r) => r.email.delivered === r.ok && r.sms.delivered === r.ok);
    verdicts.push(
      `${kind}: e-mail p95 ${f1(email)} s (≤ ${WAIT_P95_TARGET_S} s: ${mark(email <= WAIT_P95_TARGET_S)}), ` +
        `SMS p95 ${f1(sms)} s (≤ ${WAIT_P95_TARGET_S} s: ${mark(sms <= WAIT_P95_TARGET_S)}), ` +
        `registration p99 ${f0(p99)} ms (≤ ${REGISTRATION_P99_TARGET_MS} ms: ${mark(p99 <= REGISTRATION_P99_TARGET_MS)})` +
        (held.length ? `; with nothing delivered during the rush, p99 ${f0(median(held.map((r) => r.p99)))} ms` : "") +
        (complete ? "" : "; SOME TICKETS NEVER ARRIVED"),
    );
  }
  const perRun = runs.map(
    (r) =>
      `${r.kind}, ${r.mode}: rush ${f1(r.burstSeconds)} s, ${r.ok} registered, ${r.refused} other answers, p50/p99 ${f0(r.p50)}/${f0(r.p99)} ms, ` +
      (r.mode === "delivering"
        ? `e-mail ${waitCell(r.email)} s (${r.email.delivered}), SMS ${waitCell(r.sms)} s (${r.sms.delivered}), last ${f1(r.lastAfterEnd)} s after the rush, `
        : "nothing delivered during the rush, ") +
      `server CPU ${f1(r.burstCpuMs)} ms a registration, outbox at stop ${r.outbox}, load ${f1(r.load)}`,
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
  const gateway = await startFakeAfricasTalking({ outcomesBySuffix: false });
  const runs: Run[] = [];
  try {
    const modes: Mode[] = args["no-baseline"] ? ["delivering"] : ["delivering", "held"];
    for (let rep = 1; rep <= Number(args.reps); rep++) {
      for (const kind of kinds) for (const mode of modes) runs.push(await measure(kind, mode, app.dir, sink, gateway));
    }
  } finally {
    await sink.stop();
    await gateway.close();
    stopPostgresCluster();
    app.dispose();
  }
  const { table, verdicts, perRun } = report(runs);
  console.log(`\n${table}\n\n${verdicts.join("\n")}`);
  const command = process.argv.slice(2).length ? `npm run bench:delivery -- ${process.argv.slice(2).join(" ")}` : "npm run bench:delivery";
  const body = [
    `- Date: ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`,
    `- Machine: ${machineDescription()}; load average ${f1(loadBefore)} at the start, ${f1(loadAverage())} at the end. The load generator, the SMTP sink, the fake gateway and the server share the cores.`,
    `- Command: \`${command}\` (bench/delivery.ts): the production build on a fresh database, \`SMTP_URL\` pointing at a loopback SMTP sink (bench/support/smtp-sink.ts), SMS through Africa's Talking's client to a fake of its API on loopback (tests/support/fake-africastalking.ts); each notes when each person's ticket arrives.`,
    `- Rush: ${warmup} warm-up registrations (their tickets delivered first), then ${amount} registrations through the form as a browser without JavaScript posts it (\`POST /register\`, unique e-mails and numbers, "Also send my ticket by SMS" ticked), ${rate} a second, at most ${connections} unanswered at once. Each person's wait runs from the answer on their screen to their ticket's arrival at the SMTP sink or the gateway.`,
    `- Beside it, "SMTP held": the same rush while the SMTP sink leaves every message unanswered, so the worker's first round never ends and nothing is rendered or sent until the rush is over: the registrations' figures without delivery, to compare with. ${processes > 1 ? `PostgreSQL runs ${processes} server processes (WEB_CONCURRENCY), each with its outbox worker.` : "One server process."}`,
    `- Medians of ${args.reps} run(s). Targets: each channel's wait p95 ≤ ${WAIT_P95_TARGET_S} s, registrations' p99 ≤ ${REGISTRATION_P99_TARGET_MS} ms, in the same rush.`,
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
