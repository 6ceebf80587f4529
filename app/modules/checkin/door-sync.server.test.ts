import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { attendeeValues, createArchivedEdition, createAttendee } from "~/db/factories";
import { audit_log, cancelled_registrations, check_in_conflicts, check_ins, past_registrations } from "~/db/schema";
import { createAdmin } from "~/modules/auth/accounts.server";
import { signDoorCode } from "~/modules/tickets/ticket-token.server";
import { CHECKIN_MESSAGES, checkInById } from "./checkin.server";
import { recordListFetch } from "./door-devices.server";
import { applyDoorCheckIns, doorCounts, listDoorConflicts } from "./door-sync.server";
import type { DoorCheckIn } from "./door-sync-schema";

const SECRET = "door-sync-test-secret-0123456789";
const MINUTE = 60_000;

describe.each(DATABASE_KINDS)("door sync on %s", (kind) => {
  let database: DbConnection;
  let staff: { id: string; email: string };
  const now = new Date("2026-11-21T09:30:00Z");
  const at = (minutesBefore: number) => new Date(now.getTime() - minutesBefore * MINUTE).toISOString();
  const scan = (ticketId: string, minutesBefore = 10): DoorCheckIn => ({
    id: randomUUID(),
    ticket: signDoorCode(ticketId, SECRET),
    method: "scan",
    at: at(minutesBefore),
  });
  // One phone per door name, which downloaded its list more than a week ago: its times are kept
  // within the week (door-sync-trust.server.test.ts checks the list's time as the floor).
  const phones = new Map<string, string>();
  const sync = async (door: string, items: DoorCheckIn[]) => {
    let device = phones.get(door);
    if (!device) {
      device = randomUUID();
      phones.set(door, device);
      await recordListFetch(database.db, staff.id, device, new Date(now.getTime() - 8 * 24 * 3_600_000));
    }
    return applyDoorCheckIns(database.db, staff, { door, device }, items, SECRET, now);
  };
  const admissions = async (attendeeId: string) => ({
    checkIns: await database.db.select().from(check_ins).where(eq(check_ins.attendee_id, attendeeId)),
    conflicts: await database.db.select().from(check_in_conflicts).where(eq(check_in_conflicts.attendee_id, attendeeId)),
    audit: (await database.db.select().from(audit_log).where(eq(audit_log.entity_id, attendeeId))).map((a) => a.action).sort(),
  });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    staff = await createAdmin(database.db, {
      email: `sync-${kind}@example.org`,
      name: "Offline phone",
      password: "x".repeat(12),
      role: "checkin",
    });
  });
  afterAll(async () => database?.close());

  it("applies a check-in made offline with its door, method, device id and time, audited as offline", async () => {
    const amina = await createAttendee(database.db, { full_name: "Amina Offline" });
    const item = scan(amina.ticket_id, 12);
    expect(await sync("Main gate", [item])).toEqual([{ id: item.id, status: "applied" }]);
    const { checkIns, conflicts } = await admissions(amina.id);
    expect(checkIns).toEqual([
      expect.objectContaining({
        client_id: item.id,
        door: "Main gate",
        method: "scan",
        checked_in_by: staff.id,
        created_at: new Date(item.at),
      }),
    ]);
    expect(conflicts).toEqual([]);
    const [audit] = await database.db.select().from(audit_log).where(eq(audit_log.entity_id, amina.id));
    expect(audit).toMatchObject({ action: "checkin.create", details: { method: "scan", door: "Main gate", offline: true } });
  });

  it("answers 'duplicate' to a batch sent again, also when both copies arrive at once, and changes nothing", async () => {
    const people = await Promise.all([1, 2, 3].map(() => createAttendee(database.db)));
    const batch = people.map((p, i) =>
      i === 2 ? { ...scan(p.ticket_id), method: "ticket-id" as const, ticket: p.ticket_id.toLowerCase() } : scan(p.ticket_id),
    );
    expect((await sync("Hall B", batch)).map((r) => r.status)).toEqual(["applied", "applied", "applied"]);
    const before = await Promise.all(people.map((p) => admissions(p.id)));
    expect((await sync("Hall B", batch)).map((r) => r.status)).toEqual(["duplicate", "duplicate", "duplicate"]);
    // From another door too: the id is what was recorded, wherever it comes from now.
    expect((await sync("Other door", batch)).map((r) => r.status)).toEqual(["duplicate", "duplicate", "duplicate"]);
    expect(await Promise.all(people.map((p) => admissions(p.id)))).toEqual(before);

    // Both copies read "nothing recorded" before either writes: the unique keys decide.
    const others = await Promise.all([1, 2, 3].map(() => createAttendee(database.db)));
    const twice = others.map((p) => scan(p.ticket_id));
    const [first, second] = await Promise.all([sync("Hall C", twice), sync("Hall C", twice)]);
    for (let i = 0; i < twice.length; i++) {
      expect([first?.[i]?.status, second?.[i]?.status].sort()).toEqual(["applied", "duplicate"]);
      const { checkIns, conflicts } = await admissions(others[i]?.id ?? "");
      expect(checkIns).toHaveLength(1);
      expect(conflicts).toEqual([]);
    }
  });

  it("refuses what the online door refuses, with the same messages, and stores nothing", async () => {
    const cancelled = attendeeValues({ full_name: "Sani Cancelled" });
    await database.db.insert(cancelled_registrations).values({ ...cancelled, id: randomUUID(), registered_at: now });
    const edition = await createArchivedEdition(database.db, { name: "2025 edition" });
    const past = attendeeValues({ full_name: "Past Person" });
    await database.db
      .insert(past_registrations)
      .values({ ...past, id: randomUUID(), edition_id: edition.id, outcome: "attended", registered_at: new Date("2025-07-01T10:00:00Z") });
    const real = await createAttendee(database.db);
    const items: DoorCheckIn[] = [
      { ...scan(real.ticket_id), ticket: signDoorCode(real.ticket_id, "another-secret-another-secret") },
      { ...scan(real.ticket_id), ticket: real.ticket_id },
      scan(cancelled.ticket_id),
      scan(past.ticket_id),
      { ...scan(real.ticket_id), method: "ticket-id", ticket: "ZYS-NOPE-000000" },
      { ...scan(real.ticket_id), method: "search", ticket: cancelled.ticket_id },
    ];
    const results = await sync("Main gate", items);
    expect(results.map((r) => r.status)).toEqual(Array(items.length).fill("refused"));
    expect(results[0]?.message).toBe(CHECKIN_MESSAGES.forged);
    expect(results[1]?.message).toBe(CHECKIN_MESSAGES.forged);
    expect(results[2]?.message).toBe(CHECKIN_MESSAGES.cancelled("Sani Cancelled"));
    expect(results[3]?.message).toBe(CHECKIN_MESSAGES.pastEdition("2025 edition", "12 August 2025"));
    expect(results[4]?.message).toBe(CHECKIN_MESSAGES.unknownTicketId("ZYS-NOPE-000000"));
    expect(results[5]?.message).toBe(CHECKIN_MESSAGES.cancelled("Sani Cancelled"));
    expect(await admissions(real.id)).toEqual({ checkIns: [], conflicts: [], audit: [] });
  });

  it("keeps a device's time within the last seven days and never after now", async () => {
    const [late, early] = await Promise.all([createAttendee(database.db), createAttendee(database.db)]);
    await sync("Main gate", [
      { ...scan(late.ticket_id), at: new Date(now.getTime() + 3 * 3_600_000).toISOString() },
      { ...scan(early.ticket_id), at: "2026-10-01T08:00:00+01:00" },
    ]);
    expect((await admissions(late.id)).checkIns[0]?.created_at).toEqual(now);
    expect((await admissions(early.id)).checkIns[0]?.created_at).toEqual(new Date(now.getTime() - 7 * 24 * 3_600_000));
  });

  it("keeps both admissions of a ticket let in at two doors: the one on record stays THE check-in, the other a conflict", async () => {
    const bala = await createAttendee(database.db, { full_name: "Bala Twice" });
    // In online at the main gate (09:20), then a VIP phone that was offline syncs 09:25.
    expect(await checkInById(database.db, staff, bala.id, { door: "Main gate" })).toMatchObject({ status: "checked-in" });
    await database.db
      .update(check_ins)
      .set({ created_at: new Date(at(10)) })
      .where(eq(check_ins.attendee_id, bala.id));
    const vip = { ...scan(bala.ticket_id, 5) };
    expect(await sync("VIP entrance", [vip])).toEqual([{ id: vip.id, status: "conflict" }]);
    let state = await admissions(bala.id);
    expect(state.checkIns).toEqual([expect.objectContaining({ door: "Main gate", created_at: new Date(at(10)), client_id: null })]);
    expect(state.conflicts).toEqual([
      expect.objectContaining({
        id: vip.id,
        door: "VIP entrance",
        checked_in_at: new Date(vip.at),
        method: "scan",
        checked_in_by: staff.id,
      }),
    ]);
    expect(state.audit).toEqual(["checkin.conflict", "checkin.create"]);

    // A side door's phone says it let him in first (09:15): a conflict too. The main gate's
    // admission, recorded first, is not replaced by a claimed earlier time (issue 40).
    const side = { ...scan(bala.ticket_id, 15), method: "search" as const, ticket: bala.ticket_id };
    const mainGateRow = state.checkIns[0];
    expect(await sync("Side door", [side])).toEqual([{ id: side.id, status: "conflict" }]);
    state = await admissions(bala.id);
    expect(state.checkIns).toEqual([mainGateRow]);
    expect(state.conflicts.map((c) => [c.door, c.checked_in_at.toISOString()]).sort()).toEqual([
      ["Side door", at(15)],
      ["VIP entrance", at(5)],
    ]);

    // Sending either again, or scanning again at a door that already let him in, adds nothing.
    const again = [vip, side, scan(bala.ticket_id, 1), { ...scan(bala.ticket_id, 30) }];
    expect((await sync("VIP entrance", again)).map((r) => r.status)).toEqual(["duplicate", "duplicate", "duplicate", "duplicate"]);
    expect((await sync("Side door", [scan(bala.ticket_id, 2)])).map((r) => r.status)).toEqual(["duplicate"]);
    expect(await admissions(bala.id)).toEqual(state);

    // Listed in time order all the same: the side door's claim first.
    const listed = await listDoorConflicts(database.db);
    const mine = listed.rows.filter((r) => r.ticket_id === bala.ticket_id);
    expect(mine).toEqual([
      {
        ticket_id: bala.ticket_id,
        full_name: "Bala Twice",
        first: { door: "Main gate", at: new Date(at(10)) },
        second: { door: "VIP entrance", at: new Date(vip.at) },
        sameName: false,
      },
      {
        ticket_id: bala.ticket_id,
        full_name: "Bala Twice",
        first: { door: "Side door", at: new Date(side.at) },
        second: { door: "Main gate", at: new Date(at(10)) },
        sameName: false,
      },
    ]);
    expect(listed.total).toBeGreaterThanOrEqual(2);
  });

  it("two doors syncing the same ticket at once: whichever the server records first stays, the other is a conflict", async () => {
    for (const order of [0, 1]) {
      const hauwa = await createAttendee(database.db);
      const earlier = scan(hauwa.ticket_id, 20);
      const later = scan(hauwa.ticket_id, 8);
      const calls = [() => sync("East gate", [earlier]), () => sync("West gate", [later])];
      const results = await Promise.all(order === 0 ? calls.map((c) => c()) : calls.reverse().map((c) => c()));
      expect(
        results
          .flat()
          .map((r) => r.status)
          .sort(),
      ).toEqual(["applied", "conflict"]);
      const { checkIns, conflicts } = await admissions(hauwa.id);
      const applied = results.flat().find((r) => r.status === "applied")?.id;
      expect(checkIns).toEqual([expect.objectContaining({ client_id: applied })]);
      expect(conflicts).toEqual([expect.objectContaining({ id: applied === earlier.id ? later.id : earlier.id })]);
    }
  });

  it("counts check-ins per door in SQL, most first and the unnamed door last; lists the latest conflicts first", async () => {
    const people = await Promise.all(Array.from({ length: 6 }, () => createAttendee(database.db)));
    await sync(
      "Count gate A",
      people.slice(0, 1).map((p) => scan(p.ticket_id)),
    );
    await sync(
      "Count gate B",
      people.slice(1, 4).map((p) => scan(p.ticket_id)),
    );
    await sync(
      "",
      people.slice(4).map((p) => scan(p.ticket_id)),
    );
    const counts = await doorCounts(database.db);
    const index = (door: string) => counts.findIndex((c) => c.door === door);
    expect(counts[index("Count gate B")]).toEqual({ door: "Count gate B", count: 3 });
    expect(counts[index("Count gate A")]).toEqual({ door: "Count gate A", count: 1 });
    expect(index("Count gate B")).toBeLessThan(index("Count gate A"));
    expect(counts.at(-1)?.door).toBe("");
    for (let i = 1; i < counts.length - 1; i++) expect(counts[i - 1]?.count).toBeGreaterThanOrEqual(counts[i]?.count ?? 0);

    const [a, b] = people;
    await sync("Count gate C", [scan(a?.ticket_id ?? "", 1)]);
    await sync("Count gate C", [scan(b?.ticket_id ?? "", 2)]);
    const { rows, total } = await listDoorConflicts(database.db, 2);
    expect(rows.map((r) => r.ticket_id)).toEqual([a?.ticket_id, b?.ticket_id]);
    expect(total).toBe((await database.db.select().from(check_in_conflicts)).length);
    expect(total).toBeGreaterThan(2);
  });
});
