import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "./client.server";
import { rate_counters } from "./schema";

// Fixed-window counters in the database, so every server process (and every instance behind
// a load balancer) sees the same count: a limit kept in one process's memory is a limit per
// process, which a script defeats by being spread across them.

/** The start of the window of `windowMs` that `now` falls in. */
export function windowStart(now: Date, windowMs: number): Date {
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs);
}

/** Counts one hit of `key` in the current window and returns the window's count, this one included. */
export async function countHit(db: DbOrTx, key: string, windowMs: number, now = new Date()): Promise<number> {
  const [count] = await countHits(db, [key], windowMs, now);
  return count ?? 1;
}

/**
 * Counts one hit of each of `keys` in the current window in one statement (one round trip, one
 * write on the embedded database, which answers one query at a time); each key's count, in order.
 */
export async function countHits(db: DbOrTx, keys: string[], windowMs: number, now = new Date()): Promise<number[]> {
  if (keys.length === 0) return [];
  const start = windowStart(now, windowMs);
  const rows = await db
    .insert(rate_counters)
    // One row per key: an upsert may not touch a row twice in one statement.
    .values([...new Set(keys)].map((key) => ({ key, window_start: start, count: 1 })))
    .onConflictDoUpdate({ target: [rate_counters.key, rate_counters.window_start], set: { count: sql`${rate_counters.count} + 1` } })
    .returning({ key: rate_counters.key, count: rate_counters.count });
  const counts = new Map(rows.map((row) => [row.key, row.count]));
  return keys.map((key) => counts.get(key) ?? 1);
}

/**
 * The counts of `keys` in the current window and the one before, seen as one sliding window: the
 * previous window's count weighted by how much of it still lies within `windowMs` of `now`, plus
 * the current one's (the usual sliding-window estimate). A fixed window alone lets a burst that
 * straddles its boundary take twice its limit in one minute; this one does not. Counts one hit of
 * each key, as countHits does.
 */
export async function countSlidingHits(db: DbOrTx, keys: string[], windowMs: number, now = new Date()): Promise<number[]> {
  if (keys.length === 0) return [];
  const previousStart = new Date(windowStart(now, windowMs).getTime() - windowMs);
  const [current, previous] = await Promise.all([
    countHits(db, keys, windowMs, now),
    db
      .select({ key: rate_counters.key, count: rate_counters.count })
      .from(rate_counters)
      .where(and(inArray(rate_counters.key, keys), eq(rate_counters.window_start, previousStart))),
  ]);
  const before = new Map(previous.map((row) => [row.key, row.count]));
  const stillInside = 1 - (now.getTime() - windowStart(now, windowMs).getTime()) / windowMs;
  return keys.map((key, i) => (current[i] ?? 0) + Math.ceil((before.get(key) ?? 0) * stillInside));
}

/** Forgets windows that ended more than `keepMs` ago (the longest window any limit uses). */
export async function sweepCounters(db: DbOrTx, keepMs: number, now = new Date()): Promise<void> {
  await db.delete(rate_counters).where(lt(rate_counters.window_start, new Date(now.getTime() - keepMs)));
}
