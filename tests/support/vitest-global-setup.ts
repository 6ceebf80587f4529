import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDbConnection } from "~/db/client.server";
import { startPostgres } from "./postgres-server";

declare module "vitest" {
  export interface ProvidedContext {
    postgresUrl: string;
    /** A PostgreSQL database migrated once, which each test file's database copies (CREATE DATABASE … TEMPLATE). */
    postgresTemplate: string;
    /** A PGlite data directory migrated once, as a tarball: each test file's embedded database starts from it. */
    pgliteTemplate: string;
  }
}

const POSTGRES_TEMPLATE = "migrated_template";

// One PostgreSQL server for the whole vitest run; each test file makes its own database in it.
// Migrating a new database takes seconds (PGlite) or half a second (PostgreSQL), and a run makes
// over a hundred: the migrations run once here, and each test file gets a copy of the result.
// Vitest calls this once for the root and once per project (vitest.config.ts): the first call
// prepares, the others share it, and the last teardown stops it.
type Prepared = { provided: { postgresUrl: string; postgresTemplate: string; pgliteTemplate: string }; stop: () => Promise<void> };
const run = globalThis as { __summitVitestSetup?: { prepared: Promise<Prepared>; users: number } };

export default async function setup(project: TestProject) {
  run.__summitVitestSetup ??= { prepared: prepare(), users: 0 };
  const shared = run.__summitVitestSetup;
  shared.users++;
  const { provided, stop } = await shared.prepared;
  for (const [key, value] of Object.entries(provided)) project.provide(key as keyof typeof provided, value);
  return async () => {
    if (--shared.users > 0) return;
    run.__summitVitestSetup = undefined;
    await stop();
  };
}

async function prepare(): Promise<Prepared> {
  const server = await startPostgres();
  const dir = mkdtempSync(path.join(tmpdir(), "summit-vitest-"));
  const stop = async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const provided = {
      postgresUrl: server.url,
      postgresTemplate: await migratedPostgres(server.url),
      pgliteTemplate: await migratedPglite(dir),
    };
    return { provided, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function migratedPostgres(adminUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`create database ${POSTGRES_TEMPLATE}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${POSTGRES_TEMPLATE}`;
  // Migrated, then closed: PostgreSQL copies a template only while nobody is connected to it.
  const connection = await openDbConnection({ kind: "postgres", url: url.toString(), poolSize: 1 });
  await connection.close();
  return POSTGRES_TEMPLATE;
}

async function migratedPglite(dir: string): Promise<string> {
  const connection = await openDbConnection({ kind: "memory" });
  try {
    const client = (connection.db as unknown as { $client: { dumpDataDir: (compression: "none") => Promise<Blob> } }).$client;
    const file = path.join(dir, "pglite-template.tar");
    writeFileSync(file, Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer()));
    return file;
  } finally {
    await connection.close();
  }
}
