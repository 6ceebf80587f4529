import { count, desc, eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { attendees, check_in_conflicts, check_ins } from "~/db/schema";
import { DEFAULT_LANGUAGE, type Language } from "~/i18n/languages";
import { type AuditActor, recordAudit } from "~/modules/audit/audit.server";
import { type DoorAttendee, findScannedTicket, findTypedTicket, recordedClientIds } from "./checkin.server";
import { lastListFetch } from "./door-devices.server";
import type { DoorCheckIn } from "./door-sync-schema";
import { mergeListGive, recordedGiveIds } from "./lists/give-sync.server";
import type { DoorSyncResult } from "./offline/door-list-types";

// Check-ins a door recorded on its own (offline, from its downloaded list) arrive here in
// batches, each with the device's id. Merging is idempotent: an id already recorded changes
// nothing, however often or however concurrently it is sent (the unique keys decide, not a read).
// A ticket admitted at two doors that could not see each other is kept twice: the admission the
// server recorded first stays THE check-in (check_ins), the other becomes a conflict
// (check_in_conflicts) for organisers to look into, whatever time it claims: a sync that could
// replace a recorded admission by claiming an earlier time let one door account take over
// another door's admission, its time and its person (issue 40). A second scan at the same door
// (the same name on the same device) is just a double scan: nothing new. A give from a check-in
// list (an item with `list`) is merged alike, into its own tables (lists/give-sync.server.ts).

/** A device's clock may be wrong, and a queue may be old: times are kept within this window. */
const OLDEST_ACCEPTED_MS = 7 * 24 * 3_600_000;

/**
 * The device's time of a check-in (a give, a walk-in): never in the future, never more than a week back, and never
 * before the device last downloaded the list (`floor`): what it admitted before that download it
 * had the chance to send, and a time claimed earlier is a door rewriting its past.
 */
export function clampTime(at: string, now: Date, floor: Date): Date {
  const time = new Date(at).getTime();
  const oldest = Math.max(now.getTime() - OLDEST_ACCEPTED_MS, Math.min(floor.getTime(), now.getTime()));
  return new Date(Number.isNaN(time) ? now.getTime() : Math.min(now.getTime(), Math.max(oldest, time)));
}

/** The door a sync comes from: the name its staff gave it, and the device's own id (null from an older page). */
export type DoorOrigin = { door: string; device: string | null };

/** Merges a door's check-ins and list gives, in order; one answer per item, in the same order. */
export async function applyDoorCheckIns(
  db: Db,
  actor: AuditActor,
  origin: DoorOrigin,
  items: DoorCheckIn[],
  secret: string,
  now = new Date(),
  language: Language = DEFAULT_LANGUAGE,
): Promise<DoorSyncResult[]> {
  // A device the server never saw download the list (or none named) can claim no earlier time than now.
  const floor = (origin.device && actor.id ? await lastListFetch(db, actor.id, origin.device) : null) ?? now;
  // A device re-sends its whole queue until it hears back: most of a retry is known ids, found in
  // one query per kind. A check-in's id is looked for among check-ins, a give's among gives: each
  // kind's ids are its own, so neither is taken for the other.
  const ids = (gives: boolean) => items.filter((item) => (item.list !== undefined) === gives).map((item) => item.id.toLowerCase());
  const [recorded, recordedGives] = await Promise.all([recordedClientIds(db, ids(false)), recordedGiveIds(db, ids(true))]);
  const results: DoorSyncResult[] = [];
  for (const item of items) {
    const id = item.id.toLowerCase();
    const known = item.list === undefined ? recorded : recordedGives;
    if (known.has(id)) {
      results.push({ id: item.id, status: "duplicate" });
      continue;
    }
    const found =
      item.method === "scan"
        ? await findScannedTicket(db, item.ticket, secret, language)
        : await findTypedTicket(db, item.ticket, language, { suggest: false });
    if (!found.attendee) {
      results.push({ id: item.id, status: "refused", message: found.refusal.message });
      continue;
    }
    const arrival = { ...origin, id, method: item.method, at: clampTime(item.at, now, floor) };
    const merged =
      item.list === undefined
        ? { status: await mergeCheckIn(db, actor, found.attendee, arrival, now) }
        : await mergeListGive(db, actor, item.list, found.attendee, arrival, now);
    results.push({ id: item.id, ...merged });
    if (merged.status !== "refused") known.add(id);
  }
  return results;
}

type Arrival = DoorOrigin & { id: string; method: DoorCheckIn["method"]; at: Date };

async function mergeCheckIn(db: Db, actor: AuditActor, attendee: DoorAttendee, arrival: Arrival, now: Date) {
  return db.transaction(async (tx): Promise<DoorSyncResult["status"]> => {
    const row = {
      attendee_id: attendee.id,
      door: arrival.door,
      device: arrival.device,
      method: arrival.method,
      checked_in_by: actor.id,
    };
    // No target: the attendee's key (checked in already) and the device id's key (sent before) both stop it.
    const [inserted] = await tx
      .insert(check_ins)
      .values({ ...row, client_id: arrival.id, created_at: arrival.at })
      .onConflictDoNothing()
      .returning({ id: check_ins.id });
    const details = { method: arrival.method, door: arrival.door, offline: true };
    if (inserted) {
      await recordAudit(tx, actor, { action: "checkin.create", entity: "attendee", entityId: attendee.id, details });
      return "applied";
    }
    // Every writer of this attendee's admissions waits here, so what follows sees them all.
    const [winner] = await tx.select().from(check_ins).where(eq(check_ins.attendee_id, attendee.id)).for("update");
    if (!winner || winner.client_id === arrival.id) return "duplicate";
    const others = await tx
      .select({ door: check_in_conflicts.door, device: check_in_conflicts.device, id: check_in_conflicts.id })
      .from(check_in_conflicts)
      .where(eq(check_in_conflicts.attendee_id, attendee.id));
    if (others.some((c) => c.id === arrival.id)) return "duplicate";
    // Scanned twice at one door (its name on its device): one admission, not two doors letting the same ticket in.
    const sameDoor = (other: { door: string; device: string | null }) => other.door === arrival.door && other.device === arrival.device;
    if (sameDoor(winner) || others.some(sameDoor)) return "duplicate";
    // The admission on record stays; the arrival is the second, even when it claims the earlier time.
    const [kept] = await tx
      .insert(check_in_conflicts)
      .values({ ...row, id: arrival.id, checked_in_at: arrival.at, received_at: now })
      .onConflictDoNothing()
      .returning({ id: check_in_conflicts.id });
    // The id is another attendee's second admission: a device that reused an id, told it is known.
    if (!kept) return "duplicate";
    await recordAudit(tx, actor, {
      action: "checkin.conflict",
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
    return "conflict";
  });
}

/** Check-ins per door, most first; the unnamed door ('') last. */
export async function doorCounts(db: DbOrTx): Promise<{ door: string; count: number }[]> {
  const n = count();
  return db
    .select({ door: check_ins.door, count: n })
    .from(check_ins)
    .groupBy(check_ins.door)
    .orderBy(sql`${check_ins.door} = ''`, desc(n), check_ins.door);
}

/** How many second admissions are recorded (those whose ticket is still checked in, as listed). */
export async function countDoorConflicts(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(check_in_conflicts)
    .innerJoin(check_ins, eq(check_ins.attendee_id, check_in_conflicts.attendee_id));
  return row?.n ?? 0;
}

export type DoorConflict = {
  ticket_id: string;
  full_name: string;
  /** The earlier admission, then the later one. */
  first: { door: string; at: Date };
  second: { door: string; at: Date };
  /** Both doors have one name but are two devices: a name given twice, or a phone pretending. */
  sameName: boolean;
};

/** The tickets admitted at two doors: one row per second admission, with THE check-in; latest first. */
export async function listDoorConflicts(db: DbOrTx, limit = 50): Promise<{ rows: DoorConflict[]; total: number }> {
  const rows = await db
    .select({
      ticket_id: attendees.ticket_id,
      full_name: attendees.full_name,
      winnerDoor: check_ins.door,
      winnerAt: check_ins.created_at,
      winnerDevice: check_ins.device,
      door: check_in_conflicts.door,
      device: check_in_conflicts.device,
      at: check_in_conflicts.checked_in_at,
      // The count before the limit, in the same statement.
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(check_in_conflicts)
    .innerJoin(check_ins, eq(check_ins.attendee_id, check_in_conflicts.attendee_id))
    .innerJoin(attendees, eq(attendees.id, check_in_conflicts.attendee_id))
    .orderBy(desc(check_in_conflicts.checked_in_at), desc(check_in_conflicts.id))
    .limit(limit);
  return {
    total: rows[0]?.total ?? 0,
    rows: rows.map((r) => {
      // Undo and a later check-in can leave THE check-in after its conflict: still told in order.
      const pair = [
        { door: r.winnerDoor, at: r.winnerAt },
        { door: r.door, at: r.at },
      ].sort((a, b) => a.at.getTime() - b.at.getTime()) as [DoorConflict["first"], DoorConflict["second"]];
      const sameName = r.winnerDoor === r.door && r.winnerDevice !== r.device;
      return { ticket_id: r.ticket_id, full_name: r.full_name, first: pair[0], second: pair[1], sameName };
    }),
  };
}
