import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { e2eAdmin } from "./admin-session";
import type { SeededAttendee } from "./e2e-site-data";
import { type PostgresServer, startPostgres } from "./postgres-server";
import { type ProductionServer, startProductionServer } from "./production-server";
import { prepareSite } from "./site-preparation";
import { ensureFaketime } from "./system-deps";

// A production server of a test's own, on a fresh data directory, with the e2e admin's
// account (same e-mail and password, so signInAsAdmin works against it). For tests that
// change what the whole site shows (the event settings): on the shared server they
// would change it under every other test running at that moment.
//
// With `postgres`, the site runs on a PostgreSQL server of its own, and `servers` > 1
// starts that many separate server processes on it, as several instances behind a load
// balancer would run: one data directory (so one session and ticket secret), one
// database, each process with its own port and its own outbox worker. `processes` > 1
// makes each of them a cluster of that many (WEB_CONCURRENCY) on its port.
//
// `startServer()` starts one more server on the same data directory and database: a
// test that kills a server (`servers[i].pid`) starts its replacement with it.
//
// With `clock`, the servers run under libfaketime (Debian's faketime): their clock, and
// with it the embedded database's now(), is the real one moved by the offset written in
// `clock.file` (`+0d`, `+31d`, `-2h`…), read again at every clock reading, so a test moves
// the site's time by rewriting the file. Write the file before starting the site. Timers
// keep real time (the monotonic clock is not faked): a scheduled check still comes every
// SCHEDULE_CHECK_SECONDS, which `env` can shorten. Set-up (the admin account, the data
// preparation) runs on the real clock. With `postgres`, the database server keeps real time: only
// what the app reads from its own clock moves (`new Date()`), not SQL's now().

export type PrivateSiteOptions = {
  postgres?: boolean;
  servers?: number;
  /** WEB_CONCURRENCY of each server (PostgreSQL only) */
  processes?: number;
  smtpUrl?: string;
  /** a file holding the servers' clock offset, as libfaketime reads it (see above) */
  clock?: { file: string };
  /** more environment for the servers, e.g. SCHEDULE_CHECK_SECONDS */
  env?: Record<string, string>;
  /**
   * The booking-attack rates (Event Settings): "default" as a new site has them; otherwise out
   * of reach, since every test's registrations come from one address (e2e-site-data.ts).
   */
  holds?: "default";
  /** also the e2e check-in account (E2E_DOOR_EMAIL, same password) */
  door?: boolean;
  /** this many attendees named "Seeded Person 001"…, registered before the server starts */
  attendees?: number;
  /** Maximum attendees (Event Settings), e.g. the seeded attendees' number for a full event */
  capacity?: number;
  /** an archived edition, PAST_EDITION (past-edition.ts), written before the server starts */
  pastEdition?: boolean;
  /** the servers' nice value (see ProductionServerOptions.nice) */
  nice?: number;
  /** a file every server's output is appended to (see ProductionServerOptions.logFile) */
  logFile?: string;
  /** as a fresh install: the accounts only, the event settings never saved (no coming event) */
  fresh?: boolean;
};

/**
 * A clock file for `clock`, at the real time (+0d): `move("+31d")` moves the sites that read it,
 * `remove()` deletes it (after the site has stopped).
 */
export function testClock(): { file: string; move: (offset: string) => void; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), "summit-clock-"));
  const file = path.join(dir, "offset");
  const move = (offset: string) => writeFileSync(file, `${offset}\n`);
  move("+0d");
  return { file, move, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The environment that runs a process under libfaketime, its offset read from `file` at every clock reading. */
export function fakeClockEnv(file: string): Record<string, string> {
  return {
    LD_PRELOAD: ensureFaketime(),
    FAKETIME_TIMESTAMP_FILE: file,
    FAKETIME_NO_CACHE: "1",
    // Node's timers run on the monotonic clock: faked, they would stall or fire in bursts.
    DONT_FAKE_MONOTONIC: "1",
  };
}

/**
 * `url` is the first server's; `dataDir`: without `smtpUrl`, mail is written to dataDir/mail.
 * With `postgres`: the PostgreSQL server (a test may stop it and start it again) and the site's database URL.
 */
export type PrivateSite = {
  url: string;
  urls: string[];
  dataDir: string;
  postgres?: PostgresServer;
  /** with `postgres`: the site's database, for a test to read what was stored */
  databaseUrl?: string;
  /** every server started, the first `servers` of them at start, then those of startServer() */
  servers: ProductionServer[];
  /** `dir`: a server from another project directory (another deploy's build) on the same data */
  startServer: (more?: { dir?: string }) => Promise<ProductionServer>;
  stop: () => Promise<void>;
  /** the attendees `attendees` asked for, as stored */
  seeded: SeededAttendee[];
};

async function createDatabase(adminUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query("create database summit");
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = "/summit";
  return url.toString();
}

export async function startPrivateSite(options: PrivateSiteOptions = {}): Promise<PrivateSite> {
  const dir = mkdtempSync(path.join(tmpdir(), "summit-private-"));
  const dataDir = path.join(dir, "data");
  const postgres = options.postgres ? await startPostgres() : undefined;
  const servers: ProductionServer[] = [];
  const stop = async () => {
    await Promise.all(servers.map((server) => server.stop()));
    postgres?.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const databaseUrl = postgres ? await createDatabase(postgres.url) : undefined;
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn" };
    delete env.DATABASE_URL;
    delete env.SESSION_SECRET;
    if (databaseUrl) env.DATABASE_URL = databaseUrl;
    const { email, password } = e2eAdmin();
    const { seeded } = prepareSite(env, {
      accounts: [
        { email, name: "E2E Admin", password },
        ...(options.door ? [{ email: e2eAdmin(true).email, name: "Door Team", role: "checkin" as const, password }] : []),
      ],
      holds: options.holds,
      attendees: options.attendees,
      capacity: options.capacity,
      pastEdition: options.pastEdition,
      fresh: options.fresh,
    });
    const serverEnv = { ...options.env, ...(options.clock ? fakeClockEnv(options.clock.file) : {}) };
    const startServer = async (more: { dir?: string } = {}) => {
      const server = await startProductionServer({
        ...more,
        dataDir,
        databaseUrl,
        smtpUrl: options.smtpUrl,
        processes: options.processes,
        env: serverEnv,
        logFile: options.logFile,
        nice: options.nice,
      });
      servers.push(server);
      return server;
    };
    // One after the other: the first writes the data directory's secret, the others read it.
    for (let i = 0; i < (options.servers ?? 1); i++) await startServer();
    const urls = servers.map((server) => server.url);
    return { url: urls[0] ?? "", urls, dataDir, postgres, databaseUrl, servers, startServer, stop, seeded };
  } catch (error) {
    await stop();
    throw error;
  }
}
