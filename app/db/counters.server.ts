import { lt, sql } from "drizzle-orm";
import type { DbOrTx } from "./client.server";
import { rate_counters } from "./schema";

// Fixed-window counters in the database, so every server process (and every instance behind
// a load balancer) sees the same count: a limit kept in one process's memory is a limit per
// process, which a script defeats by being spread across them.

/** The start of the window of `windowMs` that `now` falls in. */
export function windowStart(now: Date, windowMs: number): Date {
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs);
}

/** Whole seconds until the window of `windowMs` that `now` falls in ends, at least 1: a refusal's Retry-After. */
export function secondsLeftInWindow(now: Date, windowMs: number): number {
  return Math.max(1, Math.ceil((windowStart(now, windowMs).getTime() + windowMs - now.getTime()) / 1000));
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

/** A hit to count: its key, its window, and whether the window slides (countHitsAcross). */
export type CountedHit = { key: string; windowMs: number; sliding?: boolean };

/**
 * One hit of each key, each in its own window, in ONE statement: the upsert of every key and the
 * read of the sliding ones' previous windows together (a registration counts five keys; five
 * statements cost the embedded database, which answers one at a time, some milliseconds each).
 * A sliding key's count is its previous window's weighted by how much of it still lies within
 * `windowMs` of `now`, plus the current one's (the usual sliding-window estimate): a fixed window
 * alone lets a burst that straddles its boundary take twice its limit in one minute. Each hit's
 * count, in order.
 */
export async function countHitsAcross(db: DbOrTx, hits: CountedHit[], now = new Date()): Promise<number[]> {
  if (hits.length === 0) return [];
  const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
  // One row per key: an upsert may not touch a row twice in one statement.
  const keys = [...new Map(hits.map((hit) => [hit.key, hit])).values()];
  const current = keys.map((hit) => sql`(${hit.key}, ${at(windowStart(now, hit.windowMs))}, 1)`);
  const previous = keys
    .filter((hit) => hit.sliding)
    .map((hit) => sql`(${hit.key}, ${at(new Date(windowStart(now, hit.windowMs).getTime() - hit.windowMs))})`);
  // The previous windows are never the ones this statement writes: reading them beside the upsert is safe.
  const earlier =
    previous.length === 0
      ? sql``
      : sql`union all select key, count, false from ${rate_counters} where (key, window_start) in (${sql.join(previous, sql`, `)})`;
  const result = (await db.execute(sql`
    with counted as (
      insert into ${rate_counters} (key, window_start, count) values ${sql.join(current, sql`, `)}
      on conflict (key, window_start) do update set count = ${rate_counters}.count + 1
      returning key, count
    )
    select key, count, true as is_current from counted ${earlier}
  `)) as unknown as { rows: { key: string; count: number; is_current: boolean }[] };
  const counts = new Map<string, { now: number; before: number }>();
  for (const row of result.rows) {
    const entry = counts.get(row.key) ?? { now: 0, before: 0 };
    if (row.is_current) entry.now = Number(row.count);
    else entry.before = Number(row.count);
    counts.set(row.key, entry);
  }
  return hits.map((hit) => {
    const { now: inWindow = 1, before = 0 } = counts.get(hit.key) ?? {};
    if (!hit.sliding) return inWindow;
    const stillInside = 1 - (now.getTime() - windowStart(now, hit.windowMs).getTime()) / hit.windowMs;
    return inWindow + Math.ceil(before * stillInside);
  });
}

/** Forgets windows that ended more than `keepMs` ago (the longest window any limit uses). */
export async function sweepCounters(db: DbOrTx, keepMs: number, now = new Date()): Promise<void> {
  await db.delete(rate_counters).where(lt(rate_counters.window_start, new Date(now.getTime() - keepMs)));
}
