import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { createPostgresDatabaseUrl, type DatabaseKind } from "./test-database";

// A migration tried as it will run on a site that exists: a database built with the migrations
// before it, rows written as the site wrote them then, then every migration since (drizzle/).

const root = path.resolve(import.meta.dirname, "../..");

/** One SQL text (several statements allowed): the rows of its last statement. */
export type Exec = (query: string) => Promise<{ rows: Record<string, unknown>[] }>;

/** The migrations folder as it stood before `tag`: a copy in `dir` with the journal cut there. */
function migrationsBefore(dir: string, tag: string): string {
  cpSync(path.join(root, "drizzle"), dir, { recursive: true });
  const journalFile = path.join(dir, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((entry) => entry.tag === tag);
  if (cut <= 0) throw new Error(`no migration ${tag} after the first in drizzle/meta/_journal.json`);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
  return dir;
}

/**
 * Builds a `kind` database before migration `tag`, runs `rowsBefore` there, reads `before` (what
 * the test compares afterwards), migrates to the newest, and hands `check` the database and that.
 */
export async function upgradeThrough<T>(
  kind: DatabaseKind,
  tag: string,
  steps: { rowsBefore: string; before?: (exec: Exec) => Promise<T>; check: (exec: Exec, before: T | undefined) => Promise<void> },
): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), "summit-migrations-"));
  try {
    const older = migrationsBefore(dir, tag);
    const database = await openEmpty(kind);
    try {
      await database.migrate(older);
      await database.exec(steps.rowsBefore);
      const before = await steps.before?.(database.exec);
      await database.migrate(path.join(root, "drizzle"));
      await steps.check(database.exec, before);
    } finally {
      await database.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** An empty database of `kind`, with what upgradeThrough needs of it: SQL, Drizzle's migrator, and closing. */
async function openEmpty(
  kind: DatabaseKind,
): Promise<{ exec: Exec; migrate: (folder: string) => Promise<void>; close: () => Promise<void> }> {
  if (kind === "pglite") {
    const client = new PGlite();
    return {
      exec: async (query) => ({ rows: (await client.exec(query)).at(-1)?.rows ?? [] }),
      migrate: (folder) => migratePglite(drizzlePglite(client), { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const pool = new pg.Pool({ connectionString: await createPostgresDatabaseUrl(), max: 1 });
  return {
    exec: async (query) => {
      const result = await pool.query(query);
      return { rows: (Array.isArray(result) ? result.at(-1) : result).rows };
    },
    migrate: (folder) => migratePg(drizzlePg(pool), { migrationsFolder: folder }),
    close: () => pool.end(),
  };
}
