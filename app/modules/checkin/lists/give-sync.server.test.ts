import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { createAttendee } from "~/db/factories";
import { audit_log, check_in_lists, check_ins, list_check_in_conflicts, list_check_ins } from "~/db/schema";
import { createAdmin } from "~/modules/auth/accounts.server";
import { signDoorCode } from "~/modules/tickets/ticket-token.server";
import { lagosDate } from "~/ui/date-time";
import { CHECKIN_MESSAGES } from "../checkin.server";
import { recordListFetch } from "../door-devices.server";
import { applyDoorCheckIns } from "../door-sync.server";
import type { DoorCheckIn } from "../door-sync-schema";
import { giveFromList } from "./give.server";
import { createCheckInList, deleteCheckInList, setCheckInListArchived } from "./lists.server";
import type { CheckInListInput } from "./schemas";

// Gives a door made from a check-in list while offline, merged by the sync: recorded whatever
// the server would have said (the thing was handed over), once per id, a second give in one
// slot by another door kept as a conflict, a double scan at one door nothing.

const SECRET = "give-sync-test-secret-0123456789";
const MINUTE = 60_000;

describe.each(DATABASE_KINDS)("offline gives synced on %s", (kind) => {
  let database: DbConnection;
  let staff: { id: string; email: string; name: string };
  const now = new Date("2026-11-22T11:30:00Z");
  const at = (minutesBefore: number) => new Date(now.getTime() - minutesBefore * MINUTE).toISOString();
  const give = (listId: string, ticketId: string, minutesBefore = 10): DoorCheckIn => ({
    id: randomUUID(),
    ticket: signDoorCode(ticketId, SECRET),
    method: "scan",
    at: at(minutesBefore),
    list: listId,
  });
  // One phone per door name, which downloaded its list more than a week ago (times kept within the week).
  const phones = new Map<string, string>();
  const phoneOf = async (door: string) => {
    let device = phones.get(door);
    if (!device) {
      device = randomUUID();
      phones.set(door, device);
      await recordListFetch(database.db, staff.id, device, new Date(now.getTime() - 8 * 24 * 3_600_000));
    }
    return device;
  };
  const sync = async (door: string, items: DoorCheckIn[], device?: string) =>
    applyDoorCheckIns(database.db, staff, { door, device: device ?? (await phoneOf(door)) }, items, SECRET, now);
  const statuses = async (door: string, items: DoorCheckIn[]) => (await sync(door, items)).map((r) => r.status);
  const make = (input: Partial<CheckInListInput> & { name: string }) =>
    createCheckInList(database.db, staff, { translations: {}, rule: "once", requires_entrance: false, quantity: null, ...input });
  const gives = async (listId: string, attendeeId: string) => ({
    given: await database.db
      .select()
      .from(list_check_ins)
      .where(and(eq(list_check_ins.list_id, listId), eq(list_check_ins.attendee_id, attendeeId))),
    conflicts: await database.db
      .select()
      .from(list_check_in_conflicts)
      .where(and(eq(list_check_in_conflicts.list_id, listId), eq(list_check_in_conflicts.attendee_id, attendeeId))),
  });
  const audits = async (attendeeId: string) =>
    (await database.db.select().from(audit_log).where(eq(audit_log.entity_id, attendeeId))).map((a) => ({
      action: a.action,
      details: a.details,
    }));

  beforeAll(async () => {
    database = await createTestDatabase(kind, { poolSize: 4 });
    staff = await createAdmin(database.db, {
      email: `give-sync-${kind}@example.org`,
      name: "Kit phone",
      password: "x".repeat(12),
      role: "checkin",
    });
  });
  afterAll(async () => database?.close());

  it("records a give made offline with its door, method, device and time, audited as a give, and no entrance check-in", async () => {
    const kit = await make({ name: "Conference kit" });
    const amina = await createAttendee(database.db, { full_name: "Amina Offline" });
    const item = give(kit.id, amina.ticket_id, 12);
    expect(await sync("Kit table", [item])).toEqual([{ id: item.id, status: "applied" }]);
    expect((await gives(kit.id, amina.id)).given).toEqual([
      expect.objectContaining({
        id: item.id,
        slot: "",
        door: "Kit table",
        device: phones.get("Kit table"),
        method: "scan",
        checked_in_by: staff.id,
        created_at: new Date(item.at),
      }),
    ]);
    expect(await database.db.select().from(check_ins).where(eq(check_ins.attendee_id, amina.id))).toEqual([]);
    expect(await audits(amina.id)).toEqual([
      { action: "check-in-list.give", details: { list: "Conference kit", method: "scan", door: "Kit table", offline: true } },
    ]);
  });

  it("answers 'duplicate' to gives sent again, from any door, and to both copies arriving at once, and records each once", async () => {
    const kit = await make({ name: "Kit twice" });
    const people = await Promise.all([1, 2, 3].map(() => createAttendee(database.db)));
    const batch = people.map((p) => give(kit.id, p.ticket_id));
    expect(await statuses("Hall B", batch)).toEqual(["applied", "applied", "applied"]);
    expect(await statuses("Hall B", batch)).toEqual(["duplicate", "duplicate", "duplicate"]);
    expect(await statuses("Other door", batch)).toEqual(["duplicate", "duplicate", "duplicate"]);
    // Both copies read "nothing recorded" before either writes: the keys decide.
    const others = await Promise.all([1, 2, 3].map(() => createAttendee(database.db)));
    const twice = others.map((p) => give(kit.id, p.ticket_id));
    const [first, second] = await Promise.all([sync("Hall C", twice), sync("Hall C", twice)]);
    for (let i = 0; i < twice.length; i++) expect([first?.[i]?.status, second?.[i]?.status].sort()).toEqual(["applied", "duplicate"]);
    for (const p of [...people, ...others]) {
      const { given, conflicts } = await gives(kit.id, p.id);
      expect([given.length, conflicts.length]).toEqual([1, 0]);
    }
  });

  it("keeps a once list's second give by another door as a conflict; the give on record stays; a double scan is nothing", async () => {
    const kit = await make({ name: "Kit two doors" });
    const bala = await createAttendee(database.db, { full_name: "Bala Twice" });
    const north = give(kit.id, bala.ticket_id, 10);
    expect(await statuses("North", [north])).toEqual(["applied"]);
    // The south door claims it gave first: a conflict all the same, the north's give stays (issue 40).
    const south = give(kit.id, bala.ticket_id, 20);
    expect(await statuses("South", [south])).toEqual(["conflict"]);
    const state = await gives(kit.id, bala.id);
    expect(state.given).toEqual([expect.objectContaining({ id: north.id, door: "North", created_at: new Date(north.at) })]);
    expect(state.conflicts).toEqual([
      expect.objectContaining({
        id: south.id,
        slot: "",
        door: "South",
        given_at: new Date(south.at),
        method: "scan",
        checked_in_by: staff.id,
      }),
    ]);
    const [conflict] = (await audits(bala.id)).filter((a) => a.action === "check-in-list.conflict");
    expect(conflict?.details).toEqual({
      list: "Kit two doors",
      method: "scan",
      door: "South",
      offline: true,
      otherDoor: "North",
      first: "South",
    });
    // Sent again, or scanned again at either door on its phone: nothing new.
    expect(await statuses("South", [south, give(kit.id, bala.ticket_id, 1)])).toEqual(["duplicate", "duplicate"]);
    expect(await statuses("North", [north, give(kit.id, bala.ticket_id, 2)])).toEqual(["duplicate", "duplicate"]);
    // The same name on another phone is another door.
    expect((await sync("North", [give(kit.id, bala.ticket_id, 3)], randomUUID()))[0]?.status).toBe("conflict");
    expect((await gives(kit.id, bala.id)).conflicts).toHaveLength(2);
    expect((await gives(kit.id, bala.id)).given).toEqual(state.given);
  });

  it("two doors syncing one person's give at once: one is applied, the other a conflict", async () => {
    const kit = await make({ name: "Kit at once" });
    const hauwa = await createAttendee(database.db);
    const [east, west] = [give(kit.id, hauwa.ticket_id, 8), give(kit.id, hauwa.ticket_id, 6)];
    const results = (await Promise.all([sync("East", [east]), sync("West", [west])])).flat();
    expect(results.map((r) => r.status).sort()).toEqual(["applied", "conflict"]);
    const applied = results.find((r) => r.status === "applied")?.id;
    const state = await gives(kit.id, hauwa.id);
    expect(state.given.map((g) => g.id)).toEqual([applied]);
    expect(state.conflicts.map((c) => c.id)).toEqual([applied === east.id ? west.id : east.id]);
  });

  it("gives once a day per Lagos day of the give, and any number of times; past the quantity, before the entrance, put away: recorded", async () => {
    const lunch = await make({ name: "Daily lunch", rule: "daily" });
    const water = await make({ name: "Water", rule: "any" });
    const kits = await make({ name: "Last kits", quantity: 1, requires_entrance: true });
    const [musa, idris] = await Promise.all([createAttendee(database.db), createAttendee(database.db)]);
    // Yesterday 23:30 in Lagos, and today: two days, two plates.
    const yesterday = give(lunch.id, musa.ticket_id, 13 * 60);
    const today = give(lunch.id, musa.ticket_id, 30);
    expect(await statuses("Hall A", [yesterday, today])).toEqual(["applied", "applied"]);
    expect((await gives(lunch.id, musa.id)).given.map((g) => g.slot).sort()).toEqual([lagosDate(yesterday.at), lagosDate(today.at)]);
    expect(lagosDate(yesterday.at)).not.toBe(lagosDate(today.at));
    // Another door, the same day: a conflict in today's slot.
    expect(await statuses("Hall B", [give(lunch.id, musa.ticket_id, 20)])).toEqual(["conflict"]);
    expect((await gives(lunch.id, musa.id)).conflicts.map((c) => c.slot)).toEqual([lagosDate(today.at)]);
    expect(await statuses("Bar", [give(water.id, musa.ticket_id, 5), give(water.id, musa.ticket_id, 5)])).toEqual(["applied", "applied"]);
    expect(await statuses("Bar 2", [give(water.id, musa.ticket_id, 4)])).toEqual(["applied"]);
    // The last kit went online; the offline door had handed one over too, to someone not let in.
    await database.db.insert(check_ins).values({ attendee_id: idris.id });
    expect(await giveFromList(database.db, staff, kits.id, idris, "scan", "en")).toMatchObject({ status: "checked-in" });
    expect(await statuses("Kit table", [give(kits.id, musa.ticket_id)])).toEqual(["applied"]);
    await setCheckInListArchived(database.db, staff, kits.id, true);
    const late = await createAttendee(database.db);
    expect(await statuses("Kit table", [give(kits.id, late.ticket_id)])).toEqual(["applied"]);
    expect(await database.db.select().from(list_check_ins).where(eq(list_check_ins.list_id, kits.id))).toHaveLength(3);
  });

  it("refuses a give from a list deleted meanwhile, and what the entrance refuses, storing nothing", async () => {
    const mistake = await make({ name: "Made by mistake" });
    const zainab = await createAttendee(database.db);
    expect(await deleteCheckInList(database.db, staff, mistake.id)).toBe("deleted");
    const items = [give(mistake.id, zainab.ticket_id), give(randomUUID(), zainab.ticket_id)];
    expect(await sync("Main gate", items)).toEqual(items.map((i) => ({ id: i.id, status: "refused", message: "door:lists.missing" })));
    const kit = await make({ name: "Kit forged" });
    const forged = { ...give(kit.id, zainab.ticket_id), ticket: signDoorCode(zainab.ticket_id, "another-secret-another-secret") };
    expect((await sync("Main gate", [forged]))[0]).toMatchObject({ status: "refused", message: CHECKIN_MESSAGES.forged });
    expect(await database.db.select().from(list_check_ins).where(eq(list_check_ins.attendee_id, zainab.id))).toEqual([]);
    // Deleted now, a list goes with its gives and second gives.
    const gone = await make({ name: "Gone with its gives" });
    await statuses("A", [give(gone.id, zainab.ticket_id)]);
    await statuses("B", [give(gone.id, zainab.ticket_id)]);
    await database.db.delete(check_in_lists).where(eq(check_in_lists.id, gone.id));
    expect(await gives(gone.id, zainab.id)).toEqual({ given: [], conflicts: [] });
  });

  it("keeps a check-in's ids and a give's apart: one id sent as both is one check-in and one give, each once", async () => {
    const kit = await make({ name: "Kit ids" });
    const [sani, ladi] = await Promise.all([createAttendee(database.db), createAttendee(database.db)]);
    const entrance: DoorCheckIn = { ...give(kit.id, sani.ticket_id), list: undefined };
    expect(await statuses("Gate", [entrance])).toEqual(["applied"]);
    // The same id as a give (a device's mistake): a give, not taken for the check-in, and not applied twice.
    const asGive = { ...entrance, list: kit.id };
    expect(await statuses("Gate", [asGive, asGive])).toEqual(["applied", "duplicate"]);
    expect(await statuses("Gate", [asGive, entrance])).toEqual(["duplicate", "duplicate"]);
    expect(await database.db.select().from(check_ins).where(eq(check_ins.attendee_id, sani.id))).toHaveLength(1);
    expect((await gives(kit.id, sani.id)).given.map((g) => g.id)).toEqual([entrance.id]);
    // And the other way round, in one batch: a give's id sent as a check-in.
    const first = give(kit.id, ladi.ticket_id);
    expect(await statuses("Gate", [first, { ...first, list: undefined }, first])).toEqual(["applied", "applied", "duplicate"]);
    expect(await database.db.select().from(check_ins).where(eq(check_ins.client_id, first.id))).toHaveLength(1);
  });
});
