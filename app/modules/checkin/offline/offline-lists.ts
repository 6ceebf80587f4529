import { languageOr } from "~/i18n/languages";
import { messageKey } from "~/i18n/message-key";
import { lagosDate } from "~/ui/date-time";
import { JUST_NOW_MS } from "../just-now";
import { LIST_MESSAGES } from "../lists/list-messages";
import type { DoorGivingList, QueuedCheckIn } from "./door-list-types";

// Giving from a check-in list (lunch, the kit) on the door's phone while the server cannot be
// reached: the server's rules (give.server.ts) on the copy downloaded with the door's list and the
// gives made here since. What the phone cannot know is what other doors gave since the download:
//   - a person given theirs at another door meanwhile gets a second one here; the sync records
//     it as "given twice" with both doors, as the entrance's second admissions are;
//   - a counted list's "left" is the download's figure minus this phone's gives: never more than
//     really left, so the phone refuses at zero when the server would have too (or earlier).

type OfflineGive = { at: string; door: string /** this phone gave it (ms): a second look then is "just now" */; mineAt?: number };

export type OfflineGivingList = Omit<DoorGivingList, "gives"> & {
  /** Who had theirs, by slot key (slotKey): the downloaded gives and this phone's. */
  gives: Map<string, OfflineGive>;
  /** This phone's gives since the download, by Lagos day: counted against the quantity. */
  localByDay: Map<string, number>;
};

export function offlineLists(lists: readonly DoorGivingList[]): Map<string, OfflineGivingList> {
  const made = new Map<string, OfflineGivingList>();
  for (const list of lists) {
    const gives = new Map<string, OfflineGive>();
    for (const [ticketId, at, door] of list.gives) gives.set(slotKey(list, ticketId, at), { at, door });
    made.set(list.id, { ...list, gives, localByDay: new Map() });
  }
  return made;
}

/** What the list's rule makes one per person: the ticket (once), the ticket on a day (daily); every give is new for "any". */
function slotKey(list: Pick<DoorGivingList, "rule">, ticketId: string, at: string | number): string {
  return list.rule === "daily" ? `${lagosDate(new Date(at))} ${ticketId}` : ticketId;
}

/** The list's name in the volunteer's language. */
export function offlineListName(list: Pick<DoorGivingList, "names">, language: string): string {
  return list.names[languageOr(language)] || list.names.en;
}

/** How many the list gave, as its quantity counts them at `now`: today's for a once-a-day list. */
export function offlineGiven(list: OfflineGivingList, now: number): number {
  if (list.rule !== "daily") return list.given + sum(list.localByDay.values());
  const today = lagosDate(new Date(now));
  return (list.day === today ? list.given : 0) + (list.localByDay.get(today) ?? 0);
}

function sum(values: Iterable<number>): number {
  let total = 0;
  for (const value of values) total += value;
  return total;
}

/** A give made on this phone (or told by the server): counted once, and remembered for the next look. */
export function markGiven(list: OfflineGivingList, ticketId: string, at: string, door: string) {
  const key = slotKey(list, ticketId, at);
  if (list.rule !== "any" && list.gives.has(key)) return;
  list.gives.set(key, { at, door, mineAt: Date.parse(at) });
  const day = lagosDate(new Date(at));
  list.localByDay.set(day, (list.localByDay.get(day) ?? 0) + 1);
}

/** The give of this list to this ticket that counts at `now` (today's for a once-a-day list). */
export function givenNow(list: OfflineGivingList, ticketId: string, now: number): OfflineGive | undefined {
  return list.rule === "any" ? undefined : list.gives.get(slotKey(list, ticketId, now));
}

type Person = { ticketId: string; name: string; checkedInAt: string | null };
type Attendee = { id: string; full_name: string; organization: string; position: string; state: string; ticket_id: string };
export type OfflineGiveDecision = {
  outcome:
    | { status: "checked-in" | "already"; attendee: Attendee; message: string; list: string }
    | { status: "refused"; message: string; list: string };
  record?: { ticketId: string; ticket: string; method: QueuedCheckIn["method"] };
};

/**
 * One give from `list` to a person on the door's list, offline: "just now" again for the same
 * phone within a minute (the QR code still in view), "already" with the time and door when the
 * rule allows no more, refused when the list needs the entrance and this phone does not know them
 * let in, or when none are left; else given, and the record to queue.
 */
export function decideGive(
  list: OfflineGivingList,
  person: Person,
  attendee: Attendee,
  give: { ticket: string; method: QueuedCheckIn["method"]; now: number; language: string },
): OfflineGiveDecision {
  const name = offlineListName(list, give.language);
  const previous = list.rule === "any" ? list.gives.get(person.ticketId) : givenNow(list, person.ticketId, give.now);
  if (previous) {
    const mine = previous.mineAt !== undefined && give.now - previous.mineAt < JUST_NOW_MS;
    if (mine && (list.rule !== "any" || give.method === "scan")) {
      return { outcome: { status: "checked-in", attendee, message: LIST_MESSAGES.givenJustNow(name), list: name } };
    }
    if (list.rule !== "any") {
      const message = LIST_MESSAGES.already(name, new Date(previous.at), previous.door, null);
      return { outcome: { status: "already", attendee, message, list: name } };
    }
  }
  if (list.requiresEntrance && !person.checkedInAt) {
    return { outcome: { status: "refused", message: messageKey("door:lists.needsEntranceOffline", { list: name }), list: name } };
  }
  const left = list.quantity === null ? null : list.quantity - offlineGiven(list, give.now);
  if (left !== null && left <= 0) return { outcome: { status: "refused", message: LIST_MESSAGES.noneLeft(name), list: name } };
  const message = left === null ? LIST_MESSAGES.given(name) : LIST_MESSAGES.givenLeft(name, left - 1);
  return {
    outcome: { status: "checked-in", attendee, message, list: name },
    record: { ticketId: person.ticketId, ticket: give.ticket, method: give.method },
  };
}

/** Per door, what the list gave that counts now (once: all; daily: today's); none known for an any-number list. */
export function offlineGivenByDoor(list: OfflineGivingList, now: number): { door: string; count: number }[] {
  if (list.rule === "any") return [];
  const today = lagosDate(new Date(now));
  const counts = new Map<string, number>();
  for (const [key, give] of list.gives) {
    if (list.rule === "daily" && !key.startsWith(`${today} `)) continue;
    counts.set(give.door, (counts.get(give.door) ?? 0) + 1);
  }
  return [...counts]
    .map(([door, count]) => ({ door, count }))
    .sort((a, b) => Number(a.door === "") - Number(b.door === "") || b.count - a.count || a.door.localeCompare(b.door));
}
