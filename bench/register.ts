// npm run bench:register — registrations per second through the production server
// (HTTP, autocannon) next to the bare database transaction rate, on PGlite and on
// PostgreSQL. Writes the "Registration" section of docs/BENCHMARKS.md.
//
// Options: --reps 3 --seconds 20 (or a fixed --amount) --warmup 200
//          --connections 20 (a list, e.g. 10,20,50, sweeps) --kinds pglite,postgres
//          --endpoints data,document --processes 1,2 (PostgreSQL server processes) --cpu-prof <dir> --source worktree|head|<commit> --no-write
import { mkdirSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { type ProductionServer, startProductionServer } from "#tests/support/production-server.ts";
import { type BuildSource, prepareAppBuild } from "./support/app-server";
import { loadAverage, postgresCpuSeconds, processTreeCpuSeconds } from "./support/cpu";
import {
  type BenchDatabase,
  CAPACITY,
  type DatabaseKind,
  freshDatabase,
  postgresCluster,
  stopPostgresCluster,
  verify,
} from "./support/databases";
import { runBareTransactions, runDirectRegistrations, runGuardedRegistrations } from "./support/direct-load";
import { BENCHMARKS_FILE, writeSection } from "./support/docs-section";
import { type Endpoint, runRegistrationLoad } from "./support/http-load";
import { consoleTable, type Measurement, machineDescription, markdownTable, type Row, SECTION_HEADING, summarise } from "./support/report";
import { startSmtpSink } from "./support/smtp-sink";

const { values: args } = parseArgs({
  options: {
    reps: { type: "string", default: "3" },
    seconds: { type: "string", default: "20" },
    amount: { type: "string" },
    warmup: { type: "string", default: "200" },
    connections: { type: "string", default: "20" },
    kinds: { type: "string", default: "pglite,postgres" },
    endpoints: { type: "string", default: "data,document" },
    // Server processes (WEB_CONCURRENCY) for the PostgreSQL HTTP runs, e.g. 1,2; PGlite is always one.
    processes: { type: "string", default: "1" },
    "cpu-prof": { type: "string" },
    source: { type: "string", default: "worktree" },
    "no-write": { type: "boolean", default: false },
  },
});

const reps = Number(args.reps);
const seconds = Number(args.seconds);
const fixedAmount = args.amount ? Number(args.amount) : undefined;
const warmup = Number(args.warmup);
// Every registration of a run must fit under the capacity, or the tail would measure "fully booked".
const maxAmount = CAPACITY - warmup - 100;
const connectionsList = String(args.connections).split(",").map(Number);
const kinds = String(args.kinds).split(",") as DatabaseKind[];
const processesList = String(args.processes).split(",").map(Number);
const endpoints = String(args.endpoints).split(",").filter(Boolean) as Endpoint[];
// /register.data: what the React page posts after a client-side navigation. The form post is
// what the page served without React posts, with or without JavaScript (ADR 009); its target
// is 3× the 31/s (PGlite) and 36/s (PostgreSQL) measured before that work.
const TARGETS: Record<DatabaseKind, { data: number; document: number }> = {
  pglite: { data: 200, document: 93 },
  postgres: { data: 250, document: 108 },
};
const P99_TARGET_MS = 150;
/** Over HTTP, at least this share of the rate of registerAttendee() called directly in the same run. */
const HTTP_SHARE_TARGET = 0.7;
const SERVER_POOL_SIZE = 10; // openDbConnection's default, what the server runs with
const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);

if (fixedAmount !== undefined && fixedAmount > maxAmount) throw new Error(`--amount must stay within ${maxAmount} (capacity ${CAPACITY})`);

type Counted = { ok: number; perSecond: number; errors?: number; timeouts?: number; non2xx?: number; failed?: number };

/** The warm-up in two halves: the first lets the JIT settle, the second's rate sizes the measured run. */
async function warmUp<T extends Counted>(run: (amount: number) => Promise<T>): Promise<T> {
  const first = await run(Math.ceil(warmup / 2));
  const second = await run(Math.floor(warmup / 2));
  const sum = (pick: (r: Counted) => number | undefined) => (pick(first) ?? 0) + (pick(second) ?? 0);
  return {
    ...second,
    ok: sum((r) => r.ok),
    errors: sum((r) => r.errors),
    timeouts: sum((r) => r.timeouts),
    non2xx: sum((r) => r.non2xx),
    failed: sum((r) => r.failed),
  };
}

