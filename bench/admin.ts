// npm run bench:admin — the admin with 10,000 registrants and a full programme of content.
//
// On PGlite (embedded) and on PostgreSQL (a throw-away local cluster, when the
// binaries are installed), it measures:
//   - the attendees page's domain call (searchAttendees), unfiltered and filtered;
//   - the CSV export of all 10,000 rows (time and bytes);
//   - the dashboard statistics (dashboardStats);
//   - the content screens (speakers, special guests, agenda, partners, forms, settings) over HTTP;
//   - with a production build present: the same pages over HTTP from `node server/start.js`
//     (document requests with an admin session: layout, loaders and server rendering included).
// Each measurement: warm-up runs, then N runs; p50 and p95 in milliseconds. The figures
// go to stdout and into docs/BENCHMARKS.md, section "## Admin (npm run bench:admin)".
//
// With --rush, instead: the attendees page, its data request and the dashboard over HTTP
// while registrations arrive at 50/s (open loop) on the same server, the list growing to
// 10,000 by the rush's end; written to the subsection "### While registrations arrive".
//
// Options: --n=50 --rows=10000 --skip-postgres --skip-http --no-write
//          --rush --rate=50 --seconds=30 --reps=3 --cpu-prof=<dir> (the rush's; the server's CPU profile)

import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { startPostgres } from "#tests/support/postgres-server.ts";
import { hasProductionBuild, type ProductionServerOptions } from "#tests/support/production-server.ts";
import { type DbConnection, dbConnectionOptions, openDbConnection } from "~/db/client.server";
import { updateSettings } from "~/modules/settings/settings.server";
import { createBenchSession, seed } from "./admin/attendee-data";
import { CONTENT_COUNTS, seedContent } from "./admin/content-data";
import { domainBench } from "./admin/domain-bench";
import { httpBench } from "./admin/http-bench";
import type { Results } from "./admin/measure";
import { CONTENT_P95_TARGET_MS, EXPORT_TARGET_MS, SEARCH_P95_TARGET_MS, table } from "./admin/report";
import { type Rush, type RushTally, rushBench } from "./admin/rush";
import { RUSH_HEADING, rushMarkdown } from "./admin/rush-report";
import { prepareAppBuild } from "./support/app-server";
import { writeSection, writeSubsection } from "./support/docs-section";
import { type SmtpSink, startSmtpSink } from "./support/smtp-sink";

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const flag = (name: string) => process.argv.includes(`--${name}`);
const N = Number(arg("n") ?? 50);
const ROWS = Number(arg("rows") ?? 10_000);
const WARMUP = 5;
const SECTION = "## Admin (npm run bench:admin)";
const RUSHING = flag("rush");
const RUSH: Rush = { rate: Number(arg("rate") ?? 50), seconds: Number(arg("seconds") ?? 30) };
const REPS = Number(arg("reps") ?? 3);
/** The production build and the SMTP sink the rush runs with. */
let rushEnv: { appDir: string; sink: SmtpSink } | undefined;
/** What each database's (latest) rush did. */
const tallies = new Map<string, RushTally>();

/** The registrations a rush adds, on top of the attendees seeded before it, to reach ROWS at its end. */
const rushSize = () => RUSH.rate * RUSH.seconds;

type Prepared = { cookie: string; content?: Awaited<ReturnType<typeof seedContent>> };

/** Seeds the database and measures in-process; with --rush only the attendees (the list ends at ROWS with the rush's registrations). */
async function prepare(database: DbConnection, kind: string, results: Results): Promise<Prepared> {
  const rows = RUSHING ? ROWS - rushSize() : ROWS;
  const seeded = await seed(database.db, rows);
  console.error(`${kind}: inserted ${rows} attendees in ${seeded.ms.toFixed(0)} ms`);
  const cookie = await createBenchSession(database.db);
  if (RUSHING) {
    await updateSettings(database.db, { max_attendees: ROWS, registration_enabled: true });
    return { cookie };
  }
  const content = await seedContent(database.db);
  await domainBench(database, results, { n: N, warmup: WARMUP, rows: ROWS });
  return { cookie, content };
}

