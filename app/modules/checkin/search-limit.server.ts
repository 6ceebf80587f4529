import { lt, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { door_searches } from "~/db/schema";

// The door's limits per account and clock minute, counted in the database so every server
// process and phone of that account shares the count. One upsert per request: the row's count
// is the decision.
//
// - The search answers names and ticket IDs, so an account that can search could page through
//   the whole attendee list ("aaa", "aab", …). A person at the door types a few searches a
//   minute; a script types hundreds: DOOR_SEARCHES_PER_MINUTE.
// - The offline list (door-list.server.ts) is the whole list in one answer, by design: a door
//   needs it to work without a network. Its limit does not stop one copy; it stops an account
//   fetching it in a loop (a few hundred KB of personal data and a query over every attendee,
//   each time, to watch arrivals as they happen). A door phone fetches it once a minute
//   (REFRESH_MS) and when the page opens or the network comes back: DOOR_LISTS_PER_MINUTE is
//   fifteen phones on one account each doing both within one minute.

export const DOOR_SEARCHES_PER_MINUTE = 60;
export const DOOR_LISTS_PER_MINUTE = 30;
const MINUTE_MS = 60_000;

export type SearchAllowance = { allowed: true } | { allowed: false; retryAfterMs: number };

async function countDoorRequest(db: DbOrTx, adminId: string, kind: "search" | "list", limit: number, now: Date): Promise<SearchAllowance> {
  const minute = new Date(Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS);
  const [row] = await db
    .insert(door_searches)
    .values({ admin_id: adminId, kind, minute, count: 1 })
    .onConflictDoUpdate({
      target: [door_searches.admin_id, door_searches.kind, door_searches.minute],
      set: { count: sql`${door_searches.count} + 1` },
    })
    .returning({ count: door_searches.count });
  if ((row?.count ?? 0) <= limit) return { allowed: true };
  return { allowed: false, retryAfterMs: minute.getTime() + MINUTE_MS - now.getTime() };
}

export function countDoorSearch(db: DbOrTx, adminId: string, now: Date): Promise<SearchAllowance> {
  return countDoorRequest(db, adminId, "search", DOOR_SEARCHES_PER_MINUTE, now);
}

export function countDoorListFetch(db: DbOrTx, adminId: string, now: Date): Promise<SearchAllowance> {
  return countDoorRequest(db, adminId, "list", DOOR_LISTS_PER_MINUTE, now);
}

/** Counts of minutes past: nothing needs them after the minute ends; kept an hour, then deleted (hourly). */
export async function purgeDoorSearches(db: DbOrTx, now: Date): Promise<void> {
  await db.delete(door_searches).where(lt(door_searches.minute, new Date(now.getTime() - 60 * MINUTE_MS)));
}
