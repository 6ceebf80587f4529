import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { admin_users, attendees, check_in_lists, check_ins, list_check_ins } from "~/db/schema";
import { isUuid } from "~/db/uuid";
import type { Language } from "~/i18n/languages";
import { type AuditActor, recordAudit } from "~/modules/audit/audit.server";
import { lagosDate } from "~/ui/date-time";
import type { CheckInOrigin, DoorAttendee } from "../checkin.server";
import type { CHECK_IN_METHODS } from "../door-sync-schema";
import { JUST_NOW_MS } from "../just-now";
import { LIST_MESSAGES } from "./list-messages";
import { type CheckInList, countGiven, listName, quantityDay } from "./lists.server";

// Giving from a check-in list at the door: the same ticket (QR code, typed ID, search) as the
// entrance, under the list's rule. One transaction each: a list with a quantity is locked first
// (FOR UPDATE), so two doors giving the last kit at once give it once (PGlite runs one
// transaction at a time; PostgreSQL needs the lock); the unique (list, attendee, slot) decides
// who already had theirs. `origin.at` and the device's id let a later sync of an offline door
// reuse this as it is: the id is the row's, a retried or twice-synced give is found again.

type Method = (typeof CHECK_IN_METHODS)[number];

/** Where and when a give comes from: the door, the device's ids, and (a later sync) when it happened. */
export type GiveOrigin = CheckInOrigin & { at?: Date };

/** A door answer from a list: the entrance's outcome, naming its list (the card's headline). */
export type ListOutcome =
  | { status: "checked-in"; attendee: DoorAttendee; message: string; list: string }
  | { status: "already"; attendee: DoorAttendee; message: string; list: string }
  | { status: "refused"; message: string; list: string };

/**
 * What a rule makes unique per person: '' once, the Lagos day daily, the row itself for "any".
 * A door's synced give takes its slot here too (give-sync.server.ts): one rule, online or not.
 */
export function slotFor(list: Pick<CheckInList, "rule">, id: string, at: Date): string {
  return list.rule === "once" ? "" : list.rule === "daily" ? lagosDate(at) : id;
}

/**
 * Gives one from `list` to `attendee`. Refused when the list is put away, needs the entrance and
 * the person was not let in, or has none left; "already" (when, where, by whom) when the rule
 * allows no more; green again, not amber, for the same door seeing the same ticket within a
 * minute (the QR code still in view).
 */
