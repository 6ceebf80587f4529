import http from "node:http";

// Load as a crowd makes it: requests leave at a fixed rate whether or not earlier ones
// were answered (an open loop), each on a pooled keep-alive connection, the way many
// phones arrive at once. autocannon's loop is closed (a connection sends its next request
// after the last answer), which can never offer more than the server accepts; this can.
// Every answer is kept with its status and time, so the accepted and the refused can be
// measured apart and checked against the database.

export type Sent = { method: "GET" | "POST"; path: string; body?: string; headers?: Record<string, string>; key?: string };

/** `at`: performance.now() when the answer ended, to line it up with what happened next (a mail arriving). */
export type Answer = { key?: string; status: number; ms: number; at: number; error?: string };

/** Sends one request; resolves with its status and time, or the connection error (status 0). */
function send(agent: http.Agent, origin: URL, request: Sent, timeoutMs: number): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve) => {
    const done = (status: number, error?: string) => {
      const at = performance.now();
      resolve({ key: request.key, status, ms: at - started, at, error });
    };
    const req = http.request(
      {
        agent,
        host: origin.hostname,
        port: origin.port,
        method: request.method,
        path: request.path,
        headers: {
          origin: origin.origin,
          "accept-encoding": "gzip, deflate, br",
          ...(request.body
            ? { "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(request.body) }
            : {}),
          ...request.headers,
        },
        timeout: timeoutMs,
      },
      (res) => {
        res.resume();
        res.on("end", () => done(res.statusCode ?? 0));
        res.on("error", (error) => done(0, error.message));
      },
    );
    req.on("timeout", () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on("error", (error) => done(0, (error as NodeJS.ErrnoException).code ?? error.message));
    req.end(request.body);
  });
}

function keepAliveAgent(): http.Agent {
  return new http.Agent({ keepAlive: true, maxSockets: 2048 });
}

/**
 * Sends `rate` requests a second for `seconds`, made by `next`; resolves when every one is answered.
 * `inFlight`: at most this many unanswered at once (people at that many devices, each sending on
 * schedule unless still waiting for their last answer); a request held back goes as soon as one is answered.
 */
export async function openLoop(options: {
  url: string;
  rate: number;
  seconds: number;
  next: () => Sent;
  timeoutMs?: number;
  inFlight?: number;
}): Promise<{ answers: Answer[]; seconds: number }> {
  const origin = new URL(options.url);
  const agent = keepAliveAgent();
  const pending: Promise<Answer>[] = [];
  const total = Math.round(options.rate * options.seconds);
  const cap = options.inFlight ?? Number.POSITIVE_INFINITY;
  let open = 0;
  const started = performance.now();
  await new Promise<void>((resolve) => {
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * options.rate));
      while (pending.length < due && open < cap) {
        open++;
        pending.push(
          send(agent, origin, options.next(), options.timeoutMs ?? 30_000).finally(() => {
            open--;
          }),
        );
      }
      if (pending.length >= total) resolve();
      else setTimeout(tick, open < cap ? 5 : 1);
    };
    tick();
  });
  const answers = await Promise.all(pending);
  agent.destroy();
  return { answers, seconds: (performance.now() - started) / 1000 };
}

/**
 * `connections` clients, each sending its next request when the last is answered, for
 * `seconds`, or until `amount` requests are sent (a burst of a given size, as fast as it goes).
 */
export async function closedLoop(options: {
  url: string;
  connections: number;
  seconds: number;
  amount?: number;
  next: () => Sent;
}): Promise<{ answers: Answer[]; seconds: number }> {
  const origin = new URL(options.url);
  const agent = keepAliveAgent();
  const answers: Answer[] = [];
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  let sent = 0;
  const more = () => performance.now() < deadline && (options.amount === undefined || sent++ < options.amount);
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (more()) answers.push(await send(agent, origin, options.next(), 30_000));
    }),
  );
  agent.destroy();
  return { answers, seconds: (performance.now() - started) / 1000 };
}

/** Asks `path` every `everyMs` until stopped: what a load balancer's health check sees. */
export function probe(url: string, path: string, everyMs: number): { stop: () => Promise<Answer[]> } {
  const origin = new URL(url);
  const agent = keepAliveAgent();
  const answers: Promise<Answer>[] = [];
  const timer = setInterval(() => answers.push(send(agent, origin, { method: "GET", path }, 30_000)), everyMs);
  return {
    stop: async () => {
      clearInterval(timer);
      const all = await Promise.all(answers);
      agent.destroy();
      return all;
    },
  };
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** The median and 99th percentile of the answers' times, as every table reports them. */
export function p50p99(answers: { ms: number }[]): { p50: number; p99: number } {
  const ms = answers.map((a) => a.ms);
  return { p50: percentile(ms, 50), p99: percentile(ms, 99) };
}
