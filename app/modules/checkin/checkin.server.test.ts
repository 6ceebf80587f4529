import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { english } from "#tests/support/english.ts";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { attendeeValues, createAttendee } from "~/db/factories";
import { attendees, audit_log, check_ins } from "~/db/schema";
import { createAdmin } from "~/modules/auth/accounts.server";
import { RANDOM_ALPHABET } from "~/modules/tickets/ticket-id";
import { signDoorCode } from "~/modules/tickets/ticket-token.server";
import {
  CHECKIN_MESSAGES,
  checkInById,
  checkInByScan,
  checkInByTicketId,
  countCheckedIn,
  searchAtDoor,
  ticketsOneAway,
  undoCheckIn,
} from "./checkin.server";

const doorRows = async (...args: Parameters<typeof searchAtDoor>) => (await searchAtDoor(...args)).rows;

const SECRET = "check-in-test-secret-0123456789";

describe.each(DATABASE_KINDS)("check-in on %s", (kind) => {
  let database: DbConnection;
  let door: { id: string; email: string; name: string };
  let other: { id: string; email: string; name: string };
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    door = await createAdmin(database.db, {
      email: `door-${kind}@example.org`,
      name: "Bala at the door",
      password: "x".repeat(12),
      role: "checkin",
    });
    other = await createAdmin(database.db, {
      email: `door2-${kind}@example.org`,
      name: "Second phone",
      password: "x".repeat(12),
      role: "checkin",
    });
  });
  afterAll(async () => database?.close());

  it("checks a scanned ticket in once; a second scan says when and by whom, and changes nothing", async () => {
    const { db } = database;
    const attendee = await createAttendee(db, { full_name: "Ɗanladi Ƙasimu", organization: "Gusau Youth Forum", state: "Zamfara" });
    const token = signDoorCode(attendee.ticket_id, SECRET);
    const first = await checkInByScan(db, door, token, SECRET);
    expect(first).toMatchObject({ status: "checked-in", attendee: { full_name: "Ɗanladi Ƙasimu", organization: "Gusau Youth Forum" } });
    // The ticket page URL a phone camera app shares works as well as the bare token.
    const again = await checkInByScan(db, other, `https://summit.example.org/tickets/${token}`, SECRET);
    expect(again.status).toBe("already");
    expect(english(again.message)).toMatch(/^Already checked in at \d\d:\d\d by Bala at the door$/);
    const rows = await db.select().from(check_ins).where(eq(check_ins.attendee_id, attendee.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ checked_in_by: door.id, method: "scan" });
    const audit = await db.select().from(audit_log).where(eq(audit_log.entity_id, attendee.id));
    expect(audit.map((a) => a.action)).toEqual(["checkin.create"]);
  });

  it("refuses a forged or altered code, and a ticket whose registration was deleted", async () => {
    const { db } = database;
    const attendee = await createAttendee(db);
    const token = signDoorCode(attendee.ticket_id, SECRET);
    expect(await checkInByScan(db, door, token, "another-secret-another-secret")).toEqual({
      status: "refused",
      message: CHECKIN_MESSAGES.forged,
    });
    const dot = token.lastIndexOf(".");
    const altered = `${token.slice(0, dot + 1)}${token[dot + 1] === "A" ? "B" : "A"}${token.slice(dot + 2)}`;
    expect(await checkInByScan(db, door, altered, SECRET)).toMatchObject({ status: "refused" });
    expect(await checkInByScan(db, door, attendee.ticket_id, SECRET)).toMatchObject({
      status: "refused",
      message: CHECKIN_MESSAGES.forged,
    });
    const gone = signDoorCode("ZYS-GONE1-ABCDEF", SECRET);
    expect(await checkInByScan(db, door, gone, SECRET)).toEqual({ status: "refused", message: CHECKIN_MESSAGES.deleted });
    expect(await countCheckedIn(db)).toBeGreaterThanOrEqual(0);
    expect(await db.select().from(check_ins).where(eq(check_ins.attendee_id, attendee.id))).toEqual([]);
  });

  it("checks in by a typed ticket ID or a search result, finds people by name or ticket ID only", async () => {
    const { db } = database;
    const hauwa = await createAttendee(db, { full_name: "Hauwa Ɓello", email: "hauwa.bello@example.org" });
    // Case-insensitive for ASCII letters (a C-locale PostgreSQL does not fold Ɓ/ɓ).
    const found = await doorRows(db, "HAUWA Ɓel");
    expect(found.map((r) => r.id)).toContain(hauwa.id);
    expect((await doorRows(db, hauwa.ticket_id.toLowerCase())).map((r) => r.id)).toEqual([hauwa.id]);
    // Not by e-mail: the answer would tell whoever types an address that its owner registered.
    expect(await doorRows(db, "HAUWA.BELLO@")).toEqual([]);
    expect(await doorRows(db, "%%%")).toEqual([]);
    // Fewer than three characters find nobody.
    expect(await doorRows(db, "Ha")).toEqual([]);
    expect(await doorRows(db, " H\u0000a ")).toEqual([]);
    // Only what tells two people of one name apart: no e-mail, no whole phone number.
    expect(Object.keys((await doorRows(db, "Hauwa"))[0] ?? {}).sort()).toEqual([
      "checked_in_at",
      "checked_in_by",
      "full_name",
      "id",
      "local_government",
      "organization",
      "phone_end",
      "position",
      "state",
      "ticket_id",
    ]);
    // Control characters (a NUL would make PostgreSQL refuse the query) are read as spaces.
    expect((await doorRows(db, "\u0000\u0001Hauwa\u001b[31m")).map((r) => r.id)).toEqual([]);
    expect((await doorRows(db, "Hauwa\u0000")).map((r) => r.id)).toEqual([hauwa.id]);
    // Whichever apostrophe was typed, and an accent typed as a mark (stored and searched NFC).
    const umar = await createAttendee(db, { full_name: "Umar Na\u2019Allah Adé", email: "umar.naallah@example.org" });
    for (const q of ["Na'Allah", "Na\u02BCAllah", "Na\u2019Allah", "Allah Adé", "Allah Ade\u0301"])
      expect(
        (await doorRows(db, q)).map((r) => r.id),
        q,
      ).toContain(umar.id);
    expect(await checkInByTicketId(db, door, ` ${hauwa.ticket_id.toLowerCase()} `)).toMatchObject({ status: "checked-in" });
    expect((await doorRows(db, "Hauwa Ɓello"))[0]).toMatchObject({
      checked_in_by: "Bala at the door",
      checked_in_at: expect.any(Date),
    });
    expect(await checkInByTicketId(db, door, "ZYS-NOPE-000000")).toEqual({
      status: "refused",
      message: CHECKIN_MESSAGES.unknownTicketId("ZYS-NOPE-000000"),
    });
    const musa = await createAttendee(db, { full_name: "Musa Garba" });
    expect(await checkInById(db, door, musa.id)).toMatchObject({ status: "checked-in" });
    expect(await checkInById(db, door, "not-an-id")).toMatchObject({ status: "refused" });
  });

  it("reads a typed ticket ID however it was typed, and offers the real ID one character away without checking it in", async () => {
    const { db } = database;
    const amina = await createAttendee(db, { full_name: "Amina Sani", ticket_id: "ZYS-MDO1I0KD-O0I1AB" });
    const sani = await createAttendee(db, { full_name: "Sani Amina", ticket_id: "ZYS-MDO1I0KE-8MGRT4" });
    // An old ID with O/0/I/1 still checks in exactly; spaces and no prefix read as the stored form.
    expect(await checkInByTicketId(db, door, "mdo1i0kd o0i1ab")).toMatchObject({ status: "checked-in", attendee: { id: amina.id } });
    // O typed for 0 in the random part, 0 for O in the time part, any other slip: refused, with the real one offered.
    for (const typed of ["ZYS-MDO1I0KE-8MGRT5", "ZYS MD01I0KE 8MGRT4", "MDO1I0KE8MGRTA", "ZYS-MDO1IOKE-8MGRT4"]) {
      const outcome = await checkInByTicketId(db, door, typed);
      expect(outcome, typed).toMatchObject({ status: "refused", suggestions: [{ ticket_id: sani.ticket_id, full_name: "Sani Amina" }] });
    }
    expect(await db.select().from(check_ins).where(eq(check_ins.attendee_id, sani.id))).toEqual([]);
    // Two characters off, or a character missing: no suggestion.
    for (const typed of ["ZYS-MDO1I0KE-8MGRXX", "ZYS-MDO1I0K-8MGRT4", "ZYS-MDO1I0KE-8MGRT"])
      expect((await checkInByTicketId(db, door, typed)) as { suggestions?: unknown }, typed).not.toHaveProperty("suggestions");
    // Garbage is not read as an ID at all.
    expect(await checkInByTicketId(db, door, "%%%")).toEqual({ status: "refused", message: CHECKIN_MESSAGES.unknownTicketId("%%%") });
    // The volunteer confirms: the suggested ID checks in.
    expect(await checkInByTicketId(db, door, sani.ticket_id)).toMatchObject({ status: "checked-in" });
  });

  it("finds the one-character-away candidates through the ticket ID part indexes, among many IDs", async () => {
    const { db } = database;
    // 400 IDs: 20 registration times × 20 random parts, in the new alphabet.
    const code = (n: number) => [...n.toString(32).padStart(6, "0")].map((c) => RANDOM_ALPHABET[Number.parseInt(c, 32)]).join("");
    const rows = Array.from({ length: 400 }, (_, i) => ({ i, id: `ZYS-MDZZZZ${code(i % 20).slice(-2)}-${code(i)}` }));
    await db.insert(attendees).values(rows.map(({ i, id }) => attendeeValues({ full_name: `Many ${i}`, ticket_id: id })));
    const target = rows[123]?.id ?? "";
    const typed = `${target.slice(0, -1)}${target.endsWith("Z") ? "Y" : "Z"}`;
    const found = await ticketsOneAway(db, typed, 50);
    // Every row sharing the time part is one character away only if its random part differs in one place.
    expect(found.map((r) => r.ticket_id)).toContain(target);
    for (const r of found) expect([...r.ticket_id].filter((c, k) => c !== typed[k]).length).toBe(1);
    await db.execute(sql`analyze attendees`);
    const plan = (await db.execute(
      sql`explain select ticket_id from attendees where split_part(ticket_id, '-', 2) = 'X' or split_part(ticket_id, '-', 3) = 'Y'`,
    )) as unknown as { rows: Record<string, string>[] };
    const text = plan.rows.map((r) => Object.values(r).join(" ")).join("\n");
    expect(text).toMatch(/attendees_ticket_time_idx/);
    expect(text).toMatch(/attendees_ticket_random_idx/);
  });

  it("tells people of one name apart: what to ask them, whole-word matches first, and how many more", async () => {
    const { db } = database;
    const lgas = ["Gusau", "Bungudu", "Tsafe", "Maru", "Anka", "Bakura", "Kaura Namoda", "Talata Mafara", "Zurmi", "Shinkafi"];
    for (const [i, lga] of lgas.entries())
      await createAttendee(db, {
        full_name: "Abubakar Ɓello",
        organization: `Youth Club ${i}`,
        state: "Zamfara",
        local_government: lga,
        phone: `+23480312340${String(i).padStart(2, "0")}`,
      });
    await createAttendee(db, { full_name: "Abubakar Bellows", state: "Kano", local_government: "Dala" });
    const { rows, total } = await searchAtDoor(db, "abubakar bello");
    expect(total).toBe(11);
    expect(rows).toHaveLength(8);
    // "bello" whole before "Bellows": the one shown last, or not among the first eight at all.
    expect(rows.every((r) => r.full_name === "Abubakar Ɓello")).toBe(true);
    expect(new Set(rows.map((r) => `${r.organization} ${r.local_government} ${r.phone_end}`)).size).toBe(8);
    expect(rows.every((r) => /^0[01]\d$/.test(r.phone_end))).toBe(true);
    expect((await searchAtDoor(db, "bellows")).rows.map((r) => r.local_government)).toEqual(["Dala"]);
  });

  it("finds people at the door by phone number in either form, without showing it", async () => {
    const { db } = database;
    const zainab = await createAttendee(db, { full_name: "Zainab Phone", phone: "+2348099876543" });
    for (const q of ["0809 987 6543", "+234 809 987 6543", "08099876543", "8099876543"])
      expect(
        (await doorRows(db, q)).map((r) => r.id),
        q,
      ).toEqual([zainab.id]);
    expect(await doorRows(db, "0809 987 654")).toEqual([]);
    // Only the last three digits, never the number: no row carries a phone, nor its digits (a random
    // id or ticket ID may hold "809" by chance, as one did: seven digits of the number may not).
    const [row] = await doorRows(db, "08099876543");
    expect(row).not.toHaveProperty("phone");
    expect(row?.phone_end).toBe("543");
    expect(JSON.stringify(row)).not.toMatch(/9987654|8099876/);
    const [time, random] = zainab.ticket_id.split("-").slice(1);
    expect((await doorRows(db, `${time} ${random}`.toLowerCase())).map((r) => r.id)).toEqual([zainab.id]);
  });

  it("undoes a check-in, audited, so the ticket can be scanned again", async () => {
    const { db } = database;
    const attendee = await createAttendee(db, { full_name: "Aisha Yusuf" });
    await checkInById(db, door, attendee.id);
    expect(await undoCheckIn(db, door, attendee.id)).toEqual({ full_name: "Aisha Yusuf" });
    expect(await undoCheckIn(db, door, attendee.id)).toBeNull();
    expect(await checkInById(db, other, attendee.id)).toMatchObject({ status: "checked-in" });
    const actions = (await db.select().from(audit_log).where(eq(audit_log.entity_id, attendee.id))).map((a) => a.action);
    expect(actions.sort()).toEqual(["checkin.create", "checkin.create", "checkin.undo"]);
  });

  it("records the door and the device's id of an online check-in, and names the door when it is scanned again", async () => {
    const { db } = database;
    const attendee = await createAttendee(db);
    const token = signDoorCode(attendee.ticket_id, SECRET);
    const clientId = crypto.randomUUID();
    expect(await checkInByScan(db, door, token, SECRET, "en", { door: "Main gate", clientId })).toMatchObject({ status: "checked-in" });
    const [row] = await db.select().from(check_ins).where(eq(check_ins.attendee_id, attendee.id));
    expect(row).toMatchObject({ door: "Main gate", client_id: clientId });
    const again = await checkInByTicketId(db, other, attendee.ticket_id, "en", { door: "VIP entrance", clientId: crypto.randomUUID() });
    expect(english(again.message)).toMatch(/^Already checked in at Main gate at \d\d:\d\d by Bala at the door$/);
    // The same device id again (a retried request) is the same door's answer again, green, and changes nothing.
    expect(await checkInById(db, door, attendee.id, { door: "Main gate", clientId })).toMatchObject({ status: "checked-in" });
    const other2 = await createAttendee(db);
    expect(await checkInById(db, door, other2.id, { clientId })).toMatchObject({ status: "already" });
    expect(await db.select().from(check_ins).where(eq(check_ins.attendee_id, other2.id))).toEqual([]);
    expect(await db.select().from(check_ins).where(eq(check_ins.attendee_id, attendee.id))).toEqual([row]);
  });

  it("two phones scanning one ticket at the same moment check it in once", async () => {
    const { db } = database;
    const attendee = await createAttendee(db);
    const token = signDoorCode(attendee.ticket_id, SECRET);
    // Three doors (the same account at two door names is two doors): one admits, the others say "already".
    const results = await Promise.all([
      checkInByScan(db, door, token, SECRET),
      checkInByScan(db, other, token, SECRET, "en", { door: "Gate 1" }),
      checkInByScan(db, other, token, SECRET, "en", { door: "Gate 2" }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(["already", "already", "checked-in"]);
    expect(await db.select().from(check_ins).where(eq(check_ins.attendee_id, attendee.id))).toHaveLength(1);
  });

  it('answers the same door\'s second look at a ticket within a minute green, "just now"; amber for another door or later', async () => {
    const { db } = database;
    const attendee = await createAttendee(db, { full_name: "Nafisa Ƴarʼadua" });
    const token = signDoorCode(attendee.ticket_id, SECRET);
    const device = crypto.randomUUID();
    const at = (door: string, dev?: string) => ({ door, clientId: crypto.randomUUID(), ...(dev ? { device: dev } : {}) });
    expect(await checkInByScan(db, door, token, SECRET, "en", at("VIP entrance", device))).toMatchObject({ status: "checked-in" });
    // The QR still in view, seen again by the same phone: still green, and said so.
    const again = await checkInByScan(db, door, token, SECRET, "en", at("VIP entrance", device));
    expect(again).toMatchObject({ status: "checked-in", message: CHECKIN_MESSAGES.checkedInJustNow("Nafisa Ƴarʼadua") });
    expect(english(again.message)).toBe("Nafisa Ƴarʼadua is checked in (just now, by this door).");
    // Another phone of the same account, another account, or another door name: amber.
    expect(await checkInByScan(db, door, token, SECRET, "en", at("VIP entrance", crypto.randomUUID()))).toMatchObject({
      status: "already",
    });
    expect(await checkInByScan(db, other, token, SECRET, "en", at("VIP entrance", device))).toMatchObject({ status: "already" });
    expect(await checkInByTicketId(db, door, attendee.ticket_id, "en", at("Main gate"))).toMatchObject({ status: "already" });
    // A minute later the same door is told when it was: the person may be trying to come in twice.
    await db.update(check_ins).set({ created_at: sql`now() - interval '61 seconds'` }).where(eq(check_ins.attendee_id, attendee.id));
    expect(await checkInByScan(db, door, token, SECRET, "en", at("VIP entrance", device))).toMatchObject({ status: "already" });
    expect(await db.select().from(check_ins).where(eq(check_ins.attendee_id, attendee.id))).toHaveLength(1);
    const audit = await db.select().from(audit_log).where(eq(audit_log.entity_id, attendee.id));
    expect(audit.map((a) => a.action)).toEqual(["checkin.create"]);
  });
});
