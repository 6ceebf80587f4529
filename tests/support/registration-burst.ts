import { MIN_FILL_MS } from "../../app/modules/booking-protection/human-check.server";
import { makeRegistrant, registrationFormFields } from "./register-helper";
import { sendUntilNotBusy } from "./when-busy";

// A rush on the registration form without a browser: many people posting at once, as
// their browsers with JavaScript do (/register.data), spread over one or several servers.
// Each post's answer is kept, so a test can hold the server to what it told each person.
// Told the server is busy (503, load shedding), a person sends the same form again: a post
// refused that way must have stored nothing, or the retry would find the address taken.

/**
 * registered: the server answered with a ticket (an acknowledgement the site must keep);
 * full: the fully-booked refusal; refused: any other answer; no-answer: the connection
 * failed or broke (the server was down or died), so the person was told nothing.
 */
type BurstOutcome = "registered" | "full" | "refused" | "no-answer";

export type BurstPost = {
  email: string;
  url: string;
  outcome: BurstOutcome;
  status?: number;
  ticketId?: string;
  body?: string;
  /** posts it took: more than one when the server said it was busy (503) and the person sent it again */
  tries?: number;
};

export type BurstOptions = {
  urls: string[];
  total: number;
  /** posts in flight at once */
  concurrency: number;
  /** called after each acknowledged registration, with how many there have been */
  onRegistered?: (acknowledged: number) => void;
};

const TICKET_ID = /"ticketId","(ZYS-[0-9A-Z]+-[0-9A-Z]+)"/;
const FULLY_BOOKED = "Event is fully booked";

type Stamp = { stamp: string; cookie: string };

/**
 * A fresh stamp of `url`'s /register page with the cookie it is bound to (a stamp is good for
 * one post, from the browser that loaded the page), aged as a person's would be.
 */
async function freshStamp(url: string): Promise<Stamp> {
  const { answer: page } = await sendUntilNotBusy(
    async () => {
      const response = await fetch(`${url}/register`);
      return { status: response.status, text: await response.text(), cookie: response.headers.get("set-cookie") ?? "" };
    },
    (a) => a.status,
  );
  const stamp = /name="formStamp" value="([^"]+)"/.exec(page.text)?.[1];
  if (!stamp) throw new Error(`no form stamp on ${url}/register`);
  // The server refuses a form sent sooner than a person could fill it in.
  const left = Number(stamp.slice(0, 13)) + MIN_FILL_MS + 100 - Date.now();
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  return { stamp, cookie: page.cookie.split(";")[0] ?? "" };
}

/** Stamps fetched ahead of the posts, so a burst is not slowed by the wait each one needs. */
function stampSource(urls: string[], ahead: number) {
  const queues = new Map(urls.map((url) => [url, [] as Promise<Stamp | null>[]]));
  // A server killed mid-burst answers no page: that stamp is null, and its post counts as unanswered.
  const refill = (url: string) => {
    const queue = queues.get(url) ?? [];
    while (queue.length < ahead) queue.push(freshStamp(url).catch(() => null));
  };
  for (const url of urls) refill(url);
  return (url: string): Promise<Stamp | null> => {
    const queue = queues.get(url) ?? [];
    const next = queue.shift() ?? freshStamp(url).catch(() => null);
    refill(url);
    return next;
  };
}

async function post(url: string, { stamp, cookie }: Stamp): Promise<BurstPost> {
  const person = makeRegistrant({ fullName: "Burst Attendee" });
  const email = person.email.toLowerCase();
  try {
    const send = async () => {
      const response = await fetch(`${url}/register.data`, {
        method: "POST",
        headers: { origin: url, cookie },
        body: new URLSearchParams(registrationFormFields(person, stamp)),
        signal: AbortSignal.timeout(60_000),
      });
      return { status: response.status, body: await response.text() };
    };
    const { answer, tries } = await sendUntilNotBusy(send, (a) => a.status, 30);
    const { status, body } = answer;
    const ticketId = status === 200 ? TICKET_ID.exec(body)?.[1] : undefined;
    if (ticketId) return { email, url, outcome: "registered", status, ticketId, tries };
    const outcome = status === 409 && body.includes(FULLY_BOOKED) ? "full" : "refused";
    return { email, url, outcome, status, body: body.slice(0, 300), tries };
  } catch {
    return { email, url, outcome: "no-answer" };
  }
}

/** `total` registrations of new people, `concurrency` at a time, the n-th to `urls[n % urls.length]`. */
export async function registrationBurst(options: BurstOptions): Promise<BurstPost[]> {
  const nextStamp = stampSource(options.urls, options.concurrency * 2);
  const posts: BurstPost[] = [];
  let next = 0;
  let acknowledged = 0;
  const lane = async () => {
    while (next < options.total) {
      const url = options.urls[next++ % options.urls.length] ?? "";
      const stamp = await nextStamp(url);
      const result: BurstPost = stamp ? await post(url, stamp) : { email: "", url, outcome: "no-answer" };
      posts.push(result);
      if (result.outcome === "registered") options.onRegistered?.(++acknowledged);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, lane));
  return posts;
}