/**
 * Runs count requests, not time, so the database can be checked against the 2xx
 * answers exactly (a run cut at a deadline leaves requests in flight). The count
 * is the warm-up's rate times --seconds, so a run lasts about that long.
 */
function measuredAmount(warmRate: number): number {
  return fixedAmount ?? Math.min(maxAmount, Math.max(100, Math.round(warmRate * seconds)));
}

const scenarioName: Record<Endpoint | "direct" | "guarded" | "bare", string> = {
  data: "HTTP POST /register.data (single fetch: the React page, after a client-side navigation)",
  document: "HTTP POST /register (the form post: the page served without React, with or without JS)",
  direct: "registerAttendee() direct, no HTTP",
  guarded: "the same behind the booking protection's statements (stamp, post slot, hold gate), no HTTP",
  bare: "bare BEGIN; SELECT … FOR UPDATE; INSERT; COMMIT",
};

const rows = new Map<string, Row>();
function record(kind: DatabaseKind, scenario: keyof typeof scenarioName, concurrency: number, m: Measurement, processes = 1) {
  const key = `${kind}|${scenario}|${concurrency}|${processes}`;
  const name = processes > 1 ? `${scenarioName[scenario]}, ${processes} server processes` : scenarioName[scenario];
  const row = rows.get(key) ?? { kind, scenario: name, concurrency, primary: scenario === "data", runs: [] };
  row.runs.push(m);
  rows.set(key, row);
  const flag = m.verified === false ? " DB CHECK FAILED" : "";
  log(
    `${kind} ${scenario} c=${concurrency}: ${m.perSecond.toFixed(0)}/s p50 ${m.p50.toFixed(1)} ms p99 ${m.p99.toFixed(1)} ms errors ${m.errors} non-2xx ${m.non2xx}${flag}`,
  );
}

let profileCount = 0;
let appDir = "";
const notes: string[] = [];
function note(text: string) {
  notes.push(text);
  log(text);
}

async function measureHttp(
  kind: DatabaseKind,
  endpoint: Endpoint,
  connections: number,
  smtpUrl: string,
  sinkCount: () => number,
  processes = 1,
) {
  const bench = await freshDatabase(kind);
  let server: ProductionServer | undefined;
  try {
    const nodeArgs = args["cpu-prof"]
      ? [
          "--cpu-prof",
          `--cpu-prof-dir=${path.resolve(args["cpu-prof"])}`,
          `--cpu-prof-name=${kind}-${endpoint}-${++profileCount}.cpuprofile`,
        ]
      : [];
    server = await startProductionServer({
      dir: appDir,
      dataDir: bench.dataDir,
      databaseUrl: bench.databaseUrl,
      smtpUrl,
      nodeArgs,
      processes,
      // One load generator on loopback is one client address: lift the per-address ceiling.
      env: { FORM_POSTS_PER_IP: "100000000" },
    });
    const url = server.url;
    const warm = await warmUp((amount) => runRegistrationLoad({ url, endpoint, connections, amount }));
    const measured = measuredAmount(warm.perSecond);
    const mailsBefore = sinkCount();
    const cpuBefore = processTreeCpuSeconds(server.pid) + (await databaseCpuSeconds(kind));
    const run = await runRegistrationLoad({ url, endpoint, connections, amount: measured });
    const cpu = processTreeCpuSeconds(server.pid) + (await databaseCpuSeconds(kind)) - cpuBefore;
    const load = loadAverage();
    const mailsDuring = sinkCount() - mailsBefore;
    await server.stop();
    server = undefined;
    const check = await checkDatabase(bench, warm.ok + run.ok);
    note(
      `${kind} ${endpoint} c=${connections}${processes > 1 ? ` ×${processes} processes` : ""}: ${run.ok} registered in ${run.seconds.toFixed(1)} s, status codes ${JSON.stringify(run.statusCodes)}, ` +
        `${mailsDuring} ticket mails delivered meanwhile, outbox at stop ${JSON.stringify(check.mailByStatus)}`,
    );
    record(
      kind,
      endpoint,
      connections,
      {
        perSecond: run.perSecond,
        p50: run.p50,
        p99: run.p99,
        errors: run.errors + run.timeouts + warm.errors + warm.timeouts,
        non2xx: run.non2xx + warm.non2xx,
        verified: check.ok,
        cpuMs: (cpu * 1000) / Math.max(1, run.ok),
        load,
      },
      processes,
    );
  } finally {
    await server?.stop();
    await bench.dispose();
  }
}

