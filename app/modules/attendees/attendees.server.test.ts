import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { createAttendee } from "~/db/factories";
import { attendees, audit_log, cancelled_registrations, check_ins, mail_outbox } from "~/db/schema";
import { enqueueTicket } from "~/modules/tickets/ticket-mail.server";
import { AUDIT_DELETE, AUDIT_RESEND, deleteAttendee, getAttendeeDetails, resendTicket, searchAttendees } from "./attendees.server";
import { parseAttendeeQuery } from "./schemas";
import { createTestActor } from "./test-data.server";

const minutesAgo = (n: number) => new Date(Date.UTC(2026, 10, 21, 12, 0) - n * 60_000);

// A fixed list, newest first (index 0 registered last).
const PEOPLE = [
  { full_name: "Aminu Bello", email: "aminu@example.com", gender: "male", state: "Zamfara" },
  { full_name: "Fatima Ami", email: "fatima@example.com", gender: "female", state: "Kano" },
  { full_name: "Grace Okafor", email: "grace.ami@example.org", gender: "female", state: "Lagos" },
  { full_name: "Chidi Obi", email: "chidi@example.com", gender: "other", state: "Zamfara" },
  { full_name: "Samira Yusuf", email: "samira@example.com", gender: "female", state: "Zamfara" },
  { full_name: "John 100%_Real", email: "john@example.com", gender: "male", state: "" },
  { full_name: "Ɗanladi Ƙaura", email: "danladi@example.com", gender: "male", state: "Sokoto" },
  { full_name: "AMINA ABUBAKAR", email: "Amina@EXAMPLE.com", gender: "female", state: "Kano" },
] as const;

