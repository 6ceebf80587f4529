import { and, count, desc, eq, gt, isNotNull, isNull, lte, max, ne, notInArray, or, type SQL } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { normalizeEmail } from "~/db/email";
import { login_attempts } from "~/db/schema";

// Brute-force protection for the admin sign-in (the password and the authenticator code
// alike), kept in the database so every server instance sees the same attempts.
//
// The old rule locked an e-mail for everyone after five failures, so a stranger typing five
// wrong passwords every quarter of an hour kept the door's account shut on event day. Now:
//
// - Failures are counted per account AND network (clientNetwork: an IPv4 address, an IPv6
//   /64). After FREE_FAILURES, that network must wait before trying that account again,
//   1 s, then 2 s, 4 s… up to MAX_DELAY_MS. A stranger slows down only themselves.
// - Against guessing from many networks at once, an account takes at most
//   ACCOUNT_CEILING failures an hour from networks it has never been signed into from. A
//   network that has signed in to the account (within RECOGNISED_MS) is not held by that
//   ceiling: the door's own network still gets in while the account is under attack.
// - A network spraying many accounts stops at NETWORK_CEILING failures in 15 minutes
//   (carriers share addresses, so this stays high), again except for accounts it is known to.
// - A device that finished a sign-in (its signed cookie, known-device.server.ts) is recognised
//   like a network, wherever it is now, and only its own failures slow it: a door phone on
//   mobile data changes network, and an attacker may share the carrier's address.
// - The two ceilings hold password posts only. Past them a sign-in may still come in with the
//   password AND a code in one post (kind "both"), whose verdict never says which of the two was
//   wrong: it tells a guesser nothing about the password, so the ceilings need not hold it.
//   Codes typed after a right password have their own ceiling, CODE_CEILING an hour per account:
//   only someone holding the password reaches it.
//
// The rows say nothing about whether the account exists: an unknown e-mail is counted and
// answered exactly as a known one. The `ip` column holds the network, not the address.

export const FREE_FAILURES = 5;
const FIRST_DELAY_MS = 1000;
export const MAX_DELAY_MS = 15 * 60 * 1000;
/** Failures older than this no longer slow a network down (nor do those before its last success). */
const FAILURE_MEMORY_MS = 24 * 60 * 60 * 1000;
export const ACCOUNT_CEILING = 20;
export const ACCOUNT_WINDOW_MS = 60 * 60 * 1000;
export const NETWORK_CEILING = 100;
const NETWORK_WINDOW_MS = 15 * 60 * 1000;
/** How long a network that signed in stays recognised: as long as the attempts are kept. */
const RECOGNISED_MS = 30 * 24 * 60 * 60 * 1000;
/** Wrong codes an hour per account after a right password, from networks and devices it does not know. */
export const CODE_CEILING = 20;

export type AttemptClaim =
  | { status: "allowed"; attemptId: string; recognised: boolean }
  | { status: "refused"; reason: "delay" | "account" | "network" | "codes"; retryAfterMs: number };

/** The wait a network owes before its next try after `failures` consecutive failures. */
export function delayAfter(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.min(30, failures - FREE_FAILURES));
}

/** A password post, a code after a right password, or both in one post (past the ceilings). */
type AttemptKind = "password" | "code" | "both";

export type AttemptInput = { email: string; network: string; device?: string | null; kind?: AttemptKind };

/**
 * Registers an attempt BEFORE its password or code is checked, as a failure until
 * markAttemptSucceeded says otherwise, and decides whether it may go on. Each request inserts
 * first and counts afterwards, so requests racing in parallel see each other and no burst
 * gets more than the free tries. A refused attempt removes its row again: hammering only
 * costs the hammerer, and it checks no password.
 */
