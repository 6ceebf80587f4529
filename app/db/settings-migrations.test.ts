import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresDatabaseUrl, DATABASE_KINDS } from "#tests/support/test-database.ts";

// The settings row's migrations (0030 on) over a database built at the schema before them, with
// the settings as the site wrote them then: the jobs' marks become job_runs, a job done stays done.

const root = path.resolve(import.meta.dirname, "../..");
const FIRST_TAG = "0030_job_runs";

/** The migrations folder as it stood before FIRST_TAG: the journal cut there. */
function migrationsBefore(dir: string): string {
  cpSync(path.join(root, "drizzle"), dir, { recursive: true });
  const journalFile = path.join(dir, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((entry) => entry.tag === FIRST_TAG);
  expect(cut).toBeGreaterThan(0);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
  return dir;
}

type Exec = (query: string) => Promise<{ rows: Record<string, unknown>[] }>;

const SETTINGS_BEFORE = `
  update event_settings set event_date = '2026-12-24', auto_reminder_sent_for = '2026-12-24',
    personal_data_purged_for = '2026-08-12', certificates_sent_for = null;
`;

async function expectMigratedWell(exec: Exec) {
  expect((await exec("select job, event_date::text as event_date from job_runs order by job")).rows).toEqual([
    { job: "auto-reminder", event_date: "2026-12-24" },
    { job: "personal-data-purge", event_date: "2026-08-12" },
  ]);
  const columns = await exec("select column_name from information_schema.columns where table_name = 'event_settings'");
  const names = columns.rows.map((row) => row.column_name);
  for (const gone of ["auto_reminder_sent_for", "personal_data_purged_for", "certificates_sent_for"]) expect(names).not.toContain(gone);
}

describe.each(DATABASE_KINDS)("the settings migrations on %s", (kind) => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "summit-migrations-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("keeps every job done as done", async () => {
    const before = migrationsBefore(dir);
    if (kind === "pglite") {
      const client = new PGlite();
      const exec: Exec = async (query) => ({ rows: (await client.exec(query)).at(-1)?.rows ?? [] });
      await migratePglite(drizzlePglite(client), { migrationsFolder: before });
      await client.exec(SETTINGS_BEFORE);
      await migratePglite(drizzlePglite(client), { migrationsFolder: path.join(root, "drizzle") });
      await expectMigratedWell(exec);
      await client.close();
      return;
    }
    const pool = new pg.Pool({ connectionString: await createPostgresDatabaseUrl(), max: 1 });
    const exec: Exec = async (query) => {
      const result = await pool.query(query);
      return { rows: (Array.isArray(result) ? result.at(-1) : result).rows };
    };
    try {
      await migratePg(drizzlePg(pool), { migrationsFolder: before });
      await pool.query(SETTINGS_BEFORE);
      await migratePg(drizzlePg(pool), { migrationsFolder: path.join(root, "drizzle") });
      await expectMigratedWell(exec);
    } finally {
      await pool.end();
    }
  });
});
