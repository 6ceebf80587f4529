// npm run bench:search — finding people as they are typed (issue 42), at 10,000 and 50,000
// attendees, on PGlite (embedded) and on PostgreSQL (a throw-away local cluster): the attendees
// list's search (searchAttendees: its page and its count) and the door's (searchAtDoor: eight rows
// and the total), for a plain name, Hausa names typed without their hooked letters, two words out
// of order, a phone number and a ticket ID. Each: warm-up runs, then N runs; p50 and p95 in ms.
// Also the time to seed: the database folds every name it stores (attendees.search_key).
// Options: --n=30 --sizes=10000,50000 --skip-postgres --no-write
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { startPostgres } from "#tests/support/postgres-server.ts";
import { openDbConnection } from "~/db/client.server";
import { attendees } from "~/db/schema";
import { searchAttendees } from "~/modules/attendees/attendees.server";
import { searchAtDoor } from "~/modules/checkin/checkin.server";
import { seed } from "./admin/attendee-data";
import { measure } from "./admin/measure";
import { writeSection } from "./support/docs-section";

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const N = Number(arg("n") ?? 30);
const WARMUP = 5;
const SIZES = (arg("sizes") ?? "10000,50000").split(",").map(Number);
const TARGET_P95_MS = 150;

// A few people the generated list does not have, whom the searches below must find.
const NAMED = ["Fatima Ɗanjuma", "Zainab Ƴar'adua", "Abubakar Sani Gusau", "Ɗanladi Ƙasimu Ɓello"];
// The 43rd generated person's phone number as people type it, and their ticket ID in lower case (attendee-data.ts's formats).
const SEEDED_START = Date.UTC(2026, 8, 1);
const TICKET_42 = `zys-${(SEEDED_START + 42).toString(36)}-${(42).toString(36).padStart(6, "0")}`;
const QUERIES = ["ami", "danjuma", "yar adua", "danladi", "abubakar gusau", "0801 000 0042", TICKET_42];

type Row = { db: string; rows: number; what: string; q: string; p50: number; p95: number; found: number };

async function benchOne(kind: "pglite" | "postgres", rows: number, url: string | undefined): Promise<{ seedMs: number; results: Row[] }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "summit-bench-search-"));
  const database = await openDbConnection(url ? { kind: "postgres", url } : { kind: "pglite", dir: path.join(dir, "db") });
  try {
    const { ms: seedMs } = await seed(database.db, rows - NAMED.length);
    await database.db.insert(attendees).values(
      NAMED.map((full_name, i) => ({
        full_name,
        email: `named.${i}@example.org`,
        phone: `+2348099${String(i).padStart(6, "0")}`,
        gender: "female" as const,
        ticket_id: `ZYS-NAMED-${String(i).padStart(6, "0")}`,
      })),
    );
    const results: Row[] = [];
    for (const q of QUERIES) {
      const list = await measure(() => searchAttendees(database.db, { q }), N, WARMUP);
      const listed = await searchAttendees(database.db, { q });
      results.push({ db: kind, rows, what: "Attendees list", q, p50: list.p50, p95: list.p95, found: listed.total });
      const door = await measure(() => searchAtDoor(database.db, q), N, WARMUP);
      const atDoor = await searchAtDoor(database.db, q);
      results.push({ db: kind, rows, what: "door", q, p50: door.p50, p95: door.p95, found: atDoor.total });
    }
    return { seedMs, results };
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function freshPostgresDatabase(adminUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

const all: Row[] = [];
const seeds: string[] = [];
const postgres = process.argv.includes("--skip-postgres") ? undefined : await startPostgres();
try {
  for (const rows of SIZES) {
    for (const kind of postgres ? (["pglite", "postgres"] as const) : (["pglite"] as const)) {
      const t0 = performance.now();
      const url = kind === "postgres" && postgres ? await freshPostgresDatabase(postgres.url, `search_${rows}`) : undefined;
      const { seedMs, results } = await benchOne(kind, rows, url);
      seeds.push(
        `${kind}, ${rows.toLocaleString("en")} rows: seeded in ${(seedMs / 1000).toFixed(1)} s (whole run ${((performance.now() - t0) / 1000).toFixed(0)} s)`,
      );
      all.push(...results);
      for (const r of results)
        console.log(
          `${r.db.padEnd(8)} ${String(r.rows).padStart(6)} ${r.what.padEnd(14)} ${JSON.stringify(r.q).padEnd(22)} p50 ${r.p50.toFixed(1).padStart(6)} ms  p95 ${r.p95.toFixed(1).padStart(6)} ms  ${r.found} found`,
        );
    }
  }
} finally {
  postgres?.stop();
}

const worst = Math.max(...all.map((r) => r.p95));
const body = [
  `Measured ${new Date().toISOString().slice(0, 10)} on this machine (${os.cpus().length} cores, load ${os.loadavg()[0]?.toFixed(1)} at the end), \`npm run bench:search\`: N = ${N} after ${WARMUP} warm-up runs per search, in-process (the module call, no HTTP). Target: p95 at most ${TARGET_P95_MS} ms at 50,000 on both databases; worst p95 here ${worst.toFixed(1)} ms (${worst <= TARGET_P95_MS ? "met" : "NOT met"}).`,
  "",
  "| Database | Attendees | Search | Typed | p50 ms | p95 ms | Found |",
  "|---|---|---|---|---|---|---|",
  ...all.map(
    (r) => `| ${r.db} | ${r.rows.toLocaleString("en")} | ${r.what} | \`${r.q}\` | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.found} |`,
  ),
  "",
  ...seeds.map((s) => `- ${s}`),
].join("\n");
console.log(body);
if (!process.argv.includes("--no-write")) writeSection("## Search (npm run bench:search)", body);
