import pg from "pg";
import { logger } from "~/logger.server";
import { createDatabaseAvailability, type DatabaseAvailability } from "./availability.server";

// The PostgreSQL pool, armoured for PostgreSQL going away and coming back (a restart, a
// failover). Without this, node-postgres re-throws an idle connection's error as an
// unhandled 'error' event on the pool, which ends the process the moment the database
// stops; and a connection attempt to a host that does not answer waits as long as the
// operating system lets it.

/**
 * How long opening a connection may take: a host that does not answer, or answers the TCP
 * handshake and then nothing, fails in seconds. Set on each connection rather than on the
 * pool, where the same setting would also bound a request's wait for a free connection: under
 * a rush that wait is normal, and failing it would turn load into errors.
 */
const CONNECT_TIMEOUT_MS = 5_000;
/** The availability probe's `select 1`: a database that accepts the connection but does not answer counts as away. */
const PROBE_TIMEOUT_MS = 2_000;

class TimedClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super({ ...(typeof config === "string" ? { connectionString: config } : config), connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  }
}

type ConnectCallback = (error: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void;

export function createPostgresPool(url: string, poolSize: number): { pool: pg.Pool; availability: DatabaseAvailability } {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, Client: TimedClient });
  const availability = createDatabaseAvailability({
    // query_timeout is node-postgres's per-query read timeout; its type definitions omit it.
    probe: () => pool.query({ text: "select 1", query_timeout: PROBE_TIMEOUT_MS } as pg.QueryConfig),
    log: logger,
  });
  const report = (error: unknown) => {
    availability.report(error);
  };
  // An idle connection that dies (PostgreSQL stopping terminates every session) is an 'error'
  // on the pool; the pool has already dropped the connection.
  pool.on("error", report);
  // A connection in use has no listener of the pool's: a transaction's connection dying
  // (Drizzle holds it between statements) would be unhandled too. Its statement fails with the
  // error and the pool drops it when it is released.
  pool.on("connect", (client) => client.on("error", report));
  // A connection that cannot be opened is no event at all, only the caller's error: watch
  // every checkout, the callback form too (pool.query uses it).
  const connect = pool.connect.bind(pool) as (callback?: ConnectCallback) => Promise<pg.PoolClient> | undefined;
  pool.connect = ((callback?: ConnectCallback) => {
    if (callback) {
      return connect((error, client, done) => {
        if (error) report(error);
        callback(error, client, done);
      });
    }
    return connect()?.catch((error: unknown) => {
      report(error);
      throw error;
    });
  }) as typeof pool.connect;
  return { pool, availability };
}
