import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { createAttendee } from "~/db/factories";
import { attendees, audit_log, check_ins, mail_outbox, rate_counters, walk_ins } from "~/db/schema";
import { createAdmin } from "~/modules/auth/accounts.server";
import { currentRegistrationStatus } from "~/modules/registration/public-status.server";
import { getSettings, updateSettings } from "~/modules/settings/settings.server";
import { openRegistration } from "~/modules/settings/test-data.server";
import { TICKET_ID_PATTERN } from "~/modules/tickets/ticket-id";
import { checkWalkIn, type WalkInInput } from "./walk-in-schema";
import { registerWalkIn, WALK_INS_PER_MINUTE, walkInCounts, walkInSeats } from "./walk-ins.server";

/** The seats each door phone holds for walk-ins offline (Event Settings). */
const PER_PHONE = 5;

let n = 0;
/** A walk-in as the door's form sends it, checked by its schema. */
function walkIn(fields: Record<string, string> = {}): WalkInInput {
  n++;
  const verdict = checkWalkIn({
    fullName: `Walk-in ${n}`,
    phone: `0806 ${String(n).padStart(7, "0")}`,
    gender: "female",
    state: "Zamfara",
    localGovernment: "Gusau",
    consent: "on",
    ...fields,
  });
  if ("error" in verdict) throw new Error(JSON.stringify(verdict.error));
  return verdict.value;
}

describe("the walk-in form's rules", () => {
  it("asks for the state and local government, and the consent read out; the e-mail address is optional", () => {
    const verdict = checkWalkIn({ fullName: "Ada", phone: "08031234567", gender: "female" });
    expect("error" in verdict && Object.keys(verdict.error).sort()).toEqual(["consent", "localGovernment", "state"]);
    const lgaElsewhere = checkWalkIn({ ...baseFields(), localGovernment: "Ikeja" });
    expect("error" in lgaElsewhere && lgaElsewhere.error.localGovernment).toBeTruthy();
    expect("value" in checkWalkIn(baseFields())).toBe(true);
  });

  it("holds names and addresses to the registration's rules: no link in a name, one bare address", () => {
    const link = checkWalkIn({ ...baseFields(), fullName: "Win https://spam.example" });
    expect("error" in link && link.error.fullName).toBeTruthy();
    const address = checkWalkIn({ ...baseFields(), email: "two@example.org, three@example.org" });
    expect("error" in address && address.error.email).toBeTruthy();
    // Hausa letters and a NUL typed in: the name is kept, the control character refused as online.
    expect(checkWalkIn({ ...baseFields(), fullName: "Ɗanladi ƙ Ƴusuf Ɓello ʼYa" })).toMatchObject({
      value: { fullName: "Ɗanladi ƙ Ƴusuf Ɓello ʼYa" },
    });
    expect("error" in checkWalkIn({ ...baseFields(), fullName: "Ada\u0000 Bello" })).toBe(true);
  });

  function baseFields() {
    return { fullName: "Ada Bello", phone: "08031234567", gender: "female", state: "Zamfara", localGovernment: "Gusau", consent: "on" };
  }
});

