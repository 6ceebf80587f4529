import { and, desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { attendees, check_in_lists, list_check_in_conflicts, list_check_ins } from "~/db/schema";

// The people given one thing twice by doors that could not see each other (give-sync.server.ts),
// for Event Operations: how many per list, and the latest with both doors. Only a second give
// whose give on record still exists counts (an undone give leaves its conflict behind, as
// countDoorConflicts counts only tickets still checked in).

/** The second give's row joined to the give on record of the same list, person and slot. */
const onRecord = and(
  eq(list_check_ins.list_id, list_check_in_conflicts.list_id),
  eq(list_check_ins.attendee_id, list_check_in_conflicts.attendee_id),
  eq(list_check_ins.slot, list_check_in_conflicts.slot),
);

export type ListGiveConflict = {
  /** The second give's id (the device's). */
  id: string;
  list: string;
  ticket_id: string;
  full_name: string;
  /** The earlier give, then the later one. */
  first: { door: string; at: Date };
  second: { door: string; at: Date };
};

/** Second gives per list (those listed), and the latest `limit` of them, latest first. */
export async function listGiveConflicts(
  db: DbOrTx,
  limit = 10,
): Promise<{ counts: { list_id: string; count: number }[]; rows: ListGiveConflict[] }> {
  const [counts, rows] = await Promise.all([
    db
      .select({ list_id: list_check_in_conflicts.list_id, count: sql<number>`count(*)::int` })
      .from(list_check_in_conflicts)
      .innerJoin(list_check_ins, onRecord)
      .groupBy(list_check_in_conflicts.list_id),
    db
      .select({
        id: list_check_in_conflicts.id,
        list: check_in_lists.name,
        ticket_id: attendees.ticket_id,
        full_name: attendees.full_name,
        recordedDoor: list_check_ins.door,
        recordedAt: list_check_ins.created_at,
        door: list_check_in_conflicts.door,
        at: list_check_in_conflicts.given_at,
      })
      .from(list_check_in_conflicts)
      .innerJoin(list_check_ins, onRecord)
      .innerJoin(attendees, eq(attendees.id, list_check_in_conflicts.attendee_id))
      .innerJoin(check_in_lists, eq(check_in_lists.id, list_check_in_conflicts.list_id))
      .orderBy(desc(list_check_in_conflicts.given_at), desc(list_check_in_conflicts.id))
      .limit(limit),
  ]);
  return {
    counts,
    rows: rows.map((r) => {
      // The give on record may be the later one (a door that synced late claims its own time).
      const pair = [
        { door: r.recordedDoor, at: r.recordedAt },
        { door: r.door, at: r.at },
      ].sort((a, b) => a.at.getTime() - b.at.getTime()) as [ListGiveConflict["first"], ListGiveConflict["second"]];
      return { id: r.id, list: r.list, ticket_id: r.ticket_id, full_name: r.full_name, first: pair[0], second: pair[1] };
    }),
  };
}
