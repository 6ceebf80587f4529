import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { createAttendee } from "~/db/factories";
import { attendees, door_walk_in_shares, mail_outbox, rate_counters, waitlist } from "~/db/schema";
import { createAdmin } from "~/modules/auth/accounts.server";
import { registrationInput } from "~/modules/person/test-data.server";
import { currentRegistrationStatus } from "~/modules/registration/public-status.server";
import { registerAttendee } from "~/modules/registration/registration.server";
import { getSettings, updateSettings } from "~/modules/settings/settings.server";
import { openRegistration } from "~/modules/settings/test-data.server";
import { TICKET_ID_PATTERN } from "~/modules/tickets/ticket-id";
import { ticketLinkKeys } from "~/modules/tickets/ticket-link.server";
import { verifyDoorCode } from "~/modules/tickets/ticket-token.server";
import { joinWaitlist, settleWaitlist } from "~/modules/waitlist/waitlist.server";
import { doorListResponse } from "./door-sync-actions.server";
import type { DoorList } from "./offline/door-list-types";
import { walkInPage } from "./walk-in-actions.server";
import { checkWalkIn, type WalkInInput } from "./walk-in-schema";
import { grantWalkInShares, heldWalkInShares } from "./walk-in-shares.server";
import { registerWalkIn, walkInSeats } from "./walk-ins.server";

/** The seats each door phone holds for walk-ins offline (Event Settings). */
const PER_PHONE = 5;

let n = 0;
function walkIn(fields: Record<string, string> = {}): WalkInInput {
  n++;
  const verdict = checkWalkIn({
    fullName: `Share Walk-in ${n}`,
    phone: `0807 ${String(n).padStart(7, "0")}`,
    gender: "male",
    state: "Zamfara",
    localGovernment: "Gusau",
    consent: "on",
    ...fields,
  });
  if ("error" in verdict) throw new Error(JSON.stringify(verdict.error));
  return verdict.value;
}

// Before the event (openRegistration: 12 August 2025), so online registration is open.
const BEFORE = new Date("2025-08-01T09:00:00Z");
const SECRET = "walk-in-shares-test-secret-0123456789";

