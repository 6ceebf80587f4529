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
// Options: --n=50 --rows=10000 --skip-postgres --skip-http --no-write

import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { startPostgres } from "#tests/support/postgres-server.ts";
import { hasProductionBuild } from "#tests/support/production-server.ts";
import { dbConnectionOptions, openDbConnection } from "~/db/client.server";
import { createBenchSession, seed } from "./admin/attendee-data";
import { CONTENT_COUNTS, seedContent } from "./admin/content-data";
import { domainBench } from "./admin/domain-bench";
import { httpBench } from "./admin/http-bench";
import type { Results } from "./admin/measure";
import { CONTENT_P95_TARGET_MS, EXPORT_TARGET_MS, SEARCH_P95_TARGET_MS, table } from "./admin/report";
import { writeSection } from "./support/docs-section";

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const flag = (name: string) => process.argv.includes(`--${name}`);
const N = Number(arg("n") ?? 50);
const ROWS = Number(arg("rows") ?? 10_000);
const WARMUP = 5;

async function runPglite(results: Results) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-admin-"));
  const dataDir = path.join(dir, "data");
  try {
    // The same directory the server uses for DATA_DIR.
    const database = await openDbConnection(dbConnectionOptions({ dataDir }));
    let cookie = "";
    let content: Awaited<ReturnType<typeof seedContent>> | undefined;
    try {
      const seeded = await seed(database.db, ROWS);
      console.error(`pglite: inserted ${ROWS} attendees in ${seeded.ms.toFixed(0)} ms`);
      content = await seedContent(database.db);
      cookie = await createBenchSession(database.db);
      await domainBench(database, results, { n: N, warmup: WARMUP, rows: ROWS });
    } finally {
      await database.close();
    }
    if (!flag("skip-http") && hasProductionBuild()) await httpBench({ dataDir }, cookie, results, N, content);
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
    let cookie = "";
    let content: Awaited<ReturnType<typeof seedContent>> | undefined;
    try {
      const seeded = await seed(database.db, ROWS);
      console.error(`postgres: inserted ${ROWS} attendees in ${seeded.ms.toFixed(0)} ms`);
      content = await seedContent(database.db);
      cookie = await createBenchSession(database.db);
      await domainBench(database, results, { n: N, warmup: WARMUP, rows: ROWS });
    } finally {
      await database.close();
    }
    if (!flag("skip-http") && hasProductionBuild()) await httpBench({ dataDir, databaseUrl: url }, cookie, results, N, content);
  } finally {
    server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
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
  if (!flag("no-write")) writeSection("## Admin (npm run bench:admin)", markdown);
}

await main();
