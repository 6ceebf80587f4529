import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { type DbConnection, openDbConnection } from "~/db/client.server";

export const DATABASE_KINDS = ["pglite", "postgres"] as const;
export type DatabaseKind = (typeof DATABASE_KINDS)[number];

/** A URL for a new, empty PostgreSQL database in the test server. */
export async function createPostgresDatabaseUrl(): Promise<string> {
  const adminUrl = inject("postgresUrl");
  const name = `test_${randomBytes(6).toString("hex")}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A freshly migrated database: PGlite in memory, or a new database on the test PostgreSQL server. */
export async function createTestDatabase(
  kind: DatabaseKind,
  options: { poolSize?: number } = {},
): Promise<DbConnection & { url?: string }> {
  if (kind === "pglite") return openDbConnection({ kind: "memory" });
  const url = await createPostgresDatabaseUrl();
  return { ...(await openDbConnection({ kind: "postgres", url, poolSize: options.poolSize })), url };
}
