import { and, asc, eq, isNull, or } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { attendees, check_in_lists, list_check_ins } from "~/db/schema";
import { lagosDate } from "~/ui/date-time";
import type { DoorGivingList } from "../offline/door-list-types";
import { activeCheckInLists, countedAgainstQuantity, givenByListAndDoor } from "./lists.server";

// The check-in lists in the door's offline download (door-list.server.ts): each list the door
// may give from, its rule, and who had theirs as of now, so a phone that loses the network goes
// on saying "already given" for what the rule allows once. Three queries whatever the number of
// lists: the lists, the counts (the aggregate Event Operations reads), and every give the device
// needs, joined to its ticket ID. An any-number list names nobody: each of its gives is new.

/** The lists the door may give from (not put away), oldest first, as of `now` (a once-a-day list: its Lagos day). */
export async function doorGivingLists(db: DbOrTx, now: Date): Promise<DoorGivingList[]> {
  const day = lagosDate(now);
  const [lists, counts, gives] = await Promise.all([
    activeCheckInLists(db),
    givenByListAndDoor(db, { now }),
    db
      .select({
        list_id: list_check_ins.list_id,
        ticket_id: attendees.ticket_id,
        at: list_check_ins.created_at,
        door: list_check_ins.door,
      })
      .from(list_check_ins)
      .innerJoin(check_in_lists, eq(check_in_lists.id, list_check_ins.list_id))
      .innerJoin(attendees, eq(attendees.id, list_check_ins.attendee_id))
      .where(
        and(
          isNull(check_in_lists.archived_at),
          or(eq(check_in_lists.rule, "once"), and(eq(check_in_lists.rule, "daily"), eq(list_check_ins.slot, day))),
        ),
      )
      .orderBy(asc(list_check_ins.created_at), asc(list_check_ins.id)),
  ]);
  const byList = new Map<string, DoorGivingList["gives"]>();
  for (const g of gives) {
    const own = byList.get(g.list_id) ?? [];
    own.push([g.ticket_id, g.at.toISOString(), g.door]);
    byList.set(g.list_id, own);
  }
  return lists.map((list) => {
    const own = counts.filter((c) => c.list_id === list.id);
    // As the quantity counts them: a once-a-day list's are the day's (its slot), the others' all.
    const given = own.reduce((sum, c) => sum + countedAgainstQuantity(list, c), 0);
    const ha = list.translations.ha?.name?.trim();
    return {
      id: list.id,
      names: ha ? { en: list.name, ha } : { en: list.name },
      rule: list.rule,
      requiresEntrance: list.requires_entrance,
      quantity: list.quantity,
      day,
      given,
      gives: byList.get(list.id) ?? [],
    };
  });
}
