import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { createAttendee } from "~/db/factories";
import { audit_log, check_in_conflicts, check_ins, door_devices } from "~/db/schema";
import { createAdmin } from "~/modules/auth/accounts.server";
import { signDoorCode } from "~/modules/tickets/ticket-token.server";
import { recordListFetch } from "./door-devices.server";
import { applyDoorCheckIns, listDoorConflicts } from "./door-sync.server";
import { doorListResponse } from "./door-sync-actions.server";
import type { DoorCheckIn } from "./door-sync-schema";
import { DOOR_LISTS_PER_MINUTE } from "./search-limit.server";

// Issue 40: a door account could backdate a check-in (up to 7 days) and so take over another
// door's admission with its time and person; two phones with one name were one door; the list
// had no limit. Each attack, and what happens now.

const SECRET = "door-trust-test-secret-0123456789";
const MINUTE = 60_000;
const now = new Date("2026-11-21T09:30:00Z");
const minutesAgo = (m: number) => new Date(now.getTime() - m * MINUTE);

describe.each(DATABASE_KINDS)("door sync under attack on %s", (kind) => {
  let database: DbConnection;
  const door = (name: string) =>
    createAdmin(database.db, { email: `${name}-${randomUUID()}@example.org`, password: "x".repeat(12), role: "checkin" });
  const scan = (ticketId: string, at: Date): DoorCheckIn => ({
    id: randomUUID(),
    ticket: signDoorCode(ticketId, SECRET),
    method: "scan",
    at: at.toISOString(),
  });
  const admissions = async (attendeeId: string) => ({
    checkIns: await database.db.select().from(check_ins).where(eq(check_ins.attendee_id, attendeeId)),
    conflicts: await database.db.select().from(check_in_conflicts).where(eq(check_in_conflicts.attendee_id, attendeeId)),
  });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.close());

  it("a backdated sync does not replace another door's admission: it is a conflict, its time clamped to its list", async () => {
    const [gate, rogue] = await Promise.all([door("gate"), door("rogue")]);
    const person = await createAttendee(database.db, { full_name: "Zainab Target" });
    const gatePhone = randomUUID();
    const roguePhone = randomUUID();
    await recordListFetch(database.db, gate.id, gatePhone, minutesAgo(60));
    await recordListFetch(database.db, rogue.id, roguePhone, minutesAgo(5));
    const admitted = scan(person.ticket_id, minutesAgo(20));
    expect(await applyDoorCheckIns(database.db, gate, { door: "Main gate", device: gatePhone }, [admitted], SECRET, now)).toEqual([
      { id: admitted.id, status: "applied" },
    ]);
    const before = await admissions(person.id);

    // Six days back, under the gate's own name: a conflict, not a takeover.
    const backdated = scan(person.ticket_id, minutesAgo(6 * 24 * 60));
    expect(await applyDoorCheckIns(database.db, rogue, { door: "Main gate", device: roguePhone }, [backdated], SECRET, now)).toEqual([
      { id: backdated.id, status: "conflict" },
    ]);
    const after = await admissions(person.id);
    expect(after.checkIns).toEqual(before.checkIns);
    expect(after.checkIns[0]).toMatchObject({ door: "Main gate", device: gatePhone, checked_in_by: gate.id, created_at: minutesAgo(20) });
    expect(after.conflicts).toEqual([
      expect.objectContaining({
        id: backdated.id,
        door: "Main gate",
        device: roguePhone,
        checked_in_by: rogue.id,
        checked_in_at: minutesAgo(5),
      }),
    ]);
    // Shown like any conflict, and flagged: one name, two phones.
    const listed = (await listDoorConflicts(database.db)).rows.filter((r) => r.ticket_id === person.ticket_id);
    expect(listed).toEqual([
      {
        ticket_id: person.ticket_id,
        full_name: "Zainab Target",
        first: { door: "Main gate", at: minutesAgo(20) },
        second: { door: "Main gate", at: minutesAgo(5) },
        sameName: true,
      },
    ]);
    const [audit] = await database.db
      .select()
      .from(audit_log)
      .where(eq(audit_log.action, "checkin.conflict"))
      .orderBy(audit_log.created_at);
    expect(audit?.details).toMatchObject({ sameName: true });
  });

  it("clamps a claimed time to the device's last list download; a device it never saw download, or none, to now", async () => {
    const staff = await door("clamp");
    const phone = randomUUID();
    await recordListFetch(database.db, staff.id, phone, minutesAgo(30));
    await recordListFetch(database.db, staff.id, phone, minutesAgo(10));
    const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map(() => createAttendee(database.db)));
    const sync = (device: string | null, ticketId: string, at: Date) =>
      applyDoorCheckIns(database.db, staff, { door: "Hall", device }, [scan(ticketId, at)], SECRET, now);
    await sync(phone, a?.ticket_id ?? "", minutesAgo(25));
    await sync(phone, b?.ticket_id ?? "", minutesAgo(4));
    await sync(randomUUID(), c?.ticket_id ?? "", minutesAgo(25));
    await sync(null, d?.ticket_id ?? "", minutesAgo(25));
    const times = await Promise.all([a, b, c, d].map(async (p) => (await admissions(p?.id ?? "")).checkIns[0]?.created_at));
    expect(times).toEqual([minutesAgo(10), minutesAgo(4), now, now]);
    // Another account's record of the same device id is not this account's.
    const other = await door("other");
    const e = await createAttendee(database.db);
    await applyDoorCheckIns(database.db, other, { door: "Hall", device: phone }, [scan(e.ticket_id, minutesAgo(25))], SECRET, now);
    expect((await admissions(e.id)).checkIns[0]?.created_at).toEqual(now);
  });

  it("two phones with one door name admitting one ticket are a conflict; one phone scanning twice is not", async () => {
    const staff = await door("twins");
    const [first, second] = [randomUUID(), randomUUID()];
    for (const phone of [first, second]) await recordListFetch(database.db, staff.id, phone, minutesAgo(60));
    const person = await createAttendee(database.db);
    const sync = (device: string, at: Date) =>
      applyDoorCheckIns(database.db, staff, { door: "Gate 2", device }, [scan(person.ticket_id, at)], SECRET, now);
    expect((await sync(first, minutesAgo(9)))[0]?.status).toBe("applied");
    expect((await sync(first, minutesAgo(8)))[0]?.status).toBe("duplicate");
    expect((await sync(second, minutesAgo(7)))[0]?.status).toBe("conflict");
    expect((await sync(second, minutesAgo(6)))[0]?.status).toBe("duplicate");
    expect((await admissions(person.id)).conflicts).toHaveLength(1);
  });

  it("limits list downloads per account and minute, and records the device's download", async () => {
    const staff = await door("lists");
    const phone = randomUUID();
    const url = new URL(`http://localhost/admin/check-in/list?device=${phone.toUpperCase()}`);
    const statuses: number[] = [];
    for (let i = 0; i < DOOR_LISTS_PER_MINUTE + 2; i++) statuses.push((await doorListResponse(database.db, staff, url, now)).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(DOOR_LISTS_PER_MINUTE);
    const refused = await doorListResponse(database.db, staff, url, now);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe("60");
    expect(await database.db.select().from(door_devices).where(eq(door_devices.admin_id, staff.id))).toEqual([
      { admin_id: staff.id, device: phone, list_fetched_at: now },
    ]);
    // Another account, and the next minute, are not held.
    expect((await doorListResponse(database.db, await door("elsewhere"), url, now)).status).toBe(200);
    expect((await doorListResponse(database.db, staff, url, new Date(now.getTime() + MINUTE))).status).toBe(200);
  });
});
