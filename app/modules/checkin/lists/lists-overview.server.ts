import type { DbOrTx } from "~/db/client.server";
import { allCheckInLists, givenByListAndDoor } from "./lists.server";
import { DELETE_LIST_PARAM, EDIT_LIST_PARAM, RULE_LABELS } from "./schemas";

// Event Operations' "Check-in lists" panel: every list (those put away too) with what it gave,
// what is left of a counted one, and per door, from one aggregate; and the list `?edit-list=`
// or `?delete-list=` names (the edit form and the confirmation without JavaScript).

export async function checkInListsOverview(db: DbOrTx, url: URL, now = new Date()) {
  const [lists, counts] = await Promise.all([allCheckInLists(db), givenByListAndDoor(db, { now })]);
  const rows = lists.map((list) => {
    const own = counts.filter((c) => c.list_id === list.id);
    const doors = own.map((c) => ({ door: c.door || "Unnamed door", count: c.count }));
    const given = doors.reduce((sum, d) => sum + d.count, 0);
    // A once-a-day list's quantity is the day's: what is left is today's.
    const givenToday = list.rule === "daily" ? own.reduce((sum, c) => sum + c.today, 0) : null;
    return {
      id: list.id,
      name: list.name,
      nameHa: list.translations.ha?.name ?? "",
      rule: list.rule,
      ruleLabel: RULE_LABELS[list.rule],
      requiresEntrance: list.requires_entrance,
      quantity: list.quantity,
      given,
      givenToday,
      left: list.quantity === null ? null : Math.max(0, list.quantity - (givenToday ?? given)),
      doors,
      archived: list.archived_at !== null,
    };
  });
  const editId = url.searchParams.get(EDIT_LIST_PARAM);
  const deleteId = url.searchParams.get(DELETE_LIST_PARAM);
  const deleting = rows.find((r) => r.id === deleteId && r.given === 0);
  return {
    lists: rows,
    editing: rows.find((r) => r.id === editId) ?? null,
    deleting: deleting ? { id: deleting.id, name: deleting.name } : null,
  };
}

export type CheckInListsOverview = Awaited<ReturnType<typeof checkInListsOverview>>;
export type CheckInListRow = CheckInListsOverview["lists"][number];
