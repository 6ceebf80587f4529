import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { runAfterCommit } from "./after-commit.server";
import type { DatabaseAvailability } from "./availability.server";
import { lockDataDir } from "./data-dir-lock.server";
import { snapshotPglite } from "./pglite-backup.server";
import { openPglite } from "./pglite-client.server";
import { createPostgresPool } from "./postgres-pool.server";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** Domain functions accept either, so callers can compose them inside one transaction. */
export type DbOrTx = Db | Tx;

export type DbConnection = {
  db: Db;
  kind: "pglite" | "postgres";
  close: () => Promise<void>;
  /** The embedded database only: a consistent copy of it while it runs (a gzipped tarball; pglite-backup.server.ts). */
  snapshot?: () => Promise<Uint8Array>;
  /** PostgreSQL only: whether it can be reached now (availability.server.ts). The embedded database cannot go away. */
  availability?: DatabaseAvailability;
};

/**
 * `memory` may start `from` a copy of a data directory (a tarball, as PGlite's dumpDataDir and
 * snapshotPglite make): a few hundred milliseconds, where creating and migrating one takes seconds.
 */
export type OpenOptions =
  | { kind: "postgres"; url: string; poolSize?: number }
  | { kind: "pglite"; dir: string }
  | { kind: "memory"; from?: Blob };

export { DataDirLockedError } from "./data-dir-lock.server";

/** The project root (where drizzle/ lives), found from this file in source and in build/server alike. */
export function projectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    if (existsSync(path.join(dir, "package.json")) && existsSync(path.join(dir, "drizzle"))) return dir;
    dir = path.dirname(dir);
  }
  return process.cwd();
}

const migrationsFolder = () => path.join(projectRoot(), "drizzle");

/**
 * Opens the database and applies pending migrations. An embedded data directory
 * is locked for the life of the handle: two processes on one PGlite directory corrupt it.
 */
export async function openDbConnection(options: OpenOptions): Promise<DbConnection> {
  if (options.kind === "postgres") {
    const { pool, availability } = createPostgresPool(options.url, options.poolSize ?? 10);
    // Its transactions run what afterCommit was given once they commit (after-commit.server.ts).
    const db = runAfterCommit(drizzlePg(pool, { schema }) as unknown as Db);
    // Several instances may start at once: an advisory lock makes one of them migrate.
    const client = await pool.connect();
    try {
      await client.query("select pg_advisory_lock(727274)");
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder: migrationsFolder() });
    } finally {
      await client.query("select pg_advisory_unlock(727274)").catch(() => {});
      client.release();
    }
    return {
      db,
      kind: "postgres",
      availability,
      close: () => {
        availability.close();
        return pool.end();
      },
    };
  }

  let release: (() => void) | undefined;
  let opened: { raw: PGlite; client: PGlite };
  if (options.kind === "pglite") {
    release = lockDataDir(options.dir);
    try {
      opened = await openPglite({ dataDir: options.dir });
    } catch (error) {
      release();
      throw error;
    }
  } else {
    opened = await openPglite(options.from ? { loadDataDir: options.from } : {});
  }
  const { raw, client } = opened;
  const db = runAfterCommit(drizzlePglite(client, { schema }) as unknown as Db);
  await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: migrationsFolder() });
  return {
    db,
    kind: "pglite",
    close: async () => {
      await raw.close();
      release?.();
    },
    snapshot: () => snapshotPglite(raw),
  };
}

/** Options for the configured database: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR/db. */
export function dbConnectionOptions(config: { databaseUrl?: string; dataDir: string }): OpenOptions {
  return config.databaseUrl ? { kind: "postgres", url: config.databaseUrl } : { kind: "pglite", dir: path.join(config.dataDir, "db") };
}

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/** The Postgres error code behind a Drizzle error (23505 = unique violation). */
export function pgErrorCode(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = e?.cause?.code ?? e?.code;
  return typeof code === "string" ? code : undefined;
}

/** The constraint a Postgres error names, for telling the e-mail and ticket unique indexes apart. */
export function pgConstraint(error: unknown): string | undefined {
  const e = error as { constraint?: unknown; cause?: { constraint?: unknown } } | null;
  const name = e?.cause?.constraint ?? e?.constraint;
  return typeof name === "string" ? name : undefined;
}
