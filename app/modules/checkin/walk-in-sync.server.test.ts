import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { hostileString } from "#tests/support/hostile-input.ts";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { createAttendee } from "~/db/factories";
import { attendees, audit_log, check_ins, door_walk_in_shares, mail_outbox, walk_in_conflicts, walk_ins } from "~/db/schema";
import { createAdmin } from "~/modules/auth/accounts.server";
import { registrationInput } from "~/modules/person/test-data.server";
import { MAX_REGISTRATIONS_PER_PHONE, registerAttendee } from "~/modules/registration/registration.server";
import { updateSettings } from "~/modules/settings/settings.server";
import { openRegistration } from "~/modules/settings/test-data.server";
import { TICKET_ID_PATTERN } from "~/modules/tickets/ticket-id";
import { CHECKIN_MESSAGES } from "./checkin.server";
import { recordListFetch } from "./door-devices.server";
import { doorSyncAction } from "./door-sync-actions.server";
import type { DoorWalkIn } from "./door-sync-schema";
import type { DoorSyncAnswer } from "./offline/door-list-types";
import { checkWalkIn } from "./walk-in-schema";
import { grantWalkInShares } from "./walk-in-shares.server";
import { applyDoorWalkIns } from "./walk-in-sync.server";
import { registerWalkIn } from "./walk-ins.server";

/** The seats each door phone holds for walk-ins offline (Event Settings). */
const PER_PHONE = 5;

const MINUTE = 60_000;
const now = new Date("2026-11-21T09:30:00Z");
const minutesAgo = (m: number) => new Date(now.getTime() - m * MINUTE);

let n = 0;
/** The walk-in form's fields as the phone typed them (a fresh phone number unless given). */
function fields(overrides: Record<string, string> = {}): Record<string, string> {
  n++;
  return {
    fullName: `Offline Walk-in ${n}`,
    phone: `0809 ${String(n).padStart(7, "0")}`,
    gender: "female",
    state: "Zamfara",
    localGovernment: "Gusau",
    consent: "on",
    ...overrides,
  };
}

