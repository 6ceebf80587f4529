import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { attendeeValues, createArchivedEdition, createAttendee } from "~/db/factories";
import {
  audit_log,
  check_in_conflicts,
  check_in_lists,
  check_ins,
  feedback,
  list_check_in_conflicts,
  list_check_ins,
  mail_outbox,
  past_registrations,
  reminders,
  waitlist,
} from "~/db/schema";
import { SELF_SERVICE_ACTOR } from "~/modules/audit/audit.server";
import { recordOptIn } from "~/modules/invitations/opt-in.server";
import { getSettings } from "~/modules/settings/settings.server";
import { cancelRegistration } from "~/modules/tickets/cancel.server";
import { signSelfServiceToken } from "~/modules/tickets/ticket-token.server";
import {
  eraseBySelfService,
  erasePersonalData,
  exportBySelfService,
  exportPersonalData,
  registrationBySelfServiceToken,
} from "./personal-data.server";
import { tablesMentioning } from "./test-data.server";

const SECRET = "personal-data-secret-0123456789abcdef";

describe.each(DATABASE_KINDS)("personal data on %s", (kind) => {
  let database: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.close());

  it("hands over everything stored about a person, then erases them from every table", async () => {
    const { db } = database;
    const person = { full_name: "Zainab Ɗanjuma Qx7", email: "zainab.qx7@example.org", phone: "+2348039990001" };
    // An earlier registration they cancelled, then the current one, checked in, reminded, mailed.
    const earlier = await createAttendee(db, { ...person, ticket_id: "ZYS-EARLIER1-QX7AAA" });
    await cancelRegistration(db, signSelfServiceToken(earlier.id, SECRET), SECRET);
    const current = await createAttendee(db, { ...person, ticket_id: "ZYS-CURRENT1-QX7BBB", reason: "To learn" });
    const other = await createAttendee(db);
    await db.insert(check_ins).values({ attendee_id: current.id, method: "scan", door: "Main gate" });
    // A door that was offline let them in a second time.
    const secondAt = new Date();
    await db
      .insert(check_in_conflicts)
      .values({ id: crypto.randomUUID(), attendee_id: current.id, door: "VIP entrance", checked_in_at: secondAt, method: "search" });
    // Lunch at one door, and again at another that was offline.
    const [lunch] = await db.insert(check_in_lists).values({ name: "Lunch" }).returning();
    const givenAt = new Date("2026-12-24T12:00:00Z");
    const againAt = new Date("2026-12-24T12:20:00Z");
    await db.insert(list_check_ins).values({ list_id: lunch?.id ?? "", attendee_id: current.id, door: "Hall ɗ", created_at: givenAt });
    await db.insert(list_check_in_conflicts).values({
      id: crypto.randomUUID(),
      list_id: lunch?.id ?? "",
      attendee_id: current.id,
      door: "Hall B",
      given_at: againAt,
      method: "ticket-id",
    });
    await db.insert(reminders).values({ attendee_id: current.id, event_date: "2026-12-24" });
    await db.insert(mail_outbox).values({
      to_address: person.email,
      subject: "Your ticket",
      html: "<p>Zainab</p>",
      text: "",
      kind: "ticket",
      attendee_id: current.id,
    });
    await db.insert(audit_log).values({
      admin_email: "organiser@example.org",
      action: "attendee.resend-ticket",
      entity: "attendee",
      entity_id: current.id,
      details: { name: person.full_name },
    });
    // Before registering they had waited on the waitlist, and let an offer lapse.
    const [queued] = await db
      .insert(waitlist)
      .values({ ...person, gender: "female", status: "expired", offer_expires_at: new Date(), decided_at: new Date() })
      .returning();
    await db.insert(audit_log).values({
      admin_email: "Waitlist (automatic)",
      action: "waitlist.offer",
      entity: "waitlist",
      entity_id: queued?.id,
      details: { name: person.full_name },
    });
    // They asked to hear about future editions.
    await recordOptIn(db, { ...person, language: "en" }, { consentedAt: new Date(), noticeVersion: "3" });
    const registeredBefore = (await getSettings(db)).registered_count;

    expect(await registrationBySelfServiceToken(db, signSelfServiceToken(earlier.id, SECRET), SECRET)).toEqual({
      id: earlier.id,
      active: false,
    });
    expect(await registrationBySelfServiceToken(db, signSelfServiceToken(current.id, SECRET), SECRET)).toEqual({
      id: current.id,
      active: true,
    });
    const data = await exportPersonalData(db, SELF_SERVICE_ACTOR, current.id);
    expect(data?.registration).toMatchObject({ id: current.id, full_name: person.full_name, phone: person.phone, reason: "To learn" });
    expect(data?.cancelled_registrations.map((c) => c.ticket_id)).toEqual(["ZYS-EARLIER1-QX7AAA"]);
    expect(data?.check_in).toMatchObject({ method: "scan", door: "Main gate" });
    expect(data?.second_admissions).toEqual([{ at: secondAt, method: "search", door: "VIP entrance" }]);
    expect(data?.list_gives).toEqual([{ list: "Lunch", at: givenAt, method: "scan", door: "Hall ɗ" }]);
    expect(data?.second_list_gives).toEqual([{ list: "Lunch", at: againAt, method: "ticket-id", door: "Hall B" }]);
    expect(data?.about).toContain("check-in lists gave you");
    expect(data?.reminders).toEqual([expect.objectContaining({ event_date: "2026-12-24" })]);
    expect(data?.emails.map((m) => m.kind).sort()).toEqual(["cancellation", "ticket"]);
    expect(data?.waitlist).toEqual([expect.objectContaining({ id: queued?.id, status: "expired" })]);
    expect(data?.future_editions).toMatchObject({ email: person.email, notice_version: "3", invitations: [] });
    expect(JSON.parse(JSON.stringify(data))).toBeTruthy();

    for (const needle of [person.email, person.full_name, person.phone, "ZYS-CURRENT1-QX7BBB", "ZYS-EARLIER1-QX7AAA"])
      expect((await tablesMentioning(db, needle)).length, needle).toBeGreaterThan(0);
    expect(await erasePersonalData(db, SELF_SERVICE_ACTOR, earlier.id)).toBe(true);
    for (const needle of [person.email, person.full_name, person.phone, "ZYS-CURRENT1-QX7BBB", "ZYS-EARLIER1-QX7AAA"])
      expect(await tablesMentioning(db, needle), needle).toEqual([]);

    expect(await db.select().from(check_in_conflicts).where(eq(check_in_conflicts.attendee_id, current.id))).toEqual([]);
    expect(await db.select().from(list_check_ins).where(eq(list_check_ins.attendee_id, current.id))).toEqual([]);
    expect(await db.select().from(list_check_in_conflicts).where(eq(list_check_in_conflicts.attendee_id, current.id))).toEqual([]);
    // The seat is free, the other attendee untouched, and the log says what happened without who.
    expect((await getSettings(db)).registered_count).toBe(registeredBefore - 1);
    expect(await tablesMentioning(db, other.email)).toContain("attendees");
    const actions = (await db.select().from(audit_log)).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(["attendee.cancel", "attendee.data-export", "attendee.erase"]));
    expect(await erasePersonalData(db, SELF_SERVICE_ACTOR, current.id)).toBe(false);
    expect(await exportPersonalData(db, SELF_SERVICE_ACTOR, "not-a-uuid")).toBeUndefined();
  });

  it("an old link of a cancelled registration reaches only that registration, never the address's new one", async () => {
    const { db } = database;
    const victim = { email: "victim.qz9@example.org", phone: "+2348039990002" };
    // Someone registered the address and kept that registration's link, then cancelled it.
    const planted = await createAttendee(db, { ...victim, full_name: "Planted Qz9" });
    const oldLink = signSelfServiceToken(planted.id, SECRET);
    await cancelRegistration(db, oldLink, SECRET);
    // The real owner of the address registers later.
    const real = await createAttendee(db, { ...victim, full_name: "Real Owner Qz9", reason: "My own reason" });
    const reach = await registrationBySelfServiceToken(db, oldLink, SECRET);
    expect(reach).toEqual({ id: planted.id, active: false });
    if (!reach) return;
    const exported = JSON.stringify(await exportBySelfService(db, reach));
    expect(exported).toContain("Planted Qz9");
    for (const secret of ["Real Owner Qz9", "My own reason", real.id, real.ticket_id]) expect(exported).not.toContain(secret);
    expect(await cancelRegistration(db, oldLink, SECRET)).toEqual({ status: "already" });
    expect(await eraseBySelfService(db, reach)).toBe(true);
    expect(await tablesMentioning(db, "Real Owner Qz9")).toEqual(["attendees"]);
    expect(await tablesMentioning(db, "Planted Qz9")).toEqual([]);
  });
  it("hands over and erases their survey answers, this edition's and a past edition's, and leaves others' alone", async () => {
    const { db } = database;
    const person = { full_name: "Halima Surveyed Qv4", email: "halima.qv4@example.org", phone: "+2348039990004" };
    const { edition_id: currentEdition } = await getSettings(db);
    const edition = await createArchivedEdition(db, { name: "Answers edition Qv4" });
    // Last year they came and answered; so did someone else. This year they registered and answered again.
    const pastRow = async (values: ReturnType<typeof attendeeValues>) => {
      const id = crypto.randomUUID();
      await db
        .insert(past_registrations)
        .values({ ...values, id, edition_id: edition.id, outcome: "attended", registered_at: new Date("2025-07-01T10:00:00Z") });
      return id;
    };
    const pastId = await pastRow(attendeeValues(person));
    const othersPastId = await pastRow(attendeeValues({ full_name: "Someone Else Qv4" }));
    const current = await createAttendee(db, person);
    const answer = { attended: true, rating: 4, come_again: true };
    await db.insert(feedback).values([
      { ...answer, edition_id: edition.id, past_registration_id: pastId, change_text: "Past answer Qv4" },
      { ...answer, edition_id: edition.id, past_registration_id: othersPastId, change_text: "Others' answer Qv4" },
      { ...answer, edition_id: currentEdition, attendee_id: current.id, change_text: "Current answer Qv4" },
    ]);

    const exported = await exportPersonalData(db, SELF_SERVICE_ACTOR, current.id);
    expect(exported?.feedback).toMatchObject({ what_should_change: "Current answer Qv4", rating: 4 });
    expect(exported?.past_editions_feedback).toMatchObject([{ edition_id: edition.id, what_should_change: "Past answer Qv4" }]);
    expect(JSON.stringify(exported)).not.toContain("Others' answer Qv4");
    // The old edition's link reaches that registration only, with its answer.
    const pastCopy = await exportBySelfService(db, { id: pastId, active: false });
    expect(pastCopy).toMatchObject({ past_registration: { id: pastId }, feedback: { what_should_change: "Past answer Qv4" } });

    expect(await erasePersonalData(db, SELF_SERVICE_ACTOR, current.id)).toBe(true);
    const left = await db.select({ text: feedback.change_text, past: feedback.past_registration_id }).from(feedback);
    expect(left.map((row) => row.text)).not.toContain("Past answer Qv4");
    expect(left.map((row) => row.text)).not.toContain("Current answer Qv4");
    expect(left).toContainEqual({ text: "Others' answer Qv4", past: othersPastId });

    // Erasing through the past edition's own link deletes its answer too, not merely unlinks it.
    const secondPast = await pastRow(attendeeValues({ full_name: "Past Only Qv4" }));
    await db.insert(feedback).values({ ...answer, edition_id: edition.id, past_registration_id: secondPast, change_text: "Past only Qv4" });
    expect(await eraseBySelfService(db, { id: secondPast, active: false })).toBe(true);
    expect(await db.select().from(feedback).where(eq(feedback.change_text, "Past only Qv4"))).toEqual([]);
  });
});
