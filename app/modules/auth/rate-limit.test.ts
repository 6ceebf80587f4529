import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection, DbOrTx } from "~/db/client.server";
import { login_attempts } from "~/db/schema";
import {
  ACCOUNT_CEILING,
  ACCOUNT_WINDOW_MS,
  claimLoginAttempt,
  delayAfter,
  FREE_FAILURES,
  lockoutMessage,
  MAX_DELAY_MS,
  markAttemptSucceeded,
  NETWORK_CEILING,
  purgeLoginAttempts,
} from "./rate-limit.server";

const email = () => `who-${randomBytes(4).toString("hex")}@example.org`;
const network = () => `v4:10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
const t0 = new Date("2025-08-10T09:00:00Z");
const at = (ms: number) => new Date(t0.getTime() + ms);
const SECOND = 1000;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

async function failedRows(db: DbOrTx, address: string) {
  const [row] = await db
    .select({ n: sql<number>`(count(*) filter (where not ${login_attempts.succeeded}))::int` })
    .from(login_attempts)
    .where(eq(login_attempts.email, address));
  return row?.n ?? 0;
}

/** An attempt that must be allowed; returns its id. */
async function allowed(db: DbOrTx, address: string, from: string, when: Date): Promise<string> {
  const claim = await claimLoginAttempt(db, { email: address, network: from }, when);
  if (claim.status !== "allowed") throw new Error(`expected allowed at ${when.toISOString()}, got ${JSON.stringify(claim)}`);
  return claim.attemptId;
}

/**
 * A guesser who tries again the moment they may, for `durationMs` on the injected clock:
 * from one network, or from a new network at every try. How many guesses got through?
 */
async function guessesIn(db: DbOrTx, durationMs: number, spread: "one network" | "many networks") {
  const victim = email();
  const home = network();
  let now = 0;
  let guesses = 0;
  let i = 0;
  while (now < durationMs) {
    const from = spread === "one network" ? home : `v6:2001:db8:${(i++).toString(16)}:0::/64`;
    const claim = await claimLoginAttempt(db, { email: victim, network: from }, at(now));
    if (claim.status === "allowed") guesses++;
    else now += claim.retryAfterMs;
  }
  return guesses;
}

describe("delays", () => {
  it("lets five failures go free, then doubles the wait from 1 s up to 15 minutes", () => {
    expect([0, 4].map(delayAfter)).toEqual([0, 0]);
    expect([5, 6, 7, 8, 14].map(delayAfter)).toEqual([1, 2, 4, 8, 512].map((s) => s * SECOND));
    expect(delayAfter(15)).toBe(MAX_DELAY_MS);
    expect(delayAfter(10_000)).toBe(MAX_DELAY_MS);
  });

  it("says how long to wait in one sentence, in seconds or whole minutes", () => {
    expect(lockoutMessage(1)).toBe("Too many sign-in attempts. Please wait 1 second and try again.");
    expect(lockoutMessage(8 * SECOND)).toBe("Too many sign-in attempts. Please wait 8 seconds and try again.");
    expect(lockoutMessage(61 * SECOND)).toBe("Too many sign-in attempts. Please wait 2 minutes and try again.");
    expect(lockoutMessage(15 * MINUTE)).toBe("Too many sign-in attempts. Please wait 15 minutes and try again.");
  });
});

describe.each(DATABASE_KINDS)("sign-in throttling on %s", (kind) => {
  let database: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("slows one network down on one account with growing waits, and no one else", async () => {
    const db = database.db;
    const victim = email();
    const stranger = network();
    for (let i = 0; i < FREE_FAILURES; i++) await allowed(db, victim, stranger, at(i * SECOND));
    // The sixth try must wait 1 s after the fifth failure (at 4 s); then 2 s, then 4 s.
    expect(await claimLoginAttempt(db, { email: victim, network: stranger }, at(4 * SECOND + 200))).toEqual({
      status: "refused",
      reason: "delay",
      retryAfterMs: 1000,
    });
    await allowed(db, victim, stranger, at(5 * SECOND));
    expect(await claimLoginAttempt(db, { email: ` ${victim.toUpperCase()} `, network: stranger }, at(6 * SECOND))).toMatchObject({
      status: "refused",
      retryAfterMs: 1000,
    });
    await allowed(db, victim, stranger, at(7 * SECOND));
    expect(await claimLoginAttempt(db, { email: victim, network: stranger }, at(10 * SECOND))).toMatchObject({ status: "refused" });
    await allowed(db, victim, stranger, at(11 * SECOND));
    // Refused tries left no row: they neither count nor lengthen the wait.
    expect(await failedRows(db, victim)).toBe(FREE_FAILURES + 3);

    // The door's own network, and the stranger's network on another account, are not held at all.
    expect((await claimLoginAttempt(db, { email: victim, network: network() }, at(11 * SECOND))).status).toBe("allowed");
    expect((await claimLoginAttempt(db, { email: email(), network: stranger }, at(11 * SECOND))).status).toBe("allowed");
  });

  it("forgets a network's failures after its next success", async () => {
    const db = database.db;
    const admin = email();
    const home = network();
    for (let i = 0; i < FREE_FAILURES; i++) await allowed(db, admin, home, at(i * SECOND));
    await markAttemptSucceeded(db, await allowed(db, admin, home, at(MINUTE)));
    for (let i = 0; i < FREE_FAILURES; i++) await allowed(db, admin, home, at(MINUTE + (i + 1) * 10));
    expect((await claimLoginAttempt(db, { email: admin, network: home }, at(MINUTE + 100))).status).toBe("refused");
  });

  it("holds an account at its ceiling against many networks, except the networks it is known to", async () => {
    const db = database.db;
    const door = email();
    const doorNetwork = network();
    // The door signed in yesterday from its own network.
    await markAttemptSucceeded(db, await allowed(db, door, doorNetwork, at(-24 * HOUR)));
    for (let i = 0; i < ACCOUNT_CEILING; i++) await allowed(db, door, network(), at(i * MINUTE));
    const refused = await claimLoginAttempt(db, { email: door, network: network() }, at(30 * MINUTE));
    // It lifts when the first of those failures is an hour old.
    expect(refused).toEqual({ status: "refused", reason: "account", retryAfterMs: ACCOUNT_WINDOW_MS - 30 * MINUTE });
    const door2 = await claimLoginAttempt(db, { email: door, network: doorNetwork }, at(30 * MINUTE));
    expect(door2).toMatchObject({ status: "allowed", recognised: true });
    if (door2.status === "allowed") await markAttemptSucceeded(db, door2.attemptId);
    expect((await claimLoginAttempt(db, { email: door, network: network() }, at(ACCOUNT_WINDOW_MS))).status).toBe("allowed");
  });

  it("lets at most the free tries through a burst from one network", async () => {
    const db = database.db;
    const victim = email();
    const from = network();
    const claims = await Promise.all(Array.from({ length: 12 }, () => claimLoginAttempt(db, { email: victim, network: from }, at(MINUTE))));
    const passed = claims.filter((c) => c.status === "allowed").length;
    expect(passed).toBeLessThanOrEqual(FREE_FAILURES);
    expect(await failedRows(db, victim)).toBe(passed);
  });

  it("stops one network spraying many accounts, but not on an account it has signed in to", async () => {
    const db = database.db;
    const sprayer = network();
    const known = email();
    await markAttemptSucceeded(db, await allowed(db, known, sprayer, at(-HOUR)));
    await db
      .insert(login_attempts)
      .values(Array.from({ length: NETWORK_CEILING }, (_, i) => ({ email: email(), ip: sprayer, created_at: at(i * 1000) })));
    expect(await claimLoginAttempt(db, { email: email(), network: sprayer }, at(5 * MINUTE))).toEqual({
      status: "refused",
      reason: "network",
      retryAfterMs: 10 * MINUTE,
    });
    expect((await claimLoginAttempt(db, { email: known, network: sprayer }, at(5 * MINUTE))).status).toBe("allowed");
    expect((await claimLoginAttempt(db, { email: email(), network: network() }, at(5 * MINUTE))).status).toBe("allowed");
  });

  it("purges attempts older than 30 days", async () => {
    const db = database.db;
    const old = email();
    await allowed(db, old, network(), at(-40 * 24 * HOUR));
    await allowed(db, old, network(), at(0));
    await purgeLoginAttempts(db, at(MINUTE));
    expect(await db.select().from(login_attempts).where(eq(login_attempts.email, old))).toHaveLength(1);
  });

  // The figures in docs/SECURITY.md ("Sign-in throttling"):
  //   npx vitest run app/modules/auth/rate-limit.test.ts -t "guesses"
  it("figures: guesses an attacker gets against one account in an hour and in a day", { timeout: 120_000 }, async () => {
    const db = database.db;
    const figures = {
      oneNetworkHour: await guessesIn(db, HOUR, "one network"),
      oneNetworkDay: await guessesIn(db, 24 * HOUR, "one network"),
      manyNetworksHour: await guessesIn(db, HOUR, "many networks"),
      manyNetworksDay: await guessesIn(db, 24 * HOUR, "many networks"),
    };
    console.info(`[throttle ${kind}] guesses per account: ${JSON.stringify(figures)}`);
    expect(figures.oneNetworkHour).toBeLessThanOrEqual(20);
    expect(figures.manyNetworksHour).toBe(ACCOUNT_CEILING);
    expect(figures.manyNetworksDay).toBeLessThanOrEqual(24 * ACCOUNT_CEILING);
  });
});