describe.each(DATABASE_KINDS)("walk-ins registered offline, synced on %s", (kind) => {
  let database: DbConnection;
  let staff: { id: string; email: string };
  let other: { id: string; email: string };
  /** A door phone that downloaded its list an hour ago and was granted its shares then. */
  async function doorPhone(account = staff) {
    const device = randomUUID();
    await recordListFetch(database.db, account.id, device, minutesAgo(60));
    const shares = await grantWalkInShares(database.db, { adminId: account.id, device }, "Gate B", minutesAgo(60));
    return { device, shares };
  }
  const walkIn = (share: string, typed: Record<string, string> = fields(), minutes = 10): DoorWalkIn => ({
    id: randomUUID(),
    share,
    at: minutesAgo(minutes).toISOString(),
    fields: typed,
  });
  const sync = (device: string, items: DoorWalkIn[], account = staff) =>
    applyDoorWalkIns(database.db, account, { door: "Gate B", device }, items, { language: "en", now });
  const byTicket = async (ticketId: string) => (await database.db.select().from(attendees).where(eq(attendees.ticket_id, ticketId)))[0];
  const sharesOf = async (device: string) =>
    (await database.db.select().from(door_walk_in_shares).where(eq(door_walk_in_shares.device, device))).map((s) => s.ticket_id).sort();

  beforeAll(async () => {
    database = await createTestDatabase(kind, { poolSize: 10 });
    const account = (name: string) =>
      createAdmin(database.db, { email: `${name}-${kind}@example.org`, name, password: "x".repeat(12), role: "checkin" });
    [staff, other] = await Promise.all([account("Hauwa"), account("Bello")]);
  });
  afterAll(async () => database?.close());
  beforeEach(async () => {
    for (const table of [mail_outbox, attendees, door_walk_in_shares, audit_log]) await database.db.delete(table);
    await openRegistration(database.db);
    await updateSettings(database.db, { walk_in_seats: 10, walk_in_seats_per_phone: PER_PHONE });
  });

  it("registers a walk-in on its share: the ticket ID the door showed, checked in then, channel door, its messages, audited as offline", async () => {
    const { db } = database;
    const phone = await doorPhone();
    const share = phone.shares[0] ?? "";
    const item = { ...walkIn(share, fields({ fullName: "Ɗanladi Ƙasimu", email: "Danladi@Example.org", sms: "on" })), language: "ha" };
    expect(await sync(phone.device, [item])).toEqual([{ id: item.id, status: "applied" }]);
    const person = await byTicket(share);
    expect(person).toMatchObject({
      full_name: "Ɗanladi Ƙasimu",
      email: "danladi@example.org",
      channel: "door",
      language: "ha",
      sms_opt_in: true,
    });
    expect(person?.consent_at).toEqual(minutesAgo(10));
    expect(
      await db
        .select()
        .from(check_ins)
        .where(eq(check_ins.attendee_id, person?.id ?? "")),
    ).toMatchObject([{ method: "walk-in", door: "Gate B", device: phone.device, checked_in_by: staff.id, created_at: minutesAgo(10) }]);
    expect(
      await db
        .select()
        .from(walk_ins)
        .where(eq(walk_ins.attendee_id, person?.id ?? "")),
    ).toMatchObject([{ door: "Gate B", device: phone.device, registered_by: staff.id, client_id: item.id }]);
    const outbox = await db
      .select()
      .from(mail_outbox)
      .where(eq(mail_outbox.attendee_id, person?.id ?? ""));
    expect(outbox.map((m) => m.channel).sort()).toEqual(["email", "sms"]);
    const [audit] = await db
      .select()
      .from(audit_log)
      .where(eq(audit_log.entity_id, person?.id ?? ""));
    expect(audit).toMatchObject({ action: "walk-in.create", details: { door: "Gate B", offline: true } });
    // The share is spent: its seat is the walk-in's now.
    expect(await sharesOf(phone.device)).toEqual(phone.shares.slice(1));

    // Sent again, and twice at once: one registration.
    expect(await sync(phone.device, [item])).toEqual([{ id: item.id, status: "duplicate" }]);
    const twice = walkIn(phone.shares[1] ?? "");
    const both = await Promise.all([sync(phone.device, [twice]), sync(phone.device, [twice])]);
    expect(both.map((r) => r[0]?.status).sort()).toEqual(["applied", "duplicate"]);
    expect(await db.select().from(walk_ins)).toHaveLength(2);
  });

  it("refuses a walk-in whose fields the form refuses, keeping the share", async () => {
    const phone = await doorPhone();
    const items = [
      walkIn(phone.shares[0] ?? "", fields({ consent: "" })),
      walkIn(phone.shares[0] ?? "", fields({ fullName: "Win https://spam.example" })),
      walkIn(phone.shares[0] ?? "", fields({ localGovernment: "Ikeja" })),
    ];
    const results = await sync(phone.device, items);
    expect(results).toEqual(items.map((item) => ({ id: item.id, status: "refused", message: CHECKIN_MESSAGES.walkInInvalid })));
    expect(await sharesOf(phone.device)).toEqual(phone.shares);
    expect(await database.db.select().from(attendees)).toEqual([]);
  });

  it("reconciles someone registered already by e-mail: checked in at the walk-in's time, the seat back, kept as a conflict", async () => {
    const { db } = database;
    const phone = await doorPhone();
    const amina = await createAttendee(db, { full_name: "Amina Sani", email: "amina@example.org" });
    const item = walkIn(phone.shares[0] ?? "", fields({ fullName: "Aminatu Sani", email: " AMINA@example.org " }));
    expect(await sync(phone.device, [item])).toEqual([
      { id: item.id, status: "conflict", message: CHECKIN_MESSAGES.walkInSamePerson("Amina Sani", amina.ticket_id) },
    ]);
    expect(await db.select().from(attendees)).toHaveLength(1);
    expect(await db.select().from(check_ins).where(eq(check_ins.attendee_id, amina.id))).toMatchObject([
      { method: "walk-in", door: "Gate B", device: phone.device, checked_in_by: staff.id, client_id: item.id, created_at: minutesAgo(10) },
    ]);
    expect(await db.select().from(walk_in_conflicts)).toMatchObject([
      {
        id: item.id,
        kind: "same-person",
        attendee_id: amina.id,
        ticket_id: phone.shares[0],
        full_name: "Aminatu Sani",
        door: "Gate B",
        device: phone.device,
        registered_by: staff.id,
        at: minutesAgo(10),
      },
    ]);
    expect(await sharesOf(phone.device)).toEqual(phone.shares.slice(1));
    expect(await sync(phone.device, [item])).toEqual([{ id: item.id, status: "duplicate" }]);
  });

  it("takes the same phone and the same name as searched for the same person (kept in where they were let in first); another name is someone else", async () => {
    const { db } = database;
    const phone = await doorPhone();
    const danladi = await createAttendee(db, { full_name: "Ɗanladi Ƙasimu", phone: "+2348031112222", created_at: minutesAgo(120) });
    await db.insert(check_ins).values({ attendee_id: danladi.id, door: "Gate A", created_at: minutesAgo(30) });
    const same = walkIn(phone.shares[0] ?? "", fields({ fullName: "  danladi  KASIMU", phone: "0803 111 2222" }));
    const sister = walkIn(phone.shares[1] ?? "", fields({ fullName: "Hauwaʼu Ƙasimu", phone: "08031112222" }));
    // Same name, but the volunteer saw it is someone else: registered.
    const namesake = walkIn(phone.shares[2] ?? "", fields({ fullName: "Danladi Kasimu", phone: "08031112222", someone_else: "on" }));
    const results = await sync(phone.device, [same, sister, namesake]);
    expect(results.map((r) => r.status)).toEqual(["conflict", "applied", "applied"]);
    expect(await db.select().from(check_ins).where(eq(check_ins.attendee_id, danladi.id))).toMatchObject([
      { door: "Gate A", created_at: minutesAgo(30) },
    ]);
    expect((await byTicket(phone.shares[1] ?? ""))?.full_name).toBe("Hauwaʼu Ƙasimu");
    expect((await byTicket(phone.shares[2] ?? ""))?.phone).toBe("+2348031112222");
    // The phone's registrations full: another name is taken for the phone's first registration.
    for (let i = 3; i < MAX_REGISTRATIONS_PER_PHONE; i++) await createAttendee(db, { phone: "+2348031112222" });
    const sixth = walkIn(phone.shares[3] ?? "", fields({ fullName: "Zainab Ƙasimu", phone: "08031112222", someone_else: "on" }));
    expect(await sync(phone.device, [sixth])).toMatchObject([{ status: "conflict" }]);
    const [kept] = await db.select().from(walk_in_conflicts).where(eq(walk_in_conflicts.id, sixth.id));
    expect(kept).toMatchObject({ kind: "same-person", attendee_id: danladi.id, full_name: "Zainab Ƙasimu" });
  });

  it("never spends another device's share: registered on a free seat with a new ticket ID, past the capacity when none is left", async () => {
    const { db } = database;
    await updateSettings(db, { max_attendees: 4, walk_in_seats: 2, walk_in_seats_per_phone: PER_PHONE });
    await createAttendee(db);
    const a = await doorPhone();
    expect(a.shares).toHaveLength(2);
    // Another account's phone sends A's share: 4 − 1 registered − 2 held leaves one free seat.
    const b = await doorPhone(other);
    const first = walkIn(a.shares[0] ?? "");
    const [applied] = await sync(b.device, [first], other);
    const registered = (await db.select().from(walk_ins).where(eq(walk_ins.client_id, first.id)))[0];
    const person = (
      await db
        .select()
        .from(attendees)
        .where(eq(attendees.id, registered?.attendee_id ?? ""))
    )[0];
    expect(person?.ticket_id).toMatch(TICKET_ID_PATTERN);
    expect(person?.ticket_id).not.toBe(a.shares[0]);
    expect(applied).toEqual({ id: first.id, status: "applied", message: CHECKIN_MESSAGES.walkInNewTicketId(person?.ticket_id ?? "") });
    expect(await sharesOf(a.device)).toEqual(a.shares);
    // No seat left but A's two: the person is in the hall, registered past the capacity and told.
    const second = walkIn(a.shares[1] ?? "");
    expect(await sync(b.device, [second], other)).toEqual([
      { id: second.id, status: "conflict", message: CHECKIN_MESSAGES.walkInOverCapacity },
    ]);
    const [conflict] = await db.select().from(walk_in_conflicts);
    expect(conflict).toMatchObject({ id: second.id, kind: "over-capacity", ticket_id: a.shares[1], registered_by: other.id });
    expect(await db.select().from(attendees)).toHaveLength(3);
    // A's own walk-ins still have their seats: the hall ends one past its 4, the documented case.
    expect(
      (
        await sync(
          a.device,
          a.shares.map((s) => walkIn(s)),
        )
      ).map((r) => r.status),
    ).toEqual(["applied", "applied"]);
    expect(await db.select().from(attendees)).toHaveLength(5);
  });

  it("keeps times as check-ins' are: never after now, never before the device's download", async () => {
    const phone = await doorPhone();
    const late = { ...walkIn(phone.shares[0] ?? ""), at: new Date(now.getTime() + 3_600_000).toISOString() };
    const early = { ...walkIn(phone.shares[1] ?? ""), at: minutesAgo(24 * 60).toISOString() };
    await sync(phone.device, [late, early]);
    expect((await byTicket(phone.shares[0] ?? ""))?.created_at).toEqual(now);
    expect((await byTicket(phone.shares[1] ?? ""))?.created_at).toEqual(minutesAgo(60));
  });

  it("merges walk-ins before check-ins in one sync, answering them first", async () => {
    const phone = await doorPhone();
    const item = walkIn(phone.shares[0] ?? "");
    const checkIn = { id: randomUUID(), ticket: phone.shares[0], method: "ticket-id", at: minutesAgo(5).toISOString() };
    const body = { door: "Gate B", device: phone.device, checkIns: [checkIn], walkIns: [item] };
    const request = new Request("http://localhost/admin/check-in/sync", { method: "POST", body: JSON.stringify(body) });
    const answer = (await (await doorSyncAction(database.db, staff, request, "en")).json()) as DoorSyncAnswer;
    // The check-in of the walk-in's own ticket at the same door is a double scan, not an unknown ticket.
    expect(answer.results).toEqual([
      { id: item.id, status: "applied" },
      { id: checkIn.id, status: "duplicate" },
    ]);
  });

  it("takes hostile names typed offline as the form does: refused or stored as typed, never an error", async () => {
    const phone = await doorPhone();
    await updateSettings(database.db, { walk_in_seats: 400, walk_in_seats_per_phone: PER_PHONE });
    const names = ["Ada\u0000 Bello", "\uD800 Bello", "Zainab\u0301 Mu\u0308sa", "ɗ ƙ ƴ ɓ ʼYa", "A".repeat(121)];
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.constantFrom(...names), hostileString), async (name) => {
        const [share] = await grantWalkInShares(database.db, { adminId: staff.id, device: phone.device }, "Gate B", minutesAgo(60));
        const item = walkIn(share ?? "", fields({ fullName: name }));
        const [result] = await sync(phone.device, [item]);
        expect(["applied", "refused"]).toContain(result?.status);
        if (result?.status === "applied") expect((await byTicket(share ?? ""))?.full_name).toBe(name.trim().normalize("NFC"));
      }),
      { numRuns: 25 },
    );
  });

  it("never overbooks: two phones syncing, registrations and walk-ins online at once", async () => {
    const { db } = database;
    await updateSettings(db, { max_attendees: 30, walk_in_seats: 10, walk_in_seats_per_phone: PER_PHONE });
    for (let i = 0; i < 15; i++) await createAttendee(db);
    const [a, b] = await Promise.all([doorPhone(), doorPhone(other)]);
    expect([a.shares.length, b.shares.length]).toEqual([5, 5]);
    const onlineWalkIn = () => {
      const verdict = checkWalkIn(fields());
      if ("error" in verdict) throw new Error("a test walk-in is valid");
      return registerWalkIn(db, staff, verdict.value, { language: "en", origin: { door: "Gate C" }, now });
    };
    const before = new Date("2025-08-01T09:00:00Z");
    const results = await Promise.all([
      sync(
        a.device,
        a.shares.map((s) => walkIn(s)),
      ),
      sync(
        b.device,
        b.shares.map((s) => walkIn(s)),
        other,
      ),
      ...Array.from({ length: 10 }, () =>
        registerAttendee(db, registrationInput(), { secret: "race-secret-0123456789abcdef", now: before }),
      ),
      ...Array.from({ length: 8 }, onlineWalkIn),
    ]);
    const synced = results.slice(0, 2).flat() as { status: string }[];
    expect(synced.map((r) => r.status)).toEqual(Array(10).fill("applied"));
    expect(await db.select().from(attendees)).toHaveLength(30);
    expect(await db.select().from(walk_in_conflicts)).toEqual([]);
    expect(await db.select().from(door_walk_in_shares)).toEqual([]);
  });
});