export async function giveFromList(
  db: DbOrTx,
  actor: AuditActor,
  listId: string,
  attendee: DoorAttendee,
  method: Method,
  language: Language,
  origin: GiveOrigin = {},
): Promise<ListOutcome> {
  const door = origin.door ?? "";
  const device = origin.device && isUuid(origin.device) ? origin.device.toLowerCase() : null;
  const clientId = origin.clientId && isUuid(origin.clientId) ? origin.clientId.toLowerCase() : null;
  const at = origin.at ?? new Date();
  return db.transaction(async (tx) => {
    // Only a counted list waits for the others: every give to it must see the last one's row.
    const [unlocked] = await tx.select().from(check_in_lists).where(eq(check_in_lists.id, listId)).limit(1);
    const [list] =
      unlocked?.quantity != null ? await tx.select().from(check_in_lists).where(eq(check_in_lists.id, listId)).for("update") : [unlocked];
    if (!list) return { status: "refused", message: LIST_MESSAGES.missing, list: "" };
    const name = listName(list, language);
    if (list.archived_at) return { status: "refused", message: LIST_MESSAGES.closed(name), list: name };
    // The device's id already recorded: the request was retried after its answer was lost.
    if (clientId) {
      const [sent] = await tx.select({ attendee: list_check_ins.attendee_id }).from(list_check_ins).where(eq(list_check_ins.id, clientId));
      if (sent?.attendee === attendee.id) return { status: "checked-in", attendee, message: LIST_MESSAGES.givenJustNow(name), list: name };
    }
    const id = clientId ?? randomUUID();
    const slot = slotFor(list, id, at);
    const previous = await lastGive(tx, list.id, attendee.id, list.rule === "any" ? undefined : slot);
    if (previous) {
      const sameDoor = previous.byId === actor.id && (device && previous.device ? previous.device === device : previous.door === door);
      if (sameDoor && at.getTime() - previous.at.getTime() < JUST_NOW_MS && (list.rule !== "any" || method === "scan")) {
        return { status: "checked-in", attendee, message: LIST_MESSAGES.givenJustNow(name), list: name };
      }
      if (list.rule !== "any") {
        return { status: "already", attendee, message: LIST_MESSAGES.already(name, previous.at, previous.door, previous.by), list: name };
      }
    }
    if (list.requires_entrance) {
      const [entered] = await tx.select({ id: check_ins.id }).from(check_ins).where(eq(check_ins.attendee_id, attendee.id)).limit(1);
      if (!entered) return { status: "refused", message: LIST_MESSAGES.needsEntrance(name), list: name };
    }
    let left: number | null = null;
    if (list.quantity !== null) {
      // A once-a-day list's quantity is the day's: the day of this give (a synced give's own).
      left = list.quantity - (await countGiven(tx, list.id, quantityDay(list, at)));
      if (left <= 0) return { status: "refused", message: LIST_MESSAGES.noneLeft(name), list: name };
    }
    const [inserted] = await tx
      .insert(list_check_ins)
      .values({ id, list_id: list.id, attendee_id: attendee.id, slot, checked_in_by: actor.id, method, door, device, created_at: at })
      .onConflictDoNothing()
      .returning({ id: list_check_ins.id });
    if (!inserted) {
      // Another door gave it between our look and our insert: its answer is this one's.
      const other = await lastGive(tx, list.id, attendee.id, slot);
      return other
        ? { status: "already", attendee, message: LIST_MESSAGES.already(name, other.at, other.door, other.by), list: name }
        : { status: "checked-in", attendee, message: LIST_MESSAGES.givenJustNow(name), list: name };
    }
    await recordAudit(tx, actor, {
      action: "check-in-list.give",
      entity: "attendee",
      entityId: attendee.id,
      details: { list: list.name, method, ...(door ? { door } : {}) },
    });
    const message = left === null ? LIST_MESSAGES.given(name) : LIST_MESSAGES.givenLeft(name, left - 1);
    return { status: "checked-in", attendee, message, list: name };
  });
}

/** The latest give of this list to this person (in `slot` when given), with who gave it. */
async function lastGive(tx: DbOrTx, listId: string, attendeeId: string, slot?: string) {
  const [row] = await tx
    .select({
      at: list_check_ins.created_at,
      door: list_check_ins.door,
      device: list_check_ins.device,
      byId: list_check_ins.checked_in_by,
      by: admin_users.name,
    })
    .from(list_check_ins)
    .leftJoin(admin_users, eq(admin_users.id, list_check_ins.checked_in_by))
    .where(
      and(
        eq(list_check_ins.list_id, listId),
        eq(list_check_ins.attendee_id, attendeeId),
        slot === undefined ? undefined : eq(list_check_ins.slot, slot),
      ),
    )
    .orderBy(desc(list_check_ins.created_at))
    .limit(1);
  return row;
}

/**
 * Takes back the latest give of a list to a person (handed to the wrong one): audited, and that
 * person can be given one again. Null when there was none.
 */
export async function undoGive(
  db: DbOrTx,
  actor: AuditActor,
  list: Pick<CheckInList, "id" | "name">,
  attendeeId: string,
): Promise<{ full_name: string } | null> {
  if (!isUuid(attendeeId)) return null;
  return db.transaction(async (tx) => {
    const [latest] = await tx
      .select({ id: list_check_ins.id })
      .from(list_check_ins)
      .where(and(eq(list_check_ins.list_id, list.id), eq(list_check_ins.attendee_id, attendeeId)))
      .orderBy(desc(list_check_ins.created_at))
      .limit(1);
    if (!latest) return null;
    const [removed] = await tx.delete(list_check_ins).where(eq(list_check_ins.id, latest.id)).returning({ at: list_check_ins.created_at });
    if (!removed) return null;
    const [person] = await tx.select({ full_name: attendees.full_name }).from(attendees).where(eq(attendees.id, attendeeId));
    await recordAudit(tx, actor, {
      action: "check-in-list.undo",
      entity: "attendee",
      entityId: attendeeId,
      details: { list: list.name, givenAt: removed.at.toISOString() },
    });
    return { full_name: person?.full_name ?? "" };
  });
}
