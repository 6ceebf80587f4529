import { lt, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { door_searches } from "~/db/schema";

// The door's search answers names and ticket IDs, so an account that can search could page
// through the whole attendee list ("aaa", "aab", …). A person at the door types a few
// searches a minute; a script types hundreds. Each account may search DOOR_SEARCHES_PER_MINUTE
// times in a clock minute, counted in the database so every server process and phone of that
// account shares the count. One upsert per search: the row's count is the decision.

export const DOOR_SEARCHES_PER_MINUTE = 60;
const MINUTE_MS = 60_000;

export type SearchAllowance = { allowed: true } | { allowed: false; retryAfterMs: number };

export async function countDoorSearch(db: DbOrTx, adminId: string, now: Date): Promise<SearchAllowance> {
  const minute = new Date(Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS);
  const [row] = await db
    .insert(door_searches)
    .values({ admin_id: adminId, minute, count: 1 })
    .onConflictDoUpdate({ target: [door_searches.admin_id, door_searches.minute], set: { count: sql`${door_searches.count} + 1` } })
    .returning({ count: door_searches.count });
  if ((row?.count ?? 0) <= DOOR_SEARCHES_PER_MINUTE) return { allowed: true };
  return { allowed: false, retryAfterMs: minute.getTime() + MINUTE_MS - now.getTime() };
}

/** Counts of minutes past: nothing needs them after the minute ends; kept an hour, then deleted (hourly). */
export async function purgeDoorSearches(db: DbOrTx, now: Date): Promise<void> {
  await db.delete(door_searches).where(lt(door_searches.minute, new Date(now.getTime() - 60 * MINUTE_MS)));
}
