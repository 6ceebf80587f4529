import { and, eq, inArray } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { check_in_lists, list_check_in_conflicts, list_check_ins } from "~/db/schema";
import { isUuid } from "~/db/uuid";
import { type AuditActor, recordAudit } from "~/modules/audit/audit.server";
import type { DoorAttendee } from "../checkin.server";
import type { CHECK_IN_METHODS } from "../door-sync-schema";
import type { DoorSyncResult } from "../offline/door-list-types";
import { slotFor } from "./give.server";
import { LIST_MESSAGES } from "./list-messages";

// Gives a door made from a check-in list while offline, arriving with its sync
// (door-sync.server.ts, after the same ticket lookup and clamped time as its check-ins). The
// thing was handed over at the door, so the give is recorded whatever the server would have
// said: past the list's quantity, to someone not let in at the entrance, from a list put away
// meanwhile. Only a list that no longer exists has nowhere to record it. As with check-ins,
// the device's id makes a give sent twice (or twice at once) count once, the unique (list,
// attendee, slot) decides who had theirs first, and a second give in one slot by another door
// is kept as a conflict (list_check_in_conflicts) for organisers, never in place of the give on
// record, whatever time it claims (issue 40). One door scanning twice is a double scan, nothing.

type Method = (typeof CHECK_IN_METHODS)[number];

/** A give as its door recorded it: the device's id for it, where, how, and when (clamped by the sync). */
export type GiveArrival = { id: string; door: string; device: string | null; method: Method; at: Date };

/** Which of these ids (lower-case) are gives already recorded, on record or as a second give. */
export async function recordedGiveIds(db: DbOrTx, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const [given, conflicts] = await Promise.all([
    db.select({ id: list_check_ins.id }).from(list_check_ins).where(inArray(list_check_ins.id, ids)),
    db.select({ id: list_check_in_conflicts.id }).from(list_check_in_conflicts).where(inArray(list_check_in_conflicts.id, ids)),
  ]);
  return new Set([...given, ...conflicts].map((r) => r.id));
}

/** Records a door's offline give from `listId` to `attendee`: applied, duplicate, conflict, or refused (no such list). */
export async function mergeListGive(
  db: Db,
  actor: AuditActor,
  listId: string,
  attendee: DoorAttendee,
  arrival: GiveArrival,
  now: Date,
): Promise<Pick<DoorSyncResult, "status" | "message">> {
  if (!isUuid(listId)) return { status: "refused", message: LIST_MESSAGES.missing };
  return db.transaction(async (tx): Promise<Pick<DoorSyncResult, "status" | "message">> => {
    // Held until the commit: an organiser deleting the list waits, then counts this give and
    // keeps the list ("has-given"); or deleted it first, and this finds nothing.
    const [list] = await tx.select().from(check_in_lists).where(eq(check_in_lists.id, listId)).for("key share");
    if (!list) return { status: "refused", message: LIST_MESSAGES.missing };
    const slot = slotFor(list, arrival.id, arrival.at);
    const row = {
      list_id: list.id,
      attendee_id: attendee.id,
      slot,
      door: arrival.door,
      device: arrival.device,
      method: arrival.method,
      checked_in_by: actor.id,
    };
    // No target: the slot's key (had theirs already) and the id's (sent before) both stop it.
    const [inserted] = await tx
      .insert(list_check_ins)
      .values({ ...row, id: arrival.id, created_at: arrival.at })
      .onConflictDoNothing()
      .returning({ id: list_check_ins.id });
    const details = { list: list.name, method: arrival.method, ...(arrival.door ? { door: arrival.door } : {}), offline: true };
    if (inserted) {
      await recordAudit(tx, actor, { action: "check-in-list.give", entity: "attendee", entityId: attendee.id, details });
      return { status: "applied" };
    }
    // Every writer of this give waits here (PGlite runs one transaction at a time; PostgreSQL needs the lock).
    const [winner] = await tx
      .select()
      .from(list_check_ins)
      .where(and(eq(list_check_ins.list_id, list.id), eq(list_check_ins.attendee_id, attendee.id), eq(list_check_ins.slot, slot)))
      .for("update");
    // No give in the slot: the id was what stopped the insert, another give's (a device reusing an id).
    if (!winner || winner.id === arrival.id) return { status: "duplicate" };
    const others = await tx
      .select({ id: list_check_in_conflicts.id, door: list_check_in_conflicts.door, device: list_check_in_conflicts.device })
      .from(list_check_in_conflicts)
      .where(
        and(
          eq(list_check_in_conflicts.list_id, list.id),
          eq(list_check_in_conflicts.attendee_id, attendee.id),
          eq(list_check_in_conflicts.slot, slot),
        ),
      );
    if (others.some((c) => c.id === arrival.id)) return { status: "duplicate" };
    // Scanned twice at one door (its name on its device): one thing handed over, not two.
    const sameDoor = (other: { door: string; device: string | null }) => other.door === arrival.door && other.device === arrival.device;
    if (sameDoor(winner) || others.some(sameDoor)) return { status: "duplicate" };
    const [kept] = await tx
      .insert(list_check_in_conflicts)
      .values({ ...row, id: arrival.id, given_at: arrival.at, received_at: now })
      .onConflictDoNothing()
      .returning({ id: list_check_in_conflicts.id });
    // The id is another person's second give: a device that reused an id, told it is known.
    if (!kept) return { status: "duplicate" };
    await recordAudit(tx, actor, {
      action: "check-in-list.conflict",
      entity: "attendee",
      entityId: attendee.id,
      details: {
        ...details,
        otherDoor: winner.door,
        first: arrival.at < winner.created_at ? arrival.door : winner.door,
        // Two phones under one door name: told apart by their devices.
        ...(winner.door === arrival.door ? { sameName: true } : {}),
      },
    });
    return { status: "conflict" };
  });
}