/** Attendees = 2xx answers, no e-mail twice, one ticket mail per attendee. */
async function checkDatabase(bench: BenchDatabase, expected: number) {
  const database = await bench.open();
  try {
    const v = await verify(database);
    const ok = v.attendees === expected && v.duplicateEmails === 0 && v.ticketMails === v.attendees;
    if (!ok) log(`DB check failed: expected ${expected} attendees, found ${JSON.stringify(v)}`);
    return { ok, mailByStatus: v.mailByStatus };
  } finally {
    await database.close();
  }
}

async function measureDirect(kind: DatabaseKind, which: "direct" | "guarded" | "bare", concurrency: number) {
  const bench = await freshDatabase(kind);
  const database = await bench.open(SERVER_POOL_SIZE);
  try {
    const run = (n: number) =>
      which === "bare"
        ? runBareTransactions(database.db, { amount: n, concurrency })
        : (which === "direct" ? runDirectRegistrations : runGuardedRegistrations)(database.db, {
            amount: n,
            concurrency,
            secret: "bench-secret-bench-secret-bench-secret",
          });
    const warm = await warmUp(run);
    const cpuBefore = process.cpuUsage();
    const dbCpuBefore = await databaseCpuSeconds(kind);
    const result = await run(measuredAmount(warm.perSecond));
    const own = process.cpuUsage(cpuBefore);
    const cpu = (own.user + own.system) / 1e6 + (await databaseCpuSeconds(kind)) - dbCpuBefore;
    const load = loadAverage();
    let verified: boolean | null = null;
    if (which !== "bare") {
      const v = await verify(database);
      verified = v.attendees === warm.ok + result.ok && v.duplicateEmails === 0 && v.ticketMails === v.attendees;
    }
    record(kind, which, concurrency, {
      perSecond: result.perSecond,
      p50: result.p50,
      p99: result.p99,
      errors: result.failed + warm.failed,
      non2xx: 0,
      verified,
      cpuMs: (cpu * 1000) / Math.max(1, result.ok),
      load,
    });
  } finally {
    await database.close();
    await bench.dispose();
  }
}

/** PostgreSQL's CPU (postmaster and backends); PGlite runs inside the measured Node process. */
async function databaseCpuSeconds(kind: DatabaseKind): Promise<number> {
  return kind === "postgres" ? postgresCpuSeconds((await postgresCluster()).port) : 0;
}

async function postgresVersion(): Promise<string | undefined> {
  if (!kinds.includes("postgres")) return undefined;
  const bench = await freshDatabase("postgres");
  const database = await bench.open();
  try {
    const result = (await database.db.execute(sql`show server_version`)) as unknown as { rows: { server_version: string }[] };
    return `PostgreSQL ${result.rows[0]?.server_version ?? "?"}`;
  } finally {
    await database.close();
    await bench.dispose();
  }
}

async function main() {
  if (args["cpu-prof"]) mkdirSync(path.resolve(args["cpu-prof"]), { recursive: true });
  // worktree, head, or any commit by name (an earlier one, to measure before and after on one machine)
  const source = args.source === "worktree" || args.source === "head" ? args.source : { ref: String(args.source) };
  const app = prepareAppBuild(source as BuildSource);
  appDir = app.dir;
  // pg_ctl detaches the cluster from this process group: stop it on Ctrl-C too.
  process.once("SIGINT", () => {
    stopPostgresCluster();
    app.dispose();
    process.exit(130);
  });
  const started = new Date();
  const sink = await startSmtpSink().catch((error) => {
    app.dispose();
    throw error;
  });
  try {
    const pgVersion = await postgresVersion();
    for (let rep = 1; rep <= reps; rep++) {
      for (const kind of kinds) {
        for (const connections of connectionsList) {
          log(`repetition ${rep}/${reps}, ${kind}, ${connections} connections`);
          for (const endpoint of endpoints) {
            for (const processes of kind === "postgres" ? processesList : [1])
              await measureHttp(kind, endpoint, connections, sink.url, sink.received, processes);
          }
          await measureDirect(kind, "direct", connections);
          await measureDirect(kind, "guarded", connections);
          await measureDirect(kind, "bare", connections);
        }
      }
    }
    const summaries = [...rows.values()].map(summarise);
    console.log(`\n${consoleTable(summaries)}\n`);
    const verdicts = targetVerdicts(summaries);
    for (const line of verdicts) console.log(line);
    if (!args["no-write"]) {
      writeSection(SECTION_HEADING, sectionBody(started, machineDescription(pgVersion), summaries, verdicts));
      log(`wrote ${path.relative(process.cwd(), BENCHMARKS_FILE)}`);
    }
  } finally {
    await sink.stop();
    stopPostgresCluster();
    app.dispose();
  }
}