describe.each(DATABASE_KINDS)("walk-ins on %s", (kind) => {
  let database: DbConnection;
  let door: { id: string; email: string };
  beforeAll(async () => {
    database = await createTestDatabase(kind, { poolSize: 10 });
    door = await createAdmin(database.db, {
      email: `walk-in-${kind}@example.org`,
      name: "Hauwa at Gate A",
      password: "x".repeat(12),
      role: "checkin",
    });
  });
  afterAll(async () => database?.close());
  beforeEach(async () => {
    await database.db.delete(mail_outbox);
    await database.db.delete(attendees);
    // Each test's walk-ins count against the account's minute on their own.
    await database.db.delete(rate_counters);
    await openRegistration(database.db);
    await updateSettings(database.db, { walk_in_seats: 0 });
  });
  const options = { language: "ha" as const, origin: { door: "Gate A" } };

  it("registers and admits in one step: channel door, checked in, who registered them where, audited, ticket by SMS without an e-mail", async () => {
    const { db } = database;
    const result = await registerWalkIn(db, door, walkIn({ fullName: "Ɗanladi Ƙasimu", sms: "on" }), options);
    expect(result).toMatchObject({ status: "admitted", attendee: { full_name: "Ɗanladi Ƙasimu" }, sentBy: ["sms"] });
    if (result.status !== "admitted") return;
    expect(result.attendee.ticket_id).toMatch(TICKET_ID_PATTERN);
    const [row] = await db.select().from(attendees).where(eq(attendees.id, result.attendee.id));
    expect(row).toMatchObject({
      channel: "door",
      email: null,
      language: "ha",
      sms_opt_in: true,
      state: "Zamfara",
      local_government: "Gusau",
    });
    expect(row?.consent_at).toBeInstanceOf(Date);
    expect(await db.select().from(check_ins).where(eq(check_ins.attendee_id, result.attendee.id))).toMatchObject([
      { method: "walk-in", door: "Gate A", checked_in_by: door.id },
    ]);
    expect(await db.select().from(walk_ins).where(eq(walk_ins.attendee_id, result.attendee.id))).toMatchObject([
      { door: "Gate A", registered_by: door.id },
    ]);
    const audit = await db.select().from(audit_log).where(eq(audit_log.entity_id, result.attendee.id));
    expect(audit.map((a) => a.action)).toEqual(["walk-in.create"]);
    const outbox = await db.select().from(mail_outbox).where(eq(mail_outbox.attendee_id, result.attendee.id));
    expect(outbox.map((m) => m.channel)).toEqual(["sms"]);
    expect(await walkInCounts(db)).toMatchObject({ total: 1, byDoor: [{ door: "Gate A", count: 1 }] });
  });

  it("sends the ticket by e-mail when an address is given, and not by SMS unless asked", async () => {
    const result = await registerWalkIn(database.db, door, walkIn({ email: " Amina.Sani@Example.org " }), options);
    expect(result).toMatchObject({ status: "admitted", sentBy: ["email"] });
    const [row] = await database.db.select().from(attendees).where(eq(attendees.channel, "door"));
    expect(row?.email).toBe("amina.sani@example.org");
  });

  it("offers to admit the person already registered with the address, or the phone, instead", async () => {
    const { db } = database;
    const online = await createAttendee(db, { full_name: "Amina Sani", email: "amina@example.org", phone: "+2348061110000" });
    expect(await registerWalkIn(db, door, walkIn({ email: "AMINA@example.org" }), options)).toMatchObject({
      status: "same-person",
      byEmail: true,
      people: [{ id: online.id, full_name: "Amina Sani", checked_in_at: null }],
    });
    const samePhone = walkIn({ phone: "0806 111 0000", fullName: "Zainab Sani" });
    expect(await registerWalkIn(db, door, samePhone, options)).toMatchObject({ status: "same-person", byEmail: false });
    // The volunteer has seen it is someone else (a sister sharing the phone): registered.
    expect(await registerWalkIn(db, door, { ...samePhone, someone_else: "on" }, options)).toMatchObject({ status: "admitted" });
    // The address is never registered twice, whatever the volunteer says.
    expect(await registerWalkIn(db, door, walkIn({ email: "amina@example.org", someone_else: "on" }), options)).toMatchObject({
      status: "same-person",
      byEmail: true,
    });
  });

  it("lets one account register at most WALK_INS_PER_MINUTE walk-ins a minute: the next waits, nothing stored, other accounts unaffected", async () => {
    const { db } = database;
    const minute = new Date("2026-11-29T09:00:00.000Z");
    const at = (seconds: number) => ({ ...options, now: new Date(minute.getTime() + seconds * 1000) });
    for (let i = 0; i < WALK_INS_PER_MINUTE; i++) {
      expect((await registerWalkIn(db, door, walkIn(), at(i))).status).toBe("admitted");
    }
    const before = (await db.select({ id: attendees.id }).from(attendees)).length;
    expect(await registerWalkIn(db, door, walkIn({ fullName: "Ƴar Gate ʼYa" }), at(45))).toEqual({ status: "too-many", retryAfter: 15 });
    expect((await db.select({ id: attendees.id }).from(attendees)).length).toBe(before);
    // Another door account is counted on its own; the next minute the first may go on.
    const other = await createAdmin(db, {
      email: `walk-in-other-${kind}@example.org`,
      name: "Bello",
      password: "x".repeat(12),
      role: "checkin",
    });
    expect((await registerWalkIn(db, other, walkIn(), at(46))).status).toBe("admitted");
    expect((await registerWalkIn(db, door, walkIn(), at(61))).status).toBe("admitted");
  });

  it("registers a form sent twice (a retry after a lost answer) once", async () => {
    const clientId = randomUUID();
    const form = walkIn();
    const first = await registerWalkIn(database.db, door, form, { ...options, origin: { door: "Gate A", clientId } });
    const again = await registerWalkIn(database.db, door, form, { ...options, origin: { door: "Gate A", clientId } });
    expect(first.status).toBe("admitted");
    expect(again).toMatchObject({ status: "admitted", attendee: first.status === "admitted" ? first.attendee : {} });
    expect(await database.db.select().from(walk_ins)).toHaveLength(1);
  });

  it("keeps the walk-in seats from online registration, gives them to the door, and refuses politely when the hall is full", async () => {
    const { db } = database;
    await updateSettings(db, { max_attendees: 3, walk_in_seats: 1, walk_in_seats_per_phone: PER_PHONE });
    await createAttendee(db);
    await createAttendee(db);
    // Online: two of three taken and one kept for the door, so full.
    const online = await currentRegistrationStatus(db, await getSettings(db), new Date("2025-08-01T09:00:00Z"));
    expect(online).toMatchObject({ state: "full", spotsRemaining: 0 });
    expect(await walkInSeats(db)).toEqual({ left: 1, kept: 1 });
    expect(await registerWalkIn(db, door, walkIn(), options)).toMatchObject({ status: "admitted" });
    expect(await walkInSeats(db)).toEqual({ left: 0, kept: 0 });
    expect(await registerWalkIn(db, door, walkIn(), options)).toEqual({ status: "full" });
    expect(await db.select().from(attendees)).toHaveLength(3);
  });

  it("frees the kept seats for online registration as walk-ins use them", async () => {
    const { db } = database;
    await updateSettings(db, { max_attendees: 4, walk_in_seats: 2, walk_in_seats_per_phone: PER_PHONE });
    const when = new Date("2025-08-01T09:00:00Z");
    expect((await currentRegistrationStatus(db, await getSettings(db), when)).spotsRemaining).toBe(2);
    await registerWalkIn(db, door, walkIn(), options);
    // One walk-in used one of the two kept: online still sees 2 of the 3 left (1 kept).
    expect((await currentRegistrationStatus(db, await getSettings(db), when)).spotsRemaining).toBe(2);
    await registerWalkIn(db, door, walkIn(), options);
    await registerWalkIn(db, door, walkIn(), options);
    // More walk-ins than seats kept: they took an online seat too, and nothing is kept any more.
    expect((await currentRegistrationStatus(db, await getSettings(db), when)).spotsRemaining).toBe(1);
  });

  it("never overbooks: 12 doors registering walk-ins at once for 5 seats", async () => {
    const { db } = database;
    await updateSettings(db, { max_attendees: 5, walk_in_seats: 5, walk_in_seats_per_phone: PER_PHONE });
    const results = await Promise.all(Array.from({ length: 12 }, () => registerWalkIn(db, door, walkIn(), options)));
    expect(results.filter((r) => r.status === "admitted")).toHaveLength(5);
    expect(results.filter((r) => r.status === "full")).toHaveLength(7);
    expect(await db.select().from(attendees)).toHaveLength(5);
  });
});
