import type { DbOrTx } from "~/db/client.server";
import { lagosClock, lagosDate, lagosDateTime } from "~/ui/date-time";
import { type ListGiveConflict, listGiveConflicts } from "./list-conflicts.server";
import { allCheckInLists, countedAgainstQuantity, givenByListAndDoor } from "./lists.server";
import { DELETE_LIST_PARAM, EDIT_LIST_PARAM, RULE_LABELS } from "./schemas";

// Event Operations' "Check-in lists" panel: every list (those put away too) with what it gave,
// what is left of a counted one, and per door, from one aggregate; the people given one thing
// twice by doors that were offline (both doors kept); and the list `?edit-list=` or
// `?delete-list=` names (the edit form and the confirmation without JavaScript).

/** How many second gives the panel lists; the rest are counted per list. */
const CONFLICTS_SHOWN = 10;

const doorLabel = (door: string) => door || "Unnamed door";

/** "ZYS-… given Lunch at Main gate 09:02 and VIP entrance 09:05" (with the dates when the days differ). */
function conflictLine(c: ListGiveConflict): string {
  const time = lagosDate(c.first.at) === lagosDate(c.second.at) ? lagosClock : lagosDateTime;
  return `${c.ticket_id} given ${c.list} at ${doorLabel(c.first.door)} ${time(c.first.at)} and ${doorLabel(c.second.door)} ${time(c.second.at)}`;
}

export async function checkInListsOverview(db: DbOrTx, url: URL, now = new Date()) {
  const [lists, counts, twice] = await Promise.all([
    allCheckInLists(db),
    givenByListAndDoor(db, { now }),
    listGiveConflicts(db, CONFLICTS_SHOWN),
  ]);
  const rows = lists.map((list) => {
    const own = counts.filter((c) => c.list_id === list.id);
    const doors = own.map((c) => ({ door: doorLabel(c.door), count: c.count }));
    const given = doors.reduce((sum, d) => sum + d.count, 0);
    // A once-a-day list's quantity is the day's: what is left is today's.
    const counted = own.reduce((sum, c) => sum + countedAgainstQuantity(list, c), 0);
    return {
      id: list.id,
      name: list.name,
      nameHa: list.translations.ha?.name ?? "",
      rule: list.rule,
      ruleLabel: RULE_LABELS[list.rule],
      requiresEntrance: list.requires_entrance,
      quantity: list.quantity,
      given,
      givenToday: list.rule === "daily" ? counted : null,
      left: list.quantity === null ? null : Math.max(0, list.quantity - counted),
      doors,
      // Given twice by two doors that could not see each other (one give on record, one conflict).
      givenTwice: twice.counts.find((c) => c.list_id === list.id)?.count ?? 0,
      archived: list.archived_at !== null,
    };
  });
  const editId = url.searchParams.get(EDIT_LIST_PARAM);
  const deleteId = url.searchParams.get(DELETE_LIST_PARAM);
  const deleting = rows.find((r) => r.id === deleteId && r.given === 0);
  return {
    lists: rows,
    givenTwice: {
      total: twice.counts.reduce((sum, c) => sum + c.count, 0),
      rows: twice.rows.map((c) => ({ id: c.id, full_name: c.full_name, line: conflictLine(c) })),
    },
    editing: rows.find((r) => r.id === editId) ?? null,
    deleting: deleting ? { id: deleting.id, name: deleting.name } : null,
  };
}

export type CheckInListsOverview = Awaited<ReturnType<typeof checkInListsOverview>>;
export type CheckInListRow = CheckInListsOverview["lists"][number];
