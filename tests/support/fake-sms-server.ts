import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

// What the two fake SMS providers (fake-africastalking.ts, fake-termii.ts) share: a node:http
// server on loopback, reading bodies, waiting for a message, the outcomes numbers ask for. No app
// module is imported, so vitest, Playwright and the benchmarks can all start them.

/**
 * What a fake answers for one number, chosen by its last four digits unless a test says
 * otherwise: …0401 RiskHold, …0402 invalid sender ID, …0403 invalid number, …0404 unsupported
 * number type, …0405 insufficient balance, …0406 blacklisted, …0407 could not route, …0408 no
 * answer at all (the client's timeout), …0409 DND, …0500 HTTP 500, …0501 gateway error,
 * …0502 rejected by gateway, …0600 an answer that is not JSON.
 */
export type FakeOutcome =
  | "success"
  | "riskHold"
  | "invalidSenderId"
  | "invalidPhoneNumber"
  | "unsupportedNumberType"
  | "insufficientBalance"
  | "userInBlacklist"
  | "couldNotRoute"
  | "hang"
  | "doNotDisturb"
  | "http500"
  | "gatewayError"
  | "rejectedByGateway"
  | "notJson";

const BY_SUFFIX: Record<string, FakeOutcome> = {
  "0401": "riskHold",
  "0402": "invalidSenderId",
  "0403": "invalidPhoneNumber",
  "0404": "unsupportedNumberType",
  "0405": "insufficientBalance",
  "0406": "userInBlacklist",
  "0407": "couldNotRoute",
  "0408": "hang",
  "0409": "doNotDisturb",
  "0500": "http500",
  "0501": "gatewayError",
  "0502": "rejectedByGateway",
  "0600": "notJson",
};

/** The outcome control both fakes share: queued one-off outcomes, per-number outcomes, an empty balance. */
export class OutcomeControl {
  private queued: FakeOutcome[] = [];
  private byNumber = new Map<string, FakeOutcome>();
  balanceEmpty = false;

  /** `bySuffix` false: the last four digits choose nothing (a benchmark's 10,000 numbers would hit them). */
  constructor(private readonly bySuffix = true) {}

  /** The next `count` messages, whatever their number, get `outcome`. */
  failNext(outcome: FakeOutcome, count = 1): void {
    for (let i = 0; i < count; i += 1) this.queued.push(outcome);
  }

  /** Every message to `number` (digits, with or without +) gets `outcome`. */
  setOutcome(number: string, outcome: FakeOutcome): void {
    this.byNumber.set(number.replace(/\D/g, ""), outcome);
  }

  next(number: string): FakeOutcome {
    const digits = number.replace(/\D/g, "");
    const queued = this.queued.shift();
    if (queued) return queued;
    if (this.balanceEmpty) return "insufficientBalance";
    return this.byNumber.get(digits) ?? (this.bySuffix ? BY_SUFFIX[digits.slice(-4)] : undefined) ?? "success";
  }
}

export type Handler = (request: IncomingMessage, body: string, response: ServerResponse) => void;

export type Listening = { server: Server; url: string; close: () => Promise<void> };

/** A server on 127.0.0.1, a free port; requests that hang (outcome "hang") are cut when it closes. */
export async function listen(handler: Handler): Promise<Listening> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => handler(request, Buffer.concat(chunks).toString("utf8"), response));
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    server,
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Waits for the first captured item (already there or still to come) that matches. */
export function waiter<T>(items: T[]): {
  notify: () => void;
  waitFor: (match: (item: T) => boolean, timeoutMs?: number) => Promise<T>;
} {
  const listeners = new Set<() => boolean>();
  return {
    notify: () => {
      for (const listener of listeners) listener();
    },
    waitFor: (match, timeoutMs = 15_000) =>
      new Promise<T>((resolve, reject) => {
        const check = () => {
          const found = items.find(match);
          if (found === undefined) return false;
          listeners.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`no matching SMS within ${timeoutMs} ms`));
        }, timeoutMs);
        if (!check()) listeners.add(check);
      }),
  };
}

/** POSTs a body to a callback URL as a provider does, and reads the answer. */
export async function postTo(
  url: string,
  body: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string; contentType: string | null }> {
  const response = await fetch(url, { method: "POST", headers, body, redirect: "manual" });
  return { status: response.status, body: await response.text(), contentType: response.headers.get("content-type") };
}

export function reply(response: ServerResponse, status: number, body: string, contentType = "application/json"): void {
  response.writeHead(status, { "Content-Type": contentType, "Content-Length": Buffer.byteLength(body) });
  response.end(body);
}