/** The pages over HTTP from the production build: on their own, or under the rush. */
async function overHttp(where: ProductionServerOptions, kind: string, prepared: Prepared, results: Results) {
  if (RUSHING) {
    if (!rushEnv) throw new Error("the rush runs without its build and SMTP sink");
    const profile = arg("cpu-prof");
    const nodeArgs = profile
      ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(profile)}`, `--cpu-prof-name=rush-${kind}-${Date.now()}.cpuprofile`]
      : [];
    const { results: pages, tally } = await rushBench({ ...where, dir: rushEnv.appDir, nodeArgs }, prepared.cookie, RUSH, rushEnv.sink);
    for (const [label, stat] of pages) results.set(label, stat);
    tallies.set(kind, tally);
    return;
  }
  if (!flag("skip-http") && hasProductionBuild()) await httpBench(where, prepared.cookie, results, N, prepared.content);
}

async function runPglite(results: Results) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-admin-"));
  const dataDir = path.join(dir, "data");
  try {
    // The same directory the server uses for DATA_DIR.
    const database = await openDbConnection(dbConnectionOptions({ dataDir }));
    const prepared = await prepare(database, "pglite", results).finally(() => database.close());
    await overHttp({ dataDir }, "pglite", prepared, results);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function runPostgres(results: Results) {
  const server = await startPostgres();
  // The server keeps its generated secret and its mailbox here; the data is in PostgreSQL.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-admin-pg-"));
  try {
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    await admin.query("create database bench");
    await admin.end();
    const url = server.url.replace(/\/postgres$/, "/bench");
    const database = await openDbConnection({ kind: "postgres", url });
    const prepared = await prepare(database, "postgres", results).finally(() => database.close());
    await overHttp({ dataDir, databaseUrl: url }, "postgres", prepared, results);
  } finally {
    server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Both databases under the rush, REPS times (a fresh database each: a rush fills the event), into docs/BENCHMARKS.md. */
async function mainRush() {
  const loadBefore = os.loadavg()[0] ?? 0;
  const app = prepareAppBuild("worktree");
  const runs: { pglite: Results; postgres: Results | null; tallies: Map<string, RushTally> }[] = [];
  try {
    rushEnv = { appDir: app.dir, sink: await startSmtpSink() };
    for (let rep = 1; rep <= REPS; rep++) {
      const pglite: Results = new Map();
      await runPglite(pglite);
      const postgres: Results | null = flag("skip-postgres") ? null : new Map();
      if (postgres) await runPostgres(postgres);
      runs.push({ pglite, postgres, tallies: new Map(tallies) });
    }
  } finally {
    await rushEnv?.sink.stop();
    app.dispose();
  }
  const markdown = rushMarkdown(runs, { rush: RUSH, rows: ROWS, loadBefore, loadAfter: os.loadavg()[0] ?? 0, argv: process.argv.slice(2) });
  console.log(markdown);
  if (!flag("no-write")) writeSubsection(SECTION, RUSH_HEADING, markdown);
}

async function main() {
  const loadBefore = os.loadavg()[0] ?? 0;
  const pglite: Results = new Map();
  await runPglite(pglite);
  let postgres: Results | null = null;
  if (!flag("skip-postgres")) {
    try {
      postgres = new Map();
      await runPostgres(postgres);
    } catch (error) {
      console.error(`PostgreSQL run skipped: ${(error as Error).message}`);
      postgres = null;
    }
  }
  const loadAfter = os.loadavg()[0] ?? 0;
  const body = table(pglite, postgres);
  console.log(body);
  console.log(`load average ${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)}`);

  const cpus = os.cpus();
  const markdown = [
    `- Date: ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`,
    `- Machine: ${cpus.length} cores (${cpus[0]?.model.trim() ?? "unknown CPU"}), ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}; shared and noisy: load average ${loadBefore.toFixed(1)} at the start, ${loadAfter.toFixed(1)} at the end. Wall-clock figures grow with the load; the CPU column (the bench process's own CPU time per run, which for PGlite is the whole query) is the steadier measure of the work done.`,
    "- Command: `npm run bench:admin` (bench/admin.ts; `--n=`, `--rows=`, `--skip-postgres`, `--skip-http`, `--no-write`).",
    `- Data: ${ROWS.toLocaleString("en")} generated attendees (deterministic: 55% Zamfara, names with Hausa letters), inserted in batches of 500, then ANALYZE; for the content screens ${CONTENT_COUNTS.speakers} speakers, ${CONTENT_COUNTS.specialGuests} special guests, ${CONTENT_COUNTS.agenda} agenda items and ${CONTENT_COUNTS.partners} partners with stored photos and logos (bench/admin/content-data.ts).`,
    `- Method: each figure is ${N} runs after ${WARMUP} warm-up runs (HTTP: after 20, as the server compiles its rendering code on first use; CSV export: 10 runs after 2), p50 / p95 in milliseconds. \`searchAttendees\` is the attendees page's domain call (filter, counts, states and one page of 25, all in SQL). The HTTP rows are document requests with an admin session to the production build (\`node server/start.js\`), so they add the root and admin-layout loaders, the session check, server rendering and compression; the \`.data\` row is the same loaders as a client-side navigation fetches them, without rendering. PostgreSQL is a local throw-away cluster (tests/support/postgres-server.ts, fsync off).`,
    `- Targets: attendees page p95 ≤ ${SEARCH_P95_TARGET_MS} ms; each content screen's document (speakers, special guests, agenda, partners, their forms, settings) p95 ≤ ${CONTENT_P95_TARGET_MS} ms; CSV export of everyone ≤ ${EXPORT_TARGET_MS} ms.`,
    "",
    body,
    "",
    "Search is a case-insensitive substring test (`strpos(lower(…))`) on name and e-mail without a trigram index:",
    "at this size one sequential scan per request is enough, and pg_trgm is an extension PGlite would have to load.",
  ].join("\n");
  if (!flag("no-write")) writeSection(SECTION, markdown, undefined, [RUSH_HEADING]);
}

await (RUSHING ? mainRush() : main());