function targetVerdicts(summaries: ReturnType<typeof summarise>[]): string[] {
  const endpointOf = (scenario: string) =>
    (Object.keys(scenarioName) as (keyof typeof scenarioName)[]).find((k) => scenarioName[k] === scenario);
  return kinds.flatMap((kind) =>
    summaries
      .filter((s) => s.kind === kind && (endpointOf(s.scenario) === "data" || endpointOf(s.scenario) === "document"))
      .map((s) => {
        const endpoint = endpointOf(s.scenario) as Endpoint;
        const target = TARGETS[kind][endpoint];
        const direct = summaries.find((d) => d.kind === kind && d.concurrency === s.concurrency && d.scenario === scenarioName.direct);
        const share = direct ? s.perSecond / direct.perSecond : Number.NaN;
        const rateOk = s.perSecond >= target;
        const shareOk = share >= HTTP_SHARE_TARGET;
        const p99Ok = s.p99 <= P99_TARGET_MS;
        const clean = s.errors === 0 && s.non2xx === 0 && s.verified === "yes";
        const met = rateOk && shareOk && p99Ok && clean;
        return (
          `${kind}, ${endpoint === "data" ? "/register.data" : "form post"}, ${s.concurrency} connections: ${met ? "MET" : "NOT MET"} — ` +
          `${s.perSecond.toFixed(0)}/s (target ≥ ${target}) ${rateOk ? "✓" : "✗"}, ` +
          `${Number.isNaN(share) ? "no direct run" : `${(share * 100).toFixed(0)} % of direct`} (≥ ${HTTP_SHARE_TARGET * 100} %) ${shareOk ? "✓" : "✗"}, ` +
          `p99 ${s.p99.toFixed(1)} ms (≤ ${P99_TARGET_MS}) ${p99Ok ? "✓" : "✗"}, errors ${s.errors} + non-2xx ${s.non2xx}, DB check ${s.verified} ${clean ? "✓" : "✗"}`
        );
      }),
  );
}

function sectionBody(started: Date, machine: string, summaries: ReturnType<typeof summarise>[], verdicts: string[]): string {
  const command = process.argv.slice(2).length ? `npm run bench:register -- ${process.argv.slice(2).join(" ")}` : "npm run bench:register";
  return [
    `- Date: ${started.toISOString().slice(0, 16).replace("T", " ")} UTC`,
    `- Machine: ${machine} (shared, noisy; load generator, SMTP sink and server on the same cores)`,
    `- Command: \`${command}\``,
    `- Each run uses a fresh database opened for ${CAPACITY} attendees: ${warmup} warm-up registrations, then ` +
      (fixedAmount ? `${fixedAmount}` : `as many as the warm-up rate fits in ${seconds} s (at most ${maxAmount})`) +
      `, all with unique e-mails. Medians of ${reps} repetition(s); errors and non-2xx are summed over all.`,
    "",
    markdownTable(summaries),
    "",
    `Targets: /register.data ≥ ${TARGETS.pglite.data}/s on PGlite and ≥ ${TARGETS.postgres.data}/s on PostgreSQL; the form post ≥ ${TARGETS.pglite.document}/s and ≥ ${TARGETS.postgres.document}/s (3× the rates before); each ≥ ${HTTP_SHARE_TARGET * 100} % of registerAttendee() direct in the same run, p99 ≤ ${P99_TARGET_MS} ms at 20 connections, 0 errors.`,
    "",
    ...verdicts.map((v) => `- ${v}`),
    "",
    "Per run:",
    "",
    ...notes.map((n) => `- ${n}`),
  ].join("\n");
}

await main();
