import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { check_in_conflicts, check_in_lists, check_ins, list_check_in_conflicts, list_check_ins } from "~/db/schema";

// What the doors recorded about one attendee, for their copy of their data
// (attendees/personal-data.server.ts): their check-in, a second admission at a door that was
// offline, what the check-in lists gave them (lunch, the kit) and any second give by such a door.
// The second ones are kept for organisers, so they are the person's data too. Each goes with
// its attendee (cascade): erasure and the purge need nothing here.

/** The door's records of `attendeeId` (none for a person without a registration this edition). */
export async function doorRecordsOf(db: DbOrTx, attendeeId: string | undefined) {
  if (!attendeeId) return { check_in: null, second_admissions: [], list_gives: [], second_list_gives: [] };
  const [checkIn, secondAdmissions, listGives, secondListGives] = await Promise.all([
    db
      .select({ at: check_ins.created_at, method: check_ins.method, door: check_ins.door })
      .from(check_ins)
      .where(eq(check_ins.attendee_id, attendeeId)),
    db
      .select({ at: check_in_conflicts.checked_in_at, method: check_in_conflicts.method, door: check_in_conflicts.door })
      .from(check_in_conflicts)
      .where(eq(check_in_conflicts.attendee_id, attendeeId))
      .orderBy(check_in_conflicts.checked_in_at),
    db
      .select({ list: check_in_lists.name, at: list_check_ins.created_at, method: list_check_ins.method, door: list_check_ins.door })
      .from(list_check_ins)
      .innerJoin(check_in_lists, eq(check_in_lists.id, list_check_ins.list_id))
      .where(eq(list_check_ins.attendee_id, attendeeId))
      .orderBy(list_check_ins.created_at),
    db
      .select({
        list: check_in_lists.name,
        at: list_check_in_conflicts.given_at,
        method: list_check_in_conflicts.method,
        door: list_check_in_conflicts.door,
      })
      .from(list_check_in_conflicts)
      .innerJoin(check_in_lists, eq(check_in_lists.id, list_check_in_conflicts.list_id))
      .where(eq(list_check_in_conflicts.attendee_id, attendeeId))
      .orderBy(list_check_in_conflicts.given_at),
  ]);
  return {
    check_in: checkIn[0] ?? null,
    second_admissions: secondAdmissions,
    list_gives: listGives,
    second_list_gives: secondListGives,
  };
}
