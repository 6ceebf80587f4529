// Whether PostgreSQL can be reached, as this process last saw it. Stopping PostgreSQL (a
// restart, a failover, a crash) must not turn every request into a slow error page, a
// worker's failure every second into a log line, or an idle connection's error into the
// end of the process: the pool reports each connection-class error here (client.server.ts),
// the first marks the database down, and while it is down a `select 1` every second asks
// whether it is back. The server answers 503 meanwhile (server/database-guard.ts).
// The embedded PGlite lives in the process and cannot go away: it has no tracker.

type AvailabilityLog = {
  error: (details: object, message: string) => void;
  info: (details: object, message: string) => void;
};

export type DatabaseAvailability = {
  isDown: () => boolean;
  /**
   * Notes a failure: an error that says the database is out of reach marks it down.
   * True when the failure is explained by the outage (such an error, or any error while
   * down), so a caller need not log it again: the tracker says it once, and once more when back.
   */
  report: (error: unknown) => boolean;
  /** Runs `listener` each time the database is reachable again (the outbox worker need not wait for its backoff). */
  onUp: (listener: () => void) => void;
  /** Stops probing; the connection is closing. */
  close: () => void;
};

/** Node's socket errors: nothing listens, the connection was cut, or the host is out of reach. */
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN"]);
/** SQLSTATE 57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now (starting or stopping). */
const SERVER_GONE_STATES = new Set(["57P01", "57P02", "57P03"]);
/** SQLSTATE class 08: connection exceptions. */
const CONNECTION_EXCEPTION = /^08[0-9A-Z]{3}$/;
/**
 * What node-postgres says when a socket ends under it, when a connection's connect timeout ends
 * the attempt ("timeout expired"; the pool's own says "Connection terminated due to connection
 * timeout"), and when a client that lost its connection is used. Not "timeout exceeded when
 * trying to connect": that is a request waiting for a free pooled connection, a busy server
 * rather than a missing database.
 */
const CONNECTION_MESSAGES = /^Connection terminated|^Client has encountered a connection error|^timeout expired$/;

/** True for an error that says the database cannot be reached (Drizzle's wrapper is looked through). */
export function isConnectionError(error: unknown): boolean {
  let current = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    const { code, message, cause, errors } = current as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof code === "string" && (SOCKET_CODES.has(code) || SERVER_GONE_STATES.has(code) || CONNECTION_EXCEPTION.test(code)))
      return true;
    if (typeof message === "string" && CONNECTION_MESSAGES.test(message)) return true;
    // Node's connect to a name with several addresses fails with an AggregateError of each attempt's.
    if (Array.isArray(errors) && errors.some(isConnectionError)) return true;
    current = cause;
  }
  return false;
}

const summary = (error: unknown) => {
  const e = error as { code?: unknown; message?: unknown } | null;
  return { code: typeof e?.code === "string" ? e.code : undefined, message: typeof e?.message === "string" ? e.message : String(error) };
};

export type AvailabilityOptions = {
  /** One cheap round trip (`select 1`); it must fail within a bounded time when the database is away. */
  probe: () => Promise<unknown>;
  log: () => AvailabilityLog;
  probeEveryMs?: number;
  now?: () => number;
};

export function createDatabaseAvailability(options: AvailabilityOptions): DatabaseAvailability {
  const probeEveryMs = options.probeEveryMs ?? 1_000;
  const now = options.now ?? Date.now;
  const listeners: (() => void)[] = [];
  let downSince: number | undefined;
  let failedProbes = 0;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  // Called from connection events: a logger that cannot be built (a CLI's configuration) must not throw there.
  const say = (level: keyof AvailabilityLog, details: object, message: string) => {
    try {
      options.log()[level](details, message);
    } catch {
      // nothing to do: the state change itself does not depend on the log
    }
  };

  const up = () => {
    if (closed) return;
    const downMs = now() - (downSince ?? now());
    downSince = undefined;
    say("info", { downMs, failedProbes }, "database reachable again: serving requests");
    failedProbes = 0;
    for (const listener of listeners) listener();
  };

  const scheduleProbe = () => {
    if (closed) return;
    timer = setTimeout(() => {
      options.probe().then(up, () => {
        failedProbes++;
        scheduleProbe();
      });
    }, probeEveryMs);
    // A probe never keeps a process alive that has nothing else to do (a CLI, a test).
    timer.unref();
  };

  const markDown = (error: unknown) => {
    if (closed || downSince !== undefined) return;
    downSince = now();
    say("error", { error: summary(error) }, "database out of reach: answering 503 until it is back, checking every second");
    scheduleProbe();
  };

  return {
    isDown: () => downSince !== undefined,
    report: (error) => {
      if (isConnectionError(error)) {
        markDown(error);
        return true;
      }
      return downSince !== undefined;
    },
    onUp: (listener) => {
      listeners.push(listener);
    },
    close: () => {
      closed = true;
      clearTimeout(timer);
    },
  };
}
