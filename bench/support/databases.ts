import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { type PostgresServer, startPostgres } from "#tests/support/postgres-server.ts";
import { type DbConnection, openDbConnection } from "~/db/client.server";
import { updateSettings } from "~/modules/settings/settings.server";

export type DatabaseKind = "pglite" | "postgres";

/** A fresh, empty database for one measurement: a temp DATA_DIR (PGlite) or a new database on the cluster. */
export type BenchDatabase = {
  kind: DatabaseKind;
  /** DATA_DIR for the server (also holds the session secret and, for PGlite, the database in db/). */
  dataDir: string;
  /** DATABASE_URL for the server (PostgreSQL only). */
  databaseUrl?: string;
  open: (poolSize?: number) => Promise<DbConnection>;
  dispose: () => Promise<void>;
};

export const CAPACITY = 10_000;

let cluster: PostgresServer | undefined;
let counter = 0;

export async function postgresCluster(): Promise<PostgresServer> {
  cluster ??= await startPostgres();
  return cluster;
}

export function stopPostgresCluster(): void {
  cluster?.stop();
  cluster = undefined;
}

/** Creates the database, migrates it and opens registration for CAPACITY people on a future date. */
export async function freshDatabase(kind: DatabaseKind): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "summit-bench-"));
  let bench: BenchDatabase;
  if (kind === "pglite") {
    bench = {
      kind,
      dataDir,
      open: () => openDbConnection({ kind: "pglite", dir: path.join(dataDir, "db") }),
      dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  } else {
    const server = await postgresCluster();
    const name = `bench_${process.pid}_${++counter}`;
    await adminQuery(server.url, `create database ${name}`);
    const databaseUrl = server.url.replace(/\/postgres$/, `/${name}`);
    bench = {
      kind,
      dataDir,
      databaseUrl,
      open: (poolSize) => openDbConnection({ kind: "postgres", url: databaseUrl, poolSize }),
      // Databases are dropped with the cluster at the end: a forced drop here races
      // with pool clients still closing, whose error event would end the process.
      dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const database = await bench.open();
  try {
    const nextYear = new Date().getUTCFullYear() + 1;
    // Every request of a load comes from 127.0.0.1: a site would take it for one network booking
    // faster than people do and hold it (npm run bench:attack measures that); these measure capacity.
    await updateSettings(database.db, {
      max_attendees: CAPACITY,
      registration_enabled: true,
      event_date: `${nextYear}-08-12`,
      hold_network_per_minute: 10_000,
      hold_domain_per_10_minutes: 10_000,
      hold_overall_per_minute: 100_000,
    });
  } finally {
    await database.close();
  }
  return bench;
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export type Verification = {
  attendees: number;
  duplicateEmails: number;
  ticketMails: number;
  mailByStatus: Record<string, number>;
};

/** What the run left in the database: attendees, e-mails registered twice, queued ticket mails. */
export async function verify(database: DbConnection): Promise<Verification> {
  const { db } = database;
  const rows = (q: Awaited<ReturnType<typeof db.execute>>) => (q as unknown as { rows: Record<string, unknown>[] }).rows;
  const [totals] = rows(
    await db.execute(sql`select
      (select count(*)::int from attendees) as attendees,
      (select count(*)::int from (select 1 from attendees group by lower(trim(email)) having count(*) > 1) d) as duplicates,
      (select count(*)::int from mail_outbox where kind = 'ticket') as ticket_mails`),
  );
  const byStatus = rows(await db.execute(sql`select status, count(*)::int as n from mail_outbox group by status`));
  return {
    attendees: Number(totals?.attendees ?? 0),
    duplicateEmails: Number(totals?.duplicates ?? 0),
    ticketMails: Number(totals?.ticket_mails ?? 0),
    mailByStatus: Object.fromEntries(byStatus.map((r) => [String(r.status), Number(r.n)])),
  };
}