describe.each(DATABASE_KINDS)("searchAttendees on %s", (kind) => {
  let database: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    for (const [i, person] of PEOPLE.entries()) await createAttendee(database.db, { ...person, created_at: minutesAgo(i) });
  });
  afterAll(async () => {
    await database?.close();
  });

  const names = async (query: Parameters<typeof searchAttendees>[1]) =>
    (await searchAttendees(database.db, query)).rows.map((r) => r.full_name);

  it("lists everyone newest first with the totals and the states present", async () => {
    const result = await searchAttendees(database.db, {});
    expect(result.rows.map((r) => r.full_name)).toEqual(PEOPLE.map((p) => p.full_name));
    expect(result).toMatchObject({ total: 8, grandTotal: 8, page: 1, pageCount: 1, states: ["Kano", "Lagos", "Sokoto", "Zamfara"] });
  });

  it("searches the start of a name's words or a substring of the e-mail, in any case", async () => {
    expect(await names({ q: "ami" })).toEqual(["Aminu Bello", "Fatima Ami", "Grace Okafor", "Samira Yusuf", "AMINA ABUBAKAR"]);
    expect(await names({ q: "EXAMPLE.ORG" })).toEqual(["Grace Okafor"]);
    expect(await names({ q: "Ƙaura" })).toEqual(["Ɗanladi Ƙaura"]);
    expect(await names({ q: "nobody" })).toEqual([]);
  });

  it("treats % and _ as plain characters", async () => {
    expect(await names({ q: "100%" })).toEqual(["John 100%_Real"]);
    expect(await names({ q: "100%_r" })).toEqual(["John 100%_Real"]);
    // Not wildcards: no word of a name starts with them, and no e-mail holds them.
    expect(await names({ q: "%" })).toEqual([]);
    expect(await names({ q: "_" })).toEqual([]);
  });

  it("finds a name as people type it: hooked letters plain, each word the start of one, in any order", async () => {
    expect(await names({ q: "danladi kaura" })).toEqual(["Ɗanladi Ƙaura"]);
    expect(await names({ q: "KAURA dan" })).toEqual(["Ɗanladi Ƙaura"]);
    expect(await names({ q: "amina abu" })).toEqual(["AMINA ABUBAKAR"]);
    expect(await names({ q: "ladi kaura" })).toEqual([]);
  });

  it("filters gender and state exactly and combines every filter with AND", async () => {
    expect(await names({ gender: "male" })).toEqual(["Aminu Bello", "John 100%_Real", "Ɗanladi Ƙaura"]);
    expect(await names({ state: "Zamfara" })).toEqual(["Aminu Bello", "Chidi Obi", "Samira Yusuf"]);
    expect(await names({ q: "ami", gender: "female" })).toEqual(["Fatima Ami", "Grace Okafor", "Samira Yusuf", "AMINA ABUBAKAR"]);
    expect(await names({ q: "ami", gender: "female", state: "Kano" })).toEqual(["Fatima Ami", "AMINA ABUBAKAR"]);
    expect(await names({ gender: "other", state: "Kano" })).toEqual([]);
    const filtered = await searchAttendees(database.db, { q: "ami", state: "Zamfara" });
    expect(filtered).toMatchObject({ total: 2, grandTotal: 8, pageCount: 1 });
    // The states list is of the data, not of the filtered rows: the filter can be changed to any of them.
    expect(filtered.states).toEqual(["Kano", "Lagos", "Sokoto", "Zamfara"]);
  });

  it("pages through the matches and clamps a page past the end to the last one", async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => searchAttendees(database.db, { page, pageSize: 3 })));
    expect(pages.map((p) => p.rows.length)).toEqual([3, 3, 2]);
    expect(pages.flatMap((p) => p.rows.map((r) => r.full_name))).toEqual(PEOPLE.map((p) => p.full_name));
    expect(pages[2]).toMatchObject({ page: 3, pageCount: 3, total: 8 });
    const past = await searchAttendees(database.db, { page: 99, pageSize: 3 });
    expect(past.page).toBe(3);
    expect(past.rows.map((r) => r.full_name)).toEqual(["Ɗanladi Ƙaura", "AMINA ABUBAKAR"]);
    const filteredPast = await searchAttendees(database.db, { q: "ami", page: 5, pageSize: 2 });
    expect(filteredPast).toMatchObject({ total: 5, grandTotal: 8, page: 3, pageCount: 3 });
    expect(filteredPast.rows.map((r) => r.full_name)).toEqual(["AMINA ABUBAKAR"]);
    const none = await searchAttendees(database.db, { q: "nobody", page: 4 });
    expect(none).toMatchObject({ rows: [], total: 0, page: 1, pageCount: 1 });
  });

  it("finds a person by phone number and by ticket ID however they were typed", async () => {
    const [aminu, fatima] = (await searchAttendees(database.db, {})).rows;
    if (!aminu || !fatima) throw new Error("no rows");
    await database.db.update(attendees).set({ phone: "+2348031234567" }).where(eq(attendees.id, aminu.id));
    for (const q of ["0803 123 4567", "+234 803 123 4567", "08031234567", "8031234567", "0803-123-4567"])
      expect(await names({ q }), q).toEqual(["Aminu Bello"]);
    expect(await names({ q: "0803 123 456" })).toEqual([]);
    const [time, random] = fatima.ticket_id.split("-").slice(1);
    for (const q of [fatima.ticket_id, fatima.ticket_id.toLowerCase(), `ZYS ${time} ${random}`, `${time}-${random}`, `${time}${random}`])
      expect(await names({ q }), q).toEqual(["Fatima Ami"]);
  });

  it("shows when each attendee was checked in and filters by it", async () => {
    const all = (await searchAttendees(database.db, {})).rows;
    const chidi = all.find((r) => r.full_name === "Chidi Obi");
    if (!chidi) throw new Error("no Chidi");
    const at = new Date("2026-11-21T08:15:00Z");
    await database.db.insert(check_ins).values({ attendee_id: chidi.id, method: "search", created_at: at });
    const rows = (await searchAttendees(database.db, {})).rows;
    expect(rows.find((r) => r.id === chidi.id)?.checked_in_at).toEqual(at);
    expect(rows.filter((r) => r.checked_in_at !== null).map((r) => r.full_name)).toEqual(["Chidi Obi"]);
    expect(await names({ checkin: "in" })).toEqual(["Chidi Obi"]);
    expect(await names({ checkin: "out" })).toEqual(PEOPLE.map((p) => p.full_name).filter((n) => n !== "Chidi Obi"));
    expect(await searchAttendees(database.db, { checkin: "in", state: "Zamfara" })).toMatchObject({ total: 1, grandTotal: 8 });
    expect(await names({ checkin: "in", gender: "female" })).toEqual([]);
  });

  // Last: it adds a person of its own.
  it("finds a name whichever apostrophe was typed, and an accent typed as a mark", async () => {
    await createAttendee(database.db, { full_name: "Umar Na\u2019Allah Adé", email: "umar.naallah@example.org" });
    for (const q of ["na'allah", "Na\u02BCAllah", "Na\u2019Allah", "Na\u2018Allah"])
      expect(await names({ q }), q).toEqual(["Umar Na\u2019Allah Adé"]);
    // The URL's q is NFC as the stored names are (schemas.ts).
    expect(await names(parseAttendeeQuery(new URLSearchParams({ q: "Allah Ade\u0301" })))).toEqual(["Umar Na\u2019Allah Adé"]);
  });
});