describe.each(DATABASE_KINDS)("seats granted to door phones for offline walk-ins on %s", (kind) => {
  let database: DbConnection;
  let staff: { id: string; email: string };
  const phone = () => ({ adminId: staff.id, device: randomUUID() });
  const shares = (device: string) => database.db.select().from(door_walk_in_shares).where(eq(door_walk_in_shares.device, device));
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    staff = await createAdmin(database.db, {
      email: `shares-${kind}@example.org`,
      name: "Hauwa",
      password: "x".repeat(12),
      role: "checkin",
    });
  });
  afterAll(async () => database?.close());
  beforeEach(async () => {
    for (const table of [mail_outbox, waitlist, attendees, door_walk_in_shares, rate_counters]) await database.db.delete(table);
    await openRegistration(database.db);
    await updateSettings(database.db, { walk_in_seats: 0 });
  });

  it("tops a device up to PER_PHONE at each download, within the kept seats not granted; a second device gets the rest, a third none", async () => {
    const { db } = database;
    await updateSettings(db, { walk_in_seats: 8, walk_in_seats_per_phone: PER_PHONE });
    const [a, b, c] = [phone(), phone(), phone()];
    const first = await grantWalkInShares(db, a, "Main gate", BEFORE);
    expect(first).toHaveLength(PER_PHONE);
    expect(new Set(first).size).toBe(PER_PHONE);
    for (const ticketId of first) expect(ticketId).toMatch(TICKET_ID_PATTERN);
    // Downloaded again: the same five, oldest first, nothing new.
    expect(await grantWalkInShares(db, a, "Main gate", new Date(BEFORE.getTime() + 60_000))).toEqual(first);
    expect(await grantWalkInShares(db, b, "VIP entrance", BEFORE)).toHaveLength(3);
    expect(await grantWalkInShares(db, c, "Side door", BEFORE)).toEqual([]);
    expect((await shares(a.device)).map((s) => s.door)).toEqual(Array(5).fill("Main gate"));
    expect(await heldWalkInShares(db)).toEqual({
      total: 8,
      byDevice: [
        { adminId: staff.id, device: a.device, door: "Main gate", by: "Hauwa", count: 5 },
        { adminId: staff.id, device: b.device, door: "VIP entrance", by: "Hauwa", count: 3 },
      ],
    });

    // Phone A registers a walk-in online: it spends its oldest share; 8 kept − 1 walk-in − 7 held: nothing to top up.
    const admitted = await registerWalkIn(db, staff, walkIn(), { language: "en", origin: { door: "Main gate", device: a.device } });
    expect(admitted).toMatchObject({ status: "admitted", attendee: { ticket_id: first[0] } });
    expect(await grantWalkInShares(db, a, "Main gate", BEFORE)).toEqual(first.slice(1));
    // Kept seats raised: A is topped up again, to five.
    await updateSettings(db, { walk_in_seats: 20, walk_in_seats_per_phone: PER_PHONE });
    expect(await grantWalkInShares(db, a, "Main gate", BEFORE)).toHaveLength(PER_PHONE);
  });

  it("never grants one kept seat twice: eight phones downloading at once share the 12 kept", async () => {
    const { db } = database;
    await updateSettings(db, { walk_in_seats: 12, walk_in_seats_per_phone: PER_PHONE });
    const granted = await Promise.all(Array.from({ length: 8 }, () => grantWalkInShares(db, phone(), "", BEFORE)));
    expect(granted.map((g) => g.length).sort()).toEqual([0, 0, 0, 0, 0, 2, 5, 5]);
    expect(await db.select().from(door_walk_in_shares)).toHaveLength(12);
  });

  it("grants nothing when no seat is kept for walk-ins, and takes back what the device held", async () => {
    const { db } = database;
    const a = phone();
    expect(await grantWalkInShares(db, a, "", BEFORE)).toEqual([]);
    await updateSettings(db, { walk_in_seats: 3, walk_in_seats_per_phone: PER_PHONE });
    expect(await grantWalkInShares(db, a, "", BEFORE)).toHaveLength(3);
    await updateSettings(db, { walk_in_seats: 0 });
    expect(await grantWalkInShares(db, a, "", BEFORE)).toEqual([]);
    expect(await shares(a.device)).toEqual([]);
  });

  it("never grants seats that are not free, should the capacity have been lowered under the kept ones", async () => {
    const { db } = database;
    await updateSettings(db, { max_attendees: 5, walk_in_seats: 5, walk_in_seats_per_phone: PER_PHONE });
    await createAttendee(db);
    await createAttendee(db);
    expect(await grantWalkInShares(db, phone(), "", BEFORE)).toHaveLength(3);
  });

  it("sends the device's shares with the door list: each with its signed door code and QR, under the door's name as given", async () => {
    const { db } = database;
    await updateSettings(db, { walk_in_seats: 10, walk_in_seats_per_phone: PER_PHONE });
    const device = randomUUID();
    const url = new URL(
      `http://localhost/admin/check-in/list?device=${device.toUpperCase()}&door=${encodeURIComponent("  Main\u0000 gate ")}`,
    );
    const response = await doorListResponse(db, staff, url, BEFORE);
    const list = (await response.json()) as DoorList;
    expect(list.walkInShares).toHaveLength(PER_PHONE);
    for (const share of list.walkInShares ?? []) {
      expect(verifyDoorCode(share.code, ticketLinkKeys().secret)).toBe(share.ticketId);
      expect(share.qr).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    }
    expect((await shares(device)).map((s) => s.door)).toEqual(Array(5).fill("Main gate"));
    // A page that names no device gets none.
    const anonymous = (await (
      await doorListResponse(db, staff, new URL("http://localhost/admin/check-in/list"), BEFORE)
    ).json()) as DoorList;
    expect(anonymous.walkInShares).toEqual([]);
  });

  it("keeps the seats phones hold from online registration and the waitlist, even past the kept seats walk-ins online used", async () => {
    const { db } = database;
    await updateSettings(db, { max_attendees: 10, walk_in_seats: 2, walk_in_seats_per_phone: PER_PHONE });
    for (let i = 0; i < 3; i++) await createAttendee(db);
    const a = phone();
    const held = await grantWalkInShares(db, a, "Main gate", BEFORE);
    expect(held).toHaveLength(2);
    // A walk-in online at another door (no share): 1 of the 2 kept used, yet the phone still holds 2.
    expect(await registerWalkIn(db, staff, walkIn(), { language: "en", origin: { door: "Side door" } })).toMatchObject({
      status: "admitted",
    });
    const status = () => getSettings(db).then((settings) => currentRegistrationStatus(db, settings, BEFORE));
    // 10 − 4 registered − 2 held (not 10 − 4 − 1 kept).
    expect((await status()).spotsRemaining).toBe(4);
    for (let i = 0; i < 4; i++) expect((await registerAttendee(db, registrationInput(), { secret: SECRET, now: BEFORE })).ok).toBe(true);
    expect(await registerAttendee(db, registrationInput(), { secret: SECRET, now: BEFORE })).toMatchObject({ ok: false, reason: "full" });
    expect(await status()).toMatchObject({ state: "full", spotsRemaining: 0 });
    // Nor does the waitlist get them.
    expect((await joinWaitlist(db, registrationInput(), { secret: SECRET, now: BEFORE })).ok).toBe(true);
    expect(await db.transaction((tx) => settleWaitlist(tx, { now: BEFORE }))).toEqual([]);
    // Another door's walk-in finds the hall full; the phone's seat line counts its own two.
    expect(await registerWalkIn(db, staff, walkIn(), { language: "en", origin: { door: "Side door" } })).toEqual({ status: "full" });
    expect(await walkInSeats(db)).toEqual({ left: 0, kept: 2 });
    expect(await walkInSeats(db, a)).toEqual({ left: 2, kept: 2 });
    expect((await walkInPage(db, { actor: staff, device: a.device.toUpperCase() })).seats).toEqual({ left: 2, kept: 2 });
    expect((await walkInPage(db, { actor: staff, device: "not-a-device" })).seats).toEqual({ left: 0, kept: 2 });
    // The phone's own walk-ins take its seats and their ticket IDs, oldest first; then it is full too.
    const origin = { door: "Main gate", device: a.device };
    for (const ticketId of held) {
      expect(await registerWalkIn(db, staff, walkIn(), { language: "en", origin })).toMatchObject({
        status: "admitted",
        attendee: { ticket_id: ticketId },
      });
    }
    expect(await registerWalkIn(db, staff, walkIn(), { language: "en", origin })).toEqual({ status: "full" });
    expect(await db.select().from(attendees)).toHaveLength(10);
  });

  it("spends one share for a form sent twice, and none when the walk-in is someone registered already", async () => {
    const { db } = database;
    await updateSettings(db, { walk_in_seats: 5, walk_in_seats_per_phone: PER_PHONE });
    const a = phone();
    const held = await grantWalkInShares(db, a, "", BEFORE);
    const clientId = randomUUID();
    const form = walkIn();
    const origin = { device: a.device, clientId };
    const first = await registerWalkIn(db, staff, form, { language: "en", origin });
    expect(await registerWalkIn(db, staff, form, { language: "en", origin })).toEqual({ ...first, sentBy: [] });
    expect(await registerWalkIn(db, staff, form, { language: "en", origin: { device: a.device } })).toMatchObject({
      status: "same-person",
    });
    expect((await shares(a.device)).map((s) => s.ticket_id).sort()).toEqual(held.slice(1).sort());
  });
});
