import { doorStatus, setOnline } from "./door-runtime";

// Whether the door's server answers, and how long the door waits for it: shared by the door's
// route (offline/door-route.ts) and the walk-in page's, which fall back to the phone without it.

/**
 * How long the door waits for an answer before asking whether the server can be reached at all,
 * and how long it gives that question: no way to the server means the device answers within 3 s.
 * Two seconds for the question, not one: a server whose machine is busy (a rush at the gate) may
 * take over a second even for a small file, and a door that took it for a dead network answered
 * from the phone while the server was there (seen with the browser suite's machine saturated).
 */
const FIRST_LOOK_MS = 1_000;
const REACH_WAIT_MS = 2_000;
/** A server that can be reached but is slow to answer (a rush at the gate): waited for this long. */
const SLOW_SERVER_MS = 20_000;
/**
 * What the door asks to learn whether the server can be reached: the service worker's own script,
 * a file the server sends without its database (which a busy server may be slow to give) and
 * that the worker does not answer from its cache.
 */
const REACH_URL = "/door-sw.js";
/**
 * The server's answer for a door page (its loader or action), or null when the server cannot be
 * reached: not asked while the door knows it is away, given up within a few seconds otherwise
 * (withinServerWait), and the door marked offline. The page then answers from the phone.
 */
export async function fromServer<T>(ask: () => Promise<T>): Promise<{ answer: T } | null> {
  if (!navigator.onLine || !doorStatus.get().online) return null;
  try {
    return { answer: await withinServerWait(ask()) };
  } catch (error) {
    if (!unreachable(error)) throw error;
    setOnline(false);
    return null;
  }
}

/**
 * Waits for the server's answer as long as the server can be reached. A Wi-Fi with no way out
 * (the browser thinks it is online, nothing comes back) answers nothing: after FIRST_LOOK_MS the
 * door asks for a small file, and without it within REACH_WAIT_MS gives up, 3 s in all, and the
 * device answers. A server that sends the file is only slow: its answer is waited for, up to
 * SLOW_SERVER_MS. A check-in the server applies after the device gave up counts once (its id).
 */
export async function withinServerWait<T>(work: Promise<T>): Promise<T> {
  // Given up on, its late failure is nobody's error.
  work.catch(() => undefined);
  const early = await Promise.race([work.then((value) => ({ value })), delay(FIRST_LOOK_MS)]);
  if (early) return early.value;
  if (!(await serverReachable(REACH_WAIT_MS))) throw new Error("server out of reach");
  return Promise.race([work, delay(SLOW_SERVER_MS).then(() => Promise.reject(new Error("server too slow")))]);
}

function delay(ms: number): Promise<undefined> {
  return new Promise((resolve) => setTimeout(() => resolve(undefined), ms));
}

/** Whether the server sends anything at all within `ms` (any status: it was reached). */
async function serverReachable(ms: number): Promise<boolean> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), ms);
  try {
    await fetch(REACH_URL, { method: "HEAD", cache: "no-store", credentials: "omit", signal: abort.signal });
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** Whether an error means the server was not reached (not an answer such as a redirect to sign in). */
export function unreachable(error: unknown): boolean {
  return !(error instanceof Response) && !(typeof error === "object" && error !== null && "status" in error);
}