describe.each(DATABASE_KINDS)("attendee actions on %s", (kind) => {
  let database: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("breaks created_at ties by id so pages neither overlap nor skip", async () => {
    const marker = `tie${randomUUID().slice(0, 8)}`;
    const at = new Date("2026-01-01T10:00:00Z");
    for (let i = 0; i < 5; i++) await createAttendee(database.db, { full_name: `${marker} ${i}`, created_at: at });
    const pages = await Promise.all([1, 2, 3].map((page) => searchAttendees(database.db, { q: marker, page, pageSize: 2 })));
    const ids = pages.flatMap((p) => p.rows.map((r) => r.id));
    expect(ids).toHaveLength(5);
    expect(new Set(ids).size).toBe(5);
    expect(ids).toEqual([...ids].sort().reverse());
  });

  it("shows every field, the check-in and each e-mail's delivery state", async () => {
    const actor = await createTestActor(database.db);
    const attendee = await createAttendee(database.db, { reason: "To meet leaders" });
    const before = await getAttendeeDetails(database.db, attendee.id);
    expect(before).toEqual({ attendee, checkIn: null, mail: [], cancelledAt: null, walkIn: null });

    const mailId = await enqueueTicket(database.db, { attendee, eventName: "Summit" });
    await database.db
      .update(mail_outbox)
      .set({ status: "failed", attempts: 8, last_error: "550 mailbox unavailable" })
      .where(eq(mail_outbox.id, mailId ?? ""));
    await database.db.insert(check_ins).values({ attendee_id: attendee.id, checked_in_by: actor.id, method: "search" });
    const details = await getAttendeeDetails(database.db, attendee.id);
    expect(details?.attendee.reason).toBe("To meet leaders");
    expect(details?.checkIn).toMatchObject({ method: "search", checked_in_by: "Test Admin", checked_in_at: expect.any(Date) });
    expect(details?.mail).toEqual([
      expect.objectContaining({ id: mailId, kind: "ticket", status: "failed", attempts: 8, last_error: "550 mailbox unavailable" }),
    ]);
  });

  it("shows a cancelled registration as it was, with when it was cancelled and its mail; Delete erases it", async () => {
    const attendee = await createAttendee(database.db, { full_name: "Cancelled Person" });
    await enqueueTicket(database.db, { attendee, eventName: "Summit" });
    const { created_at, ...fields } = attendee;
    await database.db.transaction(async (tx) => {
      await tx.insert(cancelled_registrations).values({ ...fields, registered_at: created_at });
      await tx.delete(attendees).where(eq(attendees.id, attendee.id));
    });
    const details = await getAttendeeDetails(database.db, attendee.id);
    expect(details).toMatchObject({
      attendee: { full_name: "Cancelled Person", created_at },
      checkIn: null,
      cancelledAt: expect.any(Date),
    });
    // The ticket e-mail lost its link to the row when the registration moved; its address still finds it.
    expect(details?.mail.map((m) => m.kind)).toEqual(["ticket"]);

    const actor = await createTestActor(database.db);
    expect(await deleteAttendee(database.db, actor, attendee.id)).toEqual({ full_name: "Cancelled Person" });
    expect(await getAttendeeDetails(database.db, attendee.id)).toBeUndefined();
    expect(await database.db.select().from(mail_outbox).where(eq(mail_outbox.to_address, attendee.email))).toEqual([]);
  });

  it("answers undefined for an unknown id and for something that is not an id", async () => {
    expect(await getAttendeeDetails(database.db, randomUUID())).toBeUndefined();
    expect(await getAttendeeDetails(database.db, "not-a-uuid")).toBeUndefined();
  });

  it("deletes an attendee and records it in the audit log, once", async () => {
    const actor = await createTestActor(database.db);
    const attendee = await createAttendee(database.db);
    await database.db.insert(check_ins).values({ attendee_id: attendee.id });

    expect(await deleteAttendee(database.db, actor, attendee.id)).toEqual({ full_name: attendee.full_name });
    expect(await database.db.select().from(attendees).where(eq(attendees.id, attendee.id))).toEqual([]);
    expect(await database.db.select().from(check_ins).where(eq(check_ins.attendee_id, attendee.id))).toEqual([]);
    const audit = await database.db.select().from(audit_log).where(eq(audit_log.entity_id, attendee.id));
    expect(audit).toEqual([
      expect.objectContaining({
        admin_id: actor.id,
        admin_email: actor.email,
        action: AUDIT_DELETE,
        entity: "attendee",
        details: {},
      }),
    ]);

    expect(await deleteAttendee(database.db, actor, attendee.id)).toBeUndefined();
    expect(await deleteAttendee(database.db, actor, "nope")).toBeUndefined();
    expect(await database.db.select().from(audit_log).where(eq(audit_log.entity_id, attendee.id))).toHaveLength(1);
  });

  it("queues a ticket-resend e-mail and records it in the audit log", async () => {
    const actor = await createTestActor(database.db);
    const attendee = await createAttendee(database.db);
    const result = await resendTicket(database.db, actor, attendee.id, "Zamfara Youth Summit");
    expect(result?.attendee.id).toBe(attendee.id);

    const mail = await database.db.select().from(mail_outbox).where(eq(mail_outbox.attendee_id, attendee.id));
    expect(mail).toEqual([
      expect.objectContaining({
        id: result?.mailId,
        kind: "ticket-resend",
        to_address: attendee.email,
        status: "pending",
        template: "ticket",
        subject: `Your ticket for Zamfara Youth Summit — ${attendee.ticket_id}`,
      }),
    ]);
    const audit = await database.db.select().from(audit_log).where(eq(audit_log.entity_id, attendee.id));
    expect(audit).toEqual([
      expect.objectContaining({
        admin_id: actor.id,
        action: AUDIT_RESEND,
        entity: "attendee",
        details: { ticket_id: attendee.ticket_id, mail_id: result?.mailId },
      }),
    ]);
  });

  it("resends nothing for an unknown attendee", async () => {
    const actor = await createTestActor(database.db);
    const id = randomUUID();
    expect(await resendTicket(database.db, actor, id, "Summit")).toBeUndefined();
    expect(await database.db.select().from(audit_log).where(eq(audit_log.entity_id, id))).toEqual([]);
  });
});
