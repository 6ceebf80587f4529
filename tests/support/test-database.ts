import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import pg from "pg";
import { inject } from "vitest";
import { type DbConnection, openDbConnection } from "~/db/client.server";

export const DATABASE_KINDS = ["pglite", "postgres"] as const;
export type DatabaseKind = (typeof DATABASE_KINDS)[number];

/** A URL for a new PostgreSQL database in the test server: empty, or a copy of the migrated template. */
export async function createPostgresDatabaseUrl(options: { migrated?: boolean } = {}): Promise<string> {
  const adminUrl = inject("postgresUrl");
  const name = `test_${randomBytes(6).toString("hex")}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`create database ${name}${options.migrated ? ` template ${inject("postgresTemplate")}` : ""}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A freshly migrated database: PGlite in memory, or a new database on the test PostgreSQL server.
 * Each is a copy of the one the global setup migrated (vitest-global-setup.ts); opening it still
 * runs the migrator, which finds nothing left to do.
 */
export async function createTestDatabase(
  kind: DatabaseKind,
  options: { poolSize?: number } = {},
): Promise<DbConnection & { url?: string }> {
  if (kind === "pglite") return openDbConnection({ kind: "memory", from: await pgliteTemplate() });
  const url = await createPostgresDatabaseUrl({ migrated: true });
  return { ...(await openDbConnection({ kind: "postgres", url, poolSize: options.poolSize })), url };
}

let template: Promise<Blob> | undefined;
/** The migrated PGlite data directory, read once per test file. */
function pgliteTemplate(): Promise<Blob> {
  template ??= readFile(inject("pgliteTemplate")).then((bytes) => new Blob([bytes]));
  return template;
}
