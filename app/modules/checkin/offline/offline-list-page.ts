import { isUuid } from "~/db/uuid";
import { LIST_PARAM } from "../lists/door-href";
import type { DoorSnapshot } from "./door-snapshot";
import { givenNow, offlineGiven, offlineGivenByDoor, offlineListName } from "./offline-lists";
import type { OfflineMatch } from "./offline-search";

// The list part of the door page while the server cannot be reached: the lists to choose from,
// the chosen one's count (this phone's copy: the download's figure and the gives made here) and
// whether each search match had theirs, as door-lists.server.ts gives it online.

export function offlineListPage(snapshot: DoorSnapshot | undefined, url: URL, rows: OfflineMatch[], language: string, now: number) {
  const id = url.searchParams.get(LIST_PARAM) ?? "";
  const listId = isUuid(id) ? id.toLowerCase() : "";
  // A copy from before lists went offline: the server's last page stands, the phone refuses to give.
  if (!snapshot?.lists) return listId ? { matches: rows } : { matches: rows, list: null };
  const lists = [...snapshot.lists.values()].map((l) => ({ id: l.id, name: offlineListName(l, language) }));
  const list = listId ? snapshot.lists.get(listId) : undefined;
  if (!list) return { matches: rows, lists, list: null, listGone: listId !== "" };
  const given = offlineGiven(list, now);
  return {
    lists,
    listGone: false,
    list: {
      id: list.id,
      name: offlineListName(list, language),
      rule: list.rule,
      given,
      left: list.quantity === null ? null : Math.max(0, list.quantity - given),
      doors: offlineGivenByDoor(list, now),
    },
    matches: rows.map((row) => {
      const give = givenNow(list, row.ticket_id, now);
      return { ...row, checked_in_at: give?.at ?? null, door: give?.door ?? null };
    }),
  };
}
