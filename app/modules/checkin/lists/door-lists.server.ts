import { and, desc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { admin_users, attendees, list_check_ins } from "~/db/schema";
import { isUuid } from "~/db/uuid";
import type { Language } from "~/i18n/languages";
import type { AuditActor } from "~/modules/audit/audit.server";
import { lagosDate } from "~/ui/date-time";
import type { CheckInOutcome } from "../checkin.server";
import { findDoorAttendee, findScannedTicket, findTypedTicket } from "../checkin.server";
import { LIST_PARAM } from "./door-href";
import { type GiveOrigin, giveFromList, type ListOutcome, undoGive } from "./give.server";
import { LIST_MESSAGES } from "./list-messages";
import { activeCheckInLists, countedAgainstQuantity, findCheckInList, givenByListAndDoor, listName } from "./lists.server";

// The door with a list chosen (`?list=<id>`, kept in the URL and so by every form on the page):
// the lists it may choose from, the chosen one's count, whether each search match already had
// theirs, and the same scan, typed ID and search Check in giving from the list instead.

/** The list a door's URL names ("" for the entrance, also for an id that is no list's). */
export function chosenListId(url: URL): string {
  const id = url.searchParams.get(LIST_PARAM) ?? "";
  return isUuid(id) ? id.toLowerCase() : "";
}

type DoorForm = { intent: "scan"; code: string } | { intent: "ticket"; ticket_id: string } | { intent: "attendee"; id: string };

/** A scan, a typed ticket ID or a search's button, given from the list: the entrance's lookups, then the list's rule. */
export async function giveAtDoor(
  db: DbOrTx,
  actor: AuditActor,
  listId: string,
  form: DoorForm,
  context: { secret: string; language: Language; origin: GiveOrigin },
): Promise<ListOutcome | CheckInOutcome> {
  const { language } = context;
  const found =
    form.intent === "scan"
      ? await findScannedTicket(db, form.code, context.secret, language)
      : form.intent === "ticket"
        ? await findTypedTicket(db, form.ticket_id, language, { suggest: true })
        : await findDoorAttendee(db, form.id);
  if (!found.attendee) return found.refusal;
  const method = form.intent === "scan" ? "scan" : form.intent === "ticket" ? "ticket-id" : "search";
  return giveFromList(db, actor, listId, found.attendee, method, language, context.origin);
}

/** Undo at a door with a list chosen: the person's latest give from it; the toast's text either way. */
export async function undoAtDoor(
  db: DbOrTx,
  actor: AuditActor,
  listId: string,
  attendeeId: string,
  language: Language,
): Promise<{ ok: boolean; message: string }> {
  const list = await findCheckInList(db, listId);
  if (!list) return { ok: false, message: LIST_MESSAGES.missing };
  const name = listName(list, language);
  const undone = await undoGive(db, actor, list, attendeeId);
  return undone
    ? { ok: true, message: LIST_MESSAGES.undone(name, undone.full_name) }
    : { ok: false, message: LIST_MESSAGES.notGiven(name) };
}

type Match = { id: string; checked_in_at: Date | string | null; checked_in_by: string | null; door?: string | null };

/**
 * The door page's list part: the lists to choose from (in the volunteer's language), the chosen
 * one with its count (given, and left when counted; today's for a once-a-day list) and per door,
 * the search matches as the list sees them
 * (given in its current slot or not: a daily list looks at today), and Undo's person (`?undo=`).
 */
export async function doorListPage<M extends Match>(
  db: DbOrTx,
  url: URL,
  language: Language,
  page: { matches: M[]; undoId: string | null },
  now = new Date(),
) {
  const lists = await activeCheckInLists(db);
  const choices = lists.map((l) => ({ id: l.id, name: listName(l, language) }));
  const id = chosenListId(url);
  const chosen = lists.find((l) => l.id === id);
  // A list put away (or deleted) while this door had it: said so, and the door is at the entrance.
  const listGone = url.searchParams.has(LIST_PARAM) && !chosen;
  if (!chosen) return { lists: choices, list: null, listGone, matches: page.matches, undo: undefined };
  // A once-a-day list counts today (its quantity is the day's), per door as the entrance's counts are.
  const doors = (await givenByListAndDoor(db, { listId: chosen.id, now }))
    .map((c) => ({ door: c.door, count: countedAgainstQuantity(chosen, c) }))
    .filter((d) => d.count > 0);
  const given = doors.reduce((sum, d) => sum + d.count, 0);
  const list = {
    id: chosen.id,
    name: listName(chosen, language),
    rule: chosen.rule,
    given,
    left: chosen.quantity === null ? null : Math.max(0, chosen.quantity - given),
    doors,
  };
  const ids = page.matches.map((m) => m.id);
  const gives =
    ids.length > 0 && chosen.rule !== "any" ? await givesIn(db, chosen.id, ids, chosen.rule === "daily" ? lagosDate(now) : "") : new Map();
  const matches = page.matches.map((m) => {
    const give = gives.get(m.id);
    return { ...m, checked_in_at: give?.at ?? null, checked_in_by: give?.by ?? null, door: give?.door ?? null };
  });
  const undo = page.undoId ? await undoTarget(db, chosen.id, page.undoId) : null;
  return { lists: choices, list, listGone, matches, undo };
}

/** Who of these people had theirs from the list in this slot, with when, where and by whom. */
async function givesIn(db: DbOrTx, listId: string, attendeeIds: string[], slot: string) {
  const rows = await db
    .select({ attendee: list_check_ins.attendee_id, at: list_check_ins.created_at, door: list_check_ins.door, by: admin_users.name })
    .from(list_check_ins)
    .leftJoin(admin_users, eq(admin_users.id, list_check_ins.checked_in_by))
    .where(and(eq(list_check_ins.list_id, listId), eq(list_check_ins.slot, slot), inArray(list_check_ins.attendee_id, attendeeIds)));
  return new Map(rows.map((r) => [r.attendee, r]));
}

/** The person `?undo=` names, when the list gave them something (the confirmation without JavaScript). */
async function undoTarget(db: DbOrTx, listId: string, attendeeId: string) {
  if (!isUuid(attendeeId)) return null;
  const [row] = await db
    .select({ id: attendees.id, full_name: attendees.full_name })
    .from(list_check_ins)
    .innerJoin(attendees, eq(attendees.id, list_check_ins.attendee_id))
    .where(and(eq(list_check_ins.list_id, listId), eq(list_check_ins.attendee_id, attendeeId)))
    .orderBy(desc(list_check_ins.created_at))
    .limit(1);
  return row ?? null;
}
