import { desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import type { RegistrationChannel } from "~/db/schema";
import { attendees, check_ins, walk_in_conflicts, walk_ins } from "~/db/schema";

// The walk-ins doors registered offline that the sync could not simply register
// (walk-in-sync.server.ts): someone registered already, or no seat left. For Event Operations.

type Place = { door: string; at: Date };

export type WalkInConflict = {
  id: string;
  kind: "same-person" | "over-capacity";
  /** the walk-in as the door that was offline registered them: the name typed, the ticket ID shown */
  walkIn: Place & { full_name: string; ticket_id: string };
  /** the registration it is: the existing one ('same-person'), or the one made past the capacity */
  person: {
    full_name: string;
    ticket_id: string;
    channel: RegistrationChannel;
    /** where and when they were registered as a walk-in, if they were one */
    registered: Place | null;
    checkedIn: Place | null;
  };
};

/** The latest conflicts (by the walk-in's time), with how many there are in all. */
export async function listWalkInConflicts(db: DbOrTx, limit: number): Promise<{ rows: WalkInConflict[]; total: number }> {
  const rows = await db
    .select({
      id: walk_in_conflicts.id,
      kind: walk_in_conflicts.kind,
      typed: walk_in_conflicts.full_name,
      shown: walk_in_conflicts.ticket_id,
      door: walk_in_conflicts.door,
      at: walk_in_conflicts.at,
      full_name: attendees.full_name,
      ticket_id: attendees.ticket_id,
      channel: attendees.channel,
      registeredDoor: walk_ins.door,
      registeredAt: walk_ins.created_at,
      inDoor: check_ins.door,
      inAt: check_ins.created_at,
      // The count before the limit, in the same statement.
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(walk_in_conflicts)
    .innerJoin(attendees, eq(attendees.id, walk_in_conflicts.attendee_id))
    .leftJoin(walk_ins, eq(walk_ins.attendee_id, walk_in_conflicts.attendee_id))
    .leftJoin(check_ins, eq(check_ins.attendee_id, walk_in_conflicts.attendee_id))
    .orderBy(desc(walk_in_conflicts.at), desc(walk_in_conflicts.id))
    .limit(limit);
  return {
    total: rows[0]?.total ?? 0,
    rows: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      walkIn: { full_name: r.typed, ticket_id: r.shown, door: r.door, at: r.at },
      person: {
        full_name: r.full_name,
        ticket_id: r.ticket_id,
        channel: r.channel,
        registered: r.registeredDoor !== null && r.registeredAt !== null ? { door: r.registeredDoor, at: r.registeredAt } : null,
        checkedIn: r.inDoor !== null && r.inAt !== null ? { door: r.inDoor, at: r.inAt } : null,
      },
    })),
  };
}
