import autocannon from "autocannon";
import { sendUntilNotBusy } from "#tests/support/when-busy.ts";
import { MIN_FILL_MS } from "~/modules/booking-protection/human-check.server";
import type { Sent } from "./open-loop";

export type Endpoint = "data" | "document";

export type LoadResult = {
  requests: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
};

let sequence = 0;
const runId = `${process.pid}-${Date.now().toString(36)}`;

/** A valid registration with an e-mail no other request of this process uses. */
export function uniqueRegistration(): Record<string, string> {
  const n = ++sequence;
  return {
    intent: "register",
    fullName: `Bench Attendee ${n}`,
    email: `bench-${runId}-${n}@example.org`,
    phone: `0803${String(n % 10_000_000).padStart(7, "0")}`,
    gender: n % 2 ? "female" : "male",
    state: "Zamfara",
    localGovernment: "Gusau",
    consent: "on",
  };
}

/** A form stamp and the cookie of the browser it was served to: good for one post. */
export type Stamp = { formStamp: string; cookie: string };

/**
 * Form stamps as people's browsers get them, fetched ahead of a load (a stamp is good for one
 * post, from the browser that loaded the page, so a run needs one per registration): `fill`
 * fetches more, `parallel` at a time, and waits until they are old enough to be accepted (the
 * server refuses forms sent within a moment of loading the page); `next` hands out one each.
 */
export function stampSupply(url: string, parallel = 16) {
  const stamps: Stamp[] = [];
  const fetchOne = async (): Promise<Stamp> => {
    // Told the server is busy (503), a person loads the page again a moment later.
    const { answer } = await sendUntilNotBusy(
      async () => {
        const response = await fetch(new URL("/register", url));
        return { status: response.status, text: await response.text(), cookie: response.headers.get("set-cookie") ?? "" };
      },
      (a) => a.status,
    );
    const formStamp = /name="formStamp" value="([^"]+)"/.exec(answer.text)?.[1] ?? "";
    if (!formStamp) throw new Error(`no form stamp on /register (HTTP ${answer.status})`);
    return { formStamp, cookie: answer.cookie.split(";")[0] ?? "" };
  };
  return {
    async fill(count: number): Promise<void> {
      for (let i = 0; i < count; i += parallel) {
        stamps.push(...(await Promise.all(Array.from({ length: Math.min(parallel, count - i) }, fetchOne))));
      }
      await new Promise((resolve) => setTimeout(resolve, MIN_FILL_MS + 100));
    },
    next(): Stamp {
      const stamp = stamps.shift();
      if (!stamp) throw new Error("the bench ran out of form stamps: fill more before the load");
      return stamp;
    },
  };
}

export type StampSupply = ReturnType<typeof stampSupply>;

/** A registration as the browser with JavaScript posts it (the form's data request), keyed by its e-mail. */
export function registrationRequest({ formStamp, cookie }: Stamp): Sent {
  const person = uniqueRegistration();
  const body = new URLSearchParams({ ...person, formStamp, website: "" }).toString();
  return { method: "POST", path: "/register.data", body, headers: { cookie }, key: person.email ?? "" };
}

/**
 * POSTs `amount` registrations with unique e-mails to the registration action:
 * "data" is React Router's single-fetch endpoint (/register.data, what the browser
 * with JavaScript calls); "document" is the plain form POST answered with the HTML page.
 */
export async function runRegistrationLoad(options: {
  url: string;
  endpoint: Endpoint;
  connections: number;
  amount: number;
}): Promise<LoadResult> {
  const origin = new URL(options.url).origin;
  // A form stamp per registration and the empty decoy field, as people's browsers send them.
  const stamps = stampSupply(origin);
  await stamps.fill(options.amount + options.connections);
  const started = performance.now();
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    amount: options.amount,
    timeout: 30,
    requests: [
      {
        method: "POST",
        path: options.endpoint === "data" ? "/register.data" : "/register",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin,
          // As a browser sends it: responses above 1 kB are compressed, as in production.
          "accept-encoding": "gzip, deflate, br",
        },
        setupRequest: (request) => {
          const { formStamp, cookie } = stamps.next();
          return {
            ...request,
            headers: { ...request.headers, cookie },
            body: new URLSearchParams({ ...uniqueRegistration(), formStamp, website: "" }).toString(),
          };
        },
      },
    ],
  });
  const seconds = (performance.now() - started) / 1000;
  const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, s.count ?? 0]));
  const ok = result["2xx"];
  return {
    requests: result.requests.total,
    ok,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    seconds,
    perSecond: ok / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}
