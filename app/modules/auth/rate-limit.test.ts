import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection, DbOrTx } from "~/db/client.server";
import { login_attempts } from "~/db/schema";
import {
  claimLoginAttempt,
  LOGIN_WINDOW_MS,
  lockoutMessage,
  MAX_FAILURES_PER_EMAIL,
  MAX_FAILURES_PER_IP,
  markAttemptSucceeded,
  purgeLoginAttempts,
} from "./rate-limit.server";

const email = () => `who-${randomBytes(4).toString("hex")}@example.org`;
const ip = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
const t0 = new Date("2025-08-10T09:00:00Z");
const at = (ms: number) => new Date(t0.getTime() + ms);
const MINUTE = 60_000;

async function attempts(db: DbOrTx, address: string) {
  const [row] = await db
    .select({
      failed: sql<number>`(count(*) filter (where not ${login_attempts.succeeded}))::int`,
      succeeded: sql<number>`(count(*) filter (where ${login_attempts.succeeded}))::int`,
    })
    .from(login_attempts)
    .where(eq(login_attempts.email, address));
  return row;
}

/** n failed attempts one minute apart, starting at `from`; each one must have been allowed. */
async function fail(db: DbOrTx, address: string, from: number, n: number, source = ip()) {
  for (let i = 0; i < n; i++) {
    const claim = await claimLoginAttempt(db, { email: address, ip: source }, at(from + i * MINUTE));
    expect(claim.status, `attempt ${i + 1}`).toBe("allowed");
  }
}

describe.each(DATABASE_KINDS)("sign-in rate limit on %s", (kind) => {
  let database: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("refuses a sixth attempt within 15 minutes, for that e-mail only and from any IP", async () => {
    const db = database.db;
    const victim = email();
    const source = ip();
    await fail(db, victim, 0, MAX_FAILURES_PER_EMAIL, source);

    // Failures at minutes 0..4: the lock lifts when the first of them is 15 minutes old.
    const refused = await claimLoginAttempt(db, { email: victim, ip: source }, at(5 * MINUTE));
    expect(refused).toEqual({ status: "refused", reason: "email", retryAfterMs: 10 * MINUTE });
    expect(await claimLoginAttempt(db, { email: ` ${victim.toUpperCase()} `, ip: ip() }, at(6 * MINUTE))).toMatchObject({
      status: "refused",
      reason: "email",
    });
    // Refused attempts leave no row: hammering a locked e-mail does not keep it locked.
    expect(await attempts(db, victim)).toEqual({ failed: MAX_FAILURES_PER_EMAIL, succeeded: 0 });

    // Someone else behind the same carrier IP is not affected.
    expect((await claimLoginAttempt(db, { email: email(), ip: source }, at(6 * MINUTE))).status).toBe("allowed");
  });

  it("lets the e-mail try again once the window has passed", async () => {
    const db = database.db;
    const victim = email();
    await fail(db, victim, 0, MAX_FAILURES_PER_EMAIL);
    expect((await claimLoginAttempt(db, { email: victim, ip: ip() }, at(LOGIN_WINDOW_MS - 1))).status).toBe("refused");
    // At 15 minutes the first failure has left the window: one more try, then locked again.
    expect((await claimLoginAttempt(db, { email: victim, ip: ip() }, at(LOGIN_WINDOW_MS))).status).toBe("allowed");
    expect((await claimLoginAttempt(db, { email: victim, ip: ip() }, at(LOGIN_WINDOW_MS + 1))).status).toBe("refused");
    expect((await claimLoginAttempt(db, { email: victim, ip: ip() }, at(LOGIN_WINDOW_MS + 5 * MINUTE))).status).toBe("allowed");
  });

  it("records a success without wiping the failures, and does not count it as one", async () => {
    const db = database.db;
    const admin = email();
    await fail(db, admin, 0, MAX_FAILURES_PER_EMAIL - 1);
    const ok = await claimLoginAttempt(db, { email: admin, ip: ip() }, at(4 * MINUTE));
    if (ok.status !== "allowed") throw new Error("expected allowed");
    await markAttemptSucceeded(db, ok.attemptId);
    expect(await attempts(db, admin)).toEqual({ failed: MAX_FAILURES_PER_EMAIL - 1, succeeded: 1 });
    // The fifth failure is still allowed; the sixth attempt is not.
    expect((await claimLoginAttempt(db, { email: admin, ip: ip() }, at(5 * MINUTE))).status).toBe("allowed");
    expect((await claimLoginAttempt(db, { email: admin, ip: ip() }, at(6 * MINUTE))).status).toBe("refused");
  });

  it("lets at most five of many simultaneous attempts through", async () => {
    const db = database.db;
    const victim = email();
    const claims = await Promise.all(Array.from({ length: 12 }, () => claimLoginAttempt(db, { email: victim, ip: ip() }, at(MINUTE))));
    // Each attempt counts the others that were inserted before it counted: never more than five pass
    // (possibly none, when they all see the whole burst).
    const allowed = claims.filter((c) => c.status === "allowed").length;
    expect(allowed).toBeLessThanOrEqual(MAX_FAILURES_PER_EMAIL);
    expect((await attempts(db, victim))?.failed).toBe(allowed);
    // Refused attempts left nothing behind, so the limit still lets the remaining tries through one by one.
    for (let i = allowed; i < MAX_FAILURES_PER_EMAIL; i++) {
      expect((await claimLoginAttempt(db, { email: victim, ip: ip() }, at(2 * MINUTE))).status).toBe("allowed");
    }
    expect((await claimLoginAttempt(db, { email: victim, ip: ip() }, at(2 * MINUTE))).status).toBe("refused");
  });

  it("stops one IP spraying many e-mails at a high ceiling, without touching other IPs", async () => {
    const db = database.db;
    const source = ip();
    await db
      .insert(login_attempts)
      .values(Array.from({ length: MAX_FAILURES_PER_IP }, (_, i) => ({ email: email(), ip: source, created_at: at(i * 1000) })));
    const refused = await claimLoginAttempt(db, { email: email(), ip: source }, at(5 * MINUTE));
    expect(refused).toEqual({ status: "refused", reason: "ip", retryAfterMs: 10 * MINUTE });
    expect((await claimLoginAttempt(db, { email: email(), ip: ip() }, at(5 * MINUTE))).status).toBe("allowed");
    // Without a known address there is no per-IP bucket everyone would share.
    await db
      .insert(login_attempts)
      .values(Array.from({ length: MAX_FAILURES_PER_IP }, () => ({ email: email(), ip: "", created_at: at(MINUTE) })));
    expect((await claimLoginAttempt(db, { email: email(), ip: "" }, at(5 * MINUTE))).status).toBe("allowed");
  });

  it("purges attempts older than the retention period", async () => {
    const db = database.db;
    const old = email();
    await fail(db, old, -40 * 24 * 60 * MINUTE, 2);
    await fail(db, old, 0, 1);
    await purgeLoginAttempts(db, at(MINUTE));
    const rows = await db
      .select()
      .from(login_attempts)
      .where(and(eq(login_attempts.email, old)));
    expect(rows).toHaveLength(1);
  });

  it("says how long to wait", () => {
    expect(lockoutMessage(15 * MINUTE)).toBe("Too many sign-in attempts. Please wait 15 minutes and try again.");
    expect(lockoutMessage(30_000)).toBe("Too many sign-in attempts. Please wait 1 minute and try again.");
  });
});