export async function claimLoginAttempt(db: DbOrTx, input: AttemptInput, now: Date): Promise<AttemptClaim> {
  const email = normalizeEmail(input.email);
  const { network } = input;
  const device = input.device ?? null;
  const kind = input.kind ?? "password";
  const [attempt] = await db
    .insert(login_attempts)
    .values({ email, ip: network, device, stage: kind === "code" ? "code" : "password", succeeded: false, created_at: now })
    .returning({ id: login_attempts.id });
  if (!attempt) throw new Error("login attempt insert returned no row");
  const mine = attempt.id;
  const refuse = async (reason: "delay" | "account" | "network" | "codes", retryAfterMs: number): Promise<AttemptClaim> => {
    await db.delete(login_attempts).where(eq(login_attempts.id, mine));
    return { status: "refused", reason, retryAfterMs: Math.max(1000, Math.ceil(retryAfterMs / 1000) * 1000) };
  };
  const ago = (ms: number) => new Date(now.getTime() - ms);
  // A right password waiting for its code is no failure.
  const failed = and(
    eq(login_attempts.succeeded, false),
    ne(login_attempts.stage, "verified"),
    ne(login_attempts.id, mine),
    lte(login_attempts.created_at, now),
  );
  const succeeded = and(
    eq(login_attempts.email, email),
    eq(login_attempts.succeeded, true),
    gt(login_attempts.created_at, ago(RECOGNISED_MS)),
  );
  const lastSuccess = async (source: SQL) => {
    const [row] = await db
      .select({ at: max(login_attempts.created_at) })
      .from(login_attempts)
      .where(and(succeeded, source));
    return row?.at ? new Date(row.at) : null;
  };

  // Is this device, or else this network, known to the account? Since when does it owe nothing?
  const deviceSuccess = device ? await lastSuccess(eq(login_attempts.device, device)) : null;
  const networkSuccess = network ? await lastSuccess(eq(login_attempts.ip, network)) : null;
  const recognised = Boolean(deviceSuccess || networkSuccess);
  // A known device answers for its own failures only, on whatever network it is now.
  const source = device && deviceSuccess ? eq(login_attempts.device, device) : eq(login_attempts.ip, network);
  const memory = ago(FAILURE_MEMORY_MS);
  const sourceSuccess = deviceSuccess ?? networkSuccess;
  const since = sourceSuccess && sourceSuccess > memory ? sourceSuccess : memory;

  const [streak] = await db
    .select({ n: count(), latest: max(login_attempts.created_at) })
    .from(login_attempts)
    .where(and(failed, eq(login_attempts.email, email), source, gt(login_attempts.created_at, since)));
  const wait = delayAfter(streak?.n ?? 0);
  if (wait > 0 && streak?.latest) {
    const until = new Date(streak.latest).getTime() + wait;
    if (until > now.getTime()) return refuse("delay", until - now.getTime());
  }
  if (recognised) return { status: "allowed", attemptId: mine, recognised };

  // Failures against this account from the networks and devices it is not known to, within the hour.
  const knownNetworks = db.select({ ip: login_attempts.ip }).from(login_attempts).where(succeeded);
  const knownDevices = db
    .select({ device: login_attempts.device })
    .from(login_attempts)
    .where(and(succeeded, isNotNull(login_attempts.device)));
  const fromStrangers = and(
    eq(login_attempts.email, email),
    gt(login_attempts.created_at, ago(ACCOUNT_WINDOW_MS)),
    notInArray(login_attempts.ip, knownNetworks),
    or(isNull(login_attempts.device), notInArray(login_attempts.device, knownDevices)),
  );

  if (kind !== "password") {
    const overCodes = await ceilingWait(
      db,
      and(failed, fromStrangers, eq(login_attempts.stage, "code")),
      CODE_CEILING,
      ACCOUNT_WINDOW_MS,
      now,
    );
    if (overCodes !== null) return refuse("codes", overCodes);
    return { status: "allowed", attemptId: mine, recognised };
  }

  const accountFailures = and(failed, fromStrangers, eq(login_attempts.stage, "password"));
  const overAccount = await ceilingWait(db, accountFailures, ACCOUNT_CEILING, ACCOUNT_WINDOW_MS, now);
  if (overAccount !== null) return refuse("account", overAccount);

  if (network) {
    const networkFailures = and(failed, eq(login_attempts.ip, network), gt(login_attempts.created_at, ago(NETWORK_WINDOW_MS)));
    const overNetwork = await ceilingWait(db, networkFailures, NETWORK_CEILING, NETWORK_WINDOW_MS, now);
    if (overNetwork !== null) return refuse("network", overNetwork);
  }
  return { status: "allowed", attemptId: mine, recognised };
}

/** null while fewer than `ceiling` rows match; else how long until the ceiling-th newest leaves the window. */
async function ceilingWait(db: DbOrTx, where: SQL | undefined, ceiling: number, windowMs: number, now: Date): Promise<number | null> {
  const [edge] = await db
    .select({ at: login_attempts.created_at })
    .from(login_attempts)
    .where(where)
    .orderBy(desc(login_attempts.created_at))
    .limit(1)
    .offset(ceiling - 1);
  if (!edge) return null;
  return edge.at.getTime() + windowMs - now.getTime();
}

/**
 * A finished sign-in: the network (and the device, when given) is now recognised for the
 * account, and its failures are behind it.
 */
export async function markAttemptSucceeded(db: DbOrTx, attemptId: string, device?: string): Promise<void> {
  await db
    .update(login_attempts)
    .set(device ? { succeeded: true, device } : { succeeded: true })
    .where(eq(login_attempts.id, attemptId));
}

/** The password was right and a code is due: no failure (unless it came with a code, which then decides). */
export async function markAttemptStage(db: DbOrTx, attemptId: string, stage: "verified" | "code"): Promise<void> {
  await db.update(login_attempts).set({ stage }).where(eq(login_attempts.id, attemptId));
}

/** Whether a refusal leaves the way in with the password and a code together (the ceilings, not the network's own wait). */
export function codeStillAdmits(reason: "delay" | "account" | "network" | "codes"): boolean {
  return reason === "account" || reason === "network";
}

/** The one sentence every refusal gets, whichever rule refused and whether or not the account exists. */
export function lockoutMessage(retryAfterMs: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  if (seconds < 60) return `Too many sign-in attempts. Please wait ${seconds} ${seconds === 1 ? "second" : "seconds"} and try again.`;
  const minutes = Math.ceil(seconds / 60);
  return `Too many sign-in attempts. Please wait ${minutes} ${minutes === 1 ? "minute" : "minutes"} and try again.`;
}

/** Deletes attempts older than RECOGNISED_MS (30 days): run hourly by the server (server/workers.server.ts). */
export async function purgeLoginAttempts(db: DbOrTx, now: Date, keepMs = RECOGNISED_MS): Promise<number> {
  const rows = await db
    .delete(login_attempts)
    .where(lte(login_attempts.created_at, new Date(now.getTime() - keepMs)))
    .returning({ id: login_attempts.id });
  return rows.length;
}
