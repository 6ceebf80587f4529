import { and, desc, eq, gt, lte, ne, or, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { normalizeEmail } from "~/db/email";
import { login_attempts } from "~/db/schema";
import { minutesToWait } from "./session-policy";

// Brute-force protection for the admin sign-in, kept in the database so every
// server instance sees the same attempts. It is keyed on the e-mail: many
// Nigerian mobile users share one carrier IP, so an IP alone must never lock
// anyone out; the per-IP ceiling is only a coarse stop for one source
// spraying many e-mails.

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_IP = 100;

export type AttemptClaim = { status: "allowed"; attemptId: string } | { status: "refused"; reason: "email" | "ip"; retryAfterMs: number };

/**
 * Registers a sign-in attempt BEFORE its password is checked, as a failure
 * until markAttemptSucceeded says otherwise, and decides whether it may go on.
 * Because each request inserts first and counts afterwards, requests racing in
 * parallel see each other: at most MAX_FAILURES_PER_EMAIL of them get through
 * in a window, however many arrive at once. A refused attempt removes its row
 * again, so hammering a locked e-mail does not extend the lock forever.
 */
export async function claimLoginAttempt(db: DbOrTx, input: { email: string; ip: string }, now: Date): Promise<AttemptClaim> {
  const email = normalizeEmail(input.email);
  const ip = input.ip;
  const [attempt] = await db
    .insert(login_attempts)
    .values({ email, ip, succeeded: false, created_at: now })
    .returning({ id: login_attempts.id });
  if (!attempt) throw new Error("login attempt insert returned no row");

  const since = new Date(now.getTime() - LOGIN_WINDOW_MS);
  const inWindow = and(eq(login_attempts.succeeded, false), gt(login_attempts.created_at, since), lte(login_attempts.created_at, now));
  const [counts] = await db
    .select({
      email: sql<number>`(count(*) filter (where ${login_attempts.email} = ${email}))::int`,
      ip: ip ? sql<number>`(count(*) filter (where ${login_attempts.ip} = ${ip}))::int` : sql<number>`0`,
    })
    .from(login_attempts)
    .where(and(inWindow, ip ? or(eq(login_attempts.email, email), eq(login_attempts.ip, ip)) : eq(login_attempts.email, email)));

  // The counts include this attempt itself, hence ">".
  const reason = (counts?.email ?? 0) > MAX_FAILURES_PER_EMAIL ? "email" : ip && (counts?.ip ?? 0) > MAX_FAILURES_PER_IP ? "ip" : null;
  if (!reason) return { status: "allowed", attemptId: attempt.id };

  await db.delete(login_attempts).where(eq(login_attempts.id, attempt.id));
  // The lock lifts when the oldest of the failures that caused it leaves the window.
  const limit = reason === "email" ? MAX_FAILURES_PER_EMAIL : MAX_FAILURES_PER_IP;
  const [oldest] = await db
    .select({ at: login_attempts.created_at })
    .from(login_attempts)
    .where(
      and(inWindow, ne(login_attempts.id, attempt.id), reason === "email" ? eq(login_attempts.email, email) : eq(login_attempts.ip, ip)),
    )
    .orderBy(desc(login_attempts.created_at))
    .limit(1)
    .offset(limit - 1);
  const retryAfterMs = oldest ? oldest.at.getTime() + LOGIN_WINDOW_MS - now.getTime() : LOGIN_WINDOW_MS;
  return { status: "refused", reason, retryAfterMs: Math.max(1000, retryAfterMs) };
}

/** A successful sign-in is kept on record (it does not wipe earlier failures). */
export async function markAttemptSucceeded(db: DbOrTx, attemptId: string): Promise<void> {
  await db.update(login_attempts).set({ succeeded: true }).where(eq(login_attempts.id, attemptId));
}

export function lockoutMessage(retryAfterMs: number): string {
  const minutes = minutesToWait(retryAfterMs);
  return `Too many sign-in attempts. Please wait ${minutes} ${minutes === 1 ? "minute" : "minutes"} and try again.`;
}

/** Deletes attempts older than `keepMs` (default 30 days); for a periodic clean-up job. */
export async function purgeLoginAttempts(db: DbOrTx, now: Date, keepMs = 30 * 24 * 60 * 60 * 1000): Promise<number> {
  const rows = await db
    .delete(login_attempts)
    .where(lte(login_attempts.created_at, new Date(now.getTime() - keepMs)))
    .returning({ id: login_attempts.id });
  return rows.length;
}
