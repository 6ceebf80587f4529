import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection, DbOrTx } from "~/db/client.server";
import { attendeeValues, createAttendee } from "~/db/factories";
import { jobDoneFor } from "~/db/job-runs.server";
import {
  attendees,
  audit_log,
  cancelled_registrations,
  check_ins,
  editions,
  job_runs,
  mail_outbox,
  reminders,
  retained_stats,
  waitlist,
} from "~/db/schema";
import { retentionDeadline } from "~/modules/settings/purge-schedule";
import { keepPurgeAWeekAway } from "~/modules/settings/purge-schedule.server";
import { getSettings, updateSettings } from "~/modules/settings/settings.server";
import { cancelRegistration } from "~/modules/tickets/cancel.server";
import { signSelfServiceToken } from "~/modules/tickets/ticket-token.server";
import { currentPurgeDate, postponePurge, purgePersonalDataIfDue, retentionNotice } from "./retention.server";
import { tablesMentioning } from "./test-data.server";

// The event: Thursday 24 December 2026, 8:00 AM to 5:00 PM in Lagos (16:00 UTC the end);
// personal data kept 30 days after it: due on 23 January 2027 at 16:00 UTC.
const EVENT = { event_date: "2026-12-24", event_starts_at: "08:00:00", event_ends_at: "17:00:00", retention_days: 30 };
const DEADLINE = new Date("2027-01-23T16:00:00Z");
const SECRET = "retention-secret-0123456789abcdef0123";

describe("retentionDeadline", () => {
  it("is the event's end plus the retention days", () => {
    expect(retentionDeadline(EVENT)).toEqual(DEADLINE);
    expect(retentionDeadline({ ...EVENT, retention_days: 90 })).toEqual(new Date("2027-03-24T16:00:00Z"));
    // From the end as set, as "has passed" reads it.
    expect(retentionDeadline({ ...EVENT, event_ends_at: "23:00:00", retention_days: 1 })).toEqual(new Date("2026-12-25T22:00:00Z"));
  });
});

/** A person on the waitlist (the waitlist has no factory of its own yet). */
async function joinWaitlist(db: DbOrTx, overrides: Partial<typeof waitlist.$inferInsert> = {}) {
  const { ticket_id: _ticket, ...person } = attendeeValues();
  await db.insert(waitlist).values({ ...person, ...overrides });
}

const retained = async (db: DbOrTx) =>
  Object.fromEntries((await db.select().from(retained_stats)).map((row) => [`${row.kind}:${row.key}`, row.count]));

describe.each(DATABASE_KINDS)("purgePersonalDataIfDue on %s", (kind) => {
  let database: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.close());
  beforeEach(async () => {
    const { db } = database;
    for (const table of [mail_outbox, waitlist, cancelled_registrations, attendees, audit_log, retained_stats]) await db.delete(table);
    await db.delete(job_runs);
    await db.update(editions).set({ purge_not_before: null });
    await updateSettings(db, EVENT);
  });

  it("waits for the deadline, keeps anonymous counts, deletes every trace of people, once however many instances ask", async () => {
    const { db } = database;
    const person = { full_name: "Hadiza Ƙaura Rx4", email: "hadiza.rx4@example.org", phone: "+2348039990044" };
    const planted = await createAttendee(db, { ...person, gender: "female", state: "Sokoto", ticket_id: "ZYS-PLANTED1-RX4AAA" });
    const people = [
      planted,
      await createAttendee(db, { gender: "male", state: "Sokoto" }),
      await createAttendee(db, { gender: "male", state: "Zamfara" }),
      await createAttendee(db, { gender: "other", state: "" }),
    ];
    const leaving = await createAttendee(db, { full_name: "Musa Cancelled Rx4", ticket_id: "ZYS-LEAVING1-RX4BBB" });
    await cancelRegistration(db, signSelfServiceToken(leaving.id, SECRET), SECRET);
    await db.insert(check_ins).values(people.slice(0, 2).map((a) => ({ attendee_id: a.id, method: "scan" })));
    await db.insert(reminders).values({ attendee_id: planted.id, event_date: EVENT.event_date });
    await db.insert(mail_outbox).values({
      to_address: person.email,
      subject: "Your ticket",
      html: `<p>${person.full_name}</p>`,
      text: "",
      kind: "ticket",
      attendee_id: planted.id,
    });
    await joinWaitlist(db, { full_name: "Waiting Person Rx4", phone: "+2348039990055", status: "expired" });
    await joinWaitlist(db);
    await db.insert(audit_log).values([
      {
        admin_email: "organiser@example.org",
        action: "attendee.resend-ticket",
        entity: "attendee",
        entity_id: planted.id,
        details: { ticket_id: planted.ticket_id },
      },
      {
        admin_email: "organiser@example.org",
        action: "attendee.export",
        entity: "attendees",
        details: { scope: "filtered", q: person.email },
      },
    ]);
    const needles = [
      person.email,
      person.full_name,
      person.phone,
      planted.ticket_id,
      "Musa Cancelled Rx4",
      "ZYS-LEAVING1-RX4BBB",
      "Waiting Person Rx4",
      "+2348039990055",
    ];
    for (const needle of needles) expect((await tablesMentioning(db, needle)).length, needle).toBeGreaterThan(0);

    // A millisecond early: nothing happens.
    expect(await purgePersonalDataIfDue(db, new Date(DEADLINE.getTime() - 1))).toBeNull();
    expect(await db.select().from(attendees)).toHaveLength(4);
    expect(await retained(db)).toEqual({});

    // Three instances ticking at the deadline: one purges, the others find the mark.
    const runs = await Promise.all([
      purgePersonalDataIfDue(db, DEADLINE),
      purgePersonalDataIfDue(db, DEADLINE),
      purgePersonalDataIfDue(db, DEADLINE),
    ]);
    const done = { eventDate: EVENT.event_date, registrations: 4, checkedIn: 2, cancelled: 1, waitlist: 2, mails: 2 };
    expect(runs.filter((run) => run !== null)).toEqual([done]);
    // After a restart, days later: nothing more.
    expect(await purgePersonalDataIfDue(db, new Date(DEADLINE.getTime() + 5 * 86_400_000))).toBeNull();

    expect(await retained(db)).toEqual({
      "total:": 4,
      "gender:female": 1,
      "gender:male": 2,
      "gender:other": 1,
      "state:Sokoto": 2,
      "state:Zamfara": 1,
      // The factory's local government with each state.
      "lga:Sokoto / Gusau": 2,
      "lga:Zamfara / Gusau": 1,
      "checked_in:": 2,
      "cancelled:": 1,
      "waitlist:": 2,
      // The day they registered, in Lagos: all four just now.
      [`day:${new Date(Date.now() + 3_600_000).toISOString().slice(0, 10)}`]: 4,
      // No tracked link brought them (modules/outreach): counted as direct.
      "outreach:direct": 4,
      "outreach_attended:direct": 2,
    });
    for (const table of [attendees, cancelled_registrations, waitlist, mail_outbox, check_ins, reminders])
      expect(await db.select().from(table)).toEqual([]);
    for (const needle of needles) expect(await tablesMentioning(db, needle), needle).toEqual([]);
    const settings = await getSettings(db);
    expect(settings.registered_count).toBe(0);
    expect(await jobDoneFor(db, "personal-data-purge", EVENT.event_date)).toBe(true);

    // The log keeps that things happened, not to whom, and says who purged what.
    const entries = await db.select().from(audit_log);
    expect(entries.find((e) => e.action === "attendee.resend-ticket")).toMatchObject({ entity_id: planted.id, details: {} });
    const purge = entries.filter((e) => e.action === "personal-data.purge");
    expect(purge).toEqual([expect.objectContaining({ admin_id: null, admin_email: "System", entity: "event_settings", details: done })]);
    expect(await retentionNotice(db, new Date(DEADLINE.getTime() + 86_400_000))).toEqual({ state: "purged", at: purge[0]?.created_at });
  });

  it("adds to the counts an earlier purge kept, and purges again for a new event date", async () => {
    const { db } = database;
    await createAttendee(db, { gender: "male", state: "Kano" });
    expect(await purgePersonalDataIfDue(db, DEADLINE)).toMatchObject({ registrations: 1 });

    // Next year's summit: the mark was for the old date, so the new one gets its own purge.
    const next = { event_date: "2027-12-23", event_starts_at: "09:00:00", event_ends_at: "16:00:00", retention_days: 10 };
    await updateSettings(db, next);
    await createAttendee(db, { gender: "male", state: "Kano" });
    await createAttendee(db, { gender: "female", state: "Kano" });
    expect(await purgePersonalDataIfDue(db, DEADLINE)).toBeNull();
    expect(await purgePersonalDataIfDue(db, retentionDeadline(next))).toMatchObject({ eventDate: "2027-12-23", registrations: 2 });
    expect(await retained(db)).toMatchObject({ "total:": 3, "gender:male": 2, "gender:female": 1, "state:Kano": 3, "cancelled:": 0 });
  });

  it("warns from 14 days before the deadline until the purge, then says it ran", async () => {
    const { db } = database;
    const day = 86_400_000;
    await createAttendee(db);
    expect(await retentionNotice(db, new Date(DEADLINE.getTime() - 14 * day - 1))).toEqual({ state: "none" });
    expect(await retentionNotice(db, new Date(DEADLINE.getTime() - 14 * day))).toEqual({
      state: "due-soon",
      deadline: DEADLINE,
      days: 30,
      people: 1,
      postponable: true,
    });
    // Past the deadline, until an instance has run it.
    expect(await retentionNotice(db, new Date(DEADLINE.getTime() + 1000))).toMatchObject({ state: "due-soon" });
    await purgePersonalDataIfDue(db, DEADLINE);
    expect((await retentionNotice(db, new Date(DEADLINE.getTime() + 1000))).state).toBe("purged");

    // The event moves to a new date: its own period, its own warning.
    await updateSettings(db, { event_date: "2027-12-23" });
    const next = retentionDeadline({ ...EVENT, event_date: "2027-12-23" });
    expect(await retentionNotice(db, DEADLINE)).toEqual({ state: "none" });
    // Nobody registered for it yet: nothing to warn about.
    expect(await retentionNotice(db, next)).toEqual({ state: "none" });
    await createAttendee(db);
    expect(await retentionNotice(db, next)).toMatchObject({ state: "due-soon", deadline: next, days: 30, people: 1 });
  });

  it("deletes nobody sooner than a week after a change made it due, and Postpone moves it 30 days at a time", async () => {
    const { db } = database;
    const day = 86_400_000;
    await createAttendee(db);
    await createAttendee(db);
    // A change on 1 January 2027 (the settings save keeps the deletion a week away): the
    // deadline of 23 January stays; a change on 20 January moves it to the 27th.
    await keepPurgeAWeekAway(db, 1, new Date("2027-01-01T10:00:00Z"));
    expect(await currentPurgeDate(db, await getSettings(db))).toEqual(DEADLINE);
    const changedAt = new Date("2027-01-20T10:00:00Z");
    await keepPurgeAWeekAway(db, 1, changedAt);
    const weekOn = new Date(changedAt.getTime() + 7 * day);
    expect(await currentPurgeDate(db, await getSettings(db))).toEqual(weekOn);
    expect(await purgePersonalDataIfDue(db, new Date(DEADLINE.getTime() + 60_000))).toBeNull();
    expect(await retentionNotice(db, DEADLINE)).toMatchObject({ state: "due-soon", deadline: weekOn, people: 2 });

    // Postpone: 30 days later, audited from → to, as often as needed up to a year past the deadline.
    const admin = { id: null, email: "organiser@example.org" };
    expect(await postponePurge(db, admin)).toEqual({ from: weekOn, to: new Date(weekOn.getTime() + 30 * day) });
    const [entry] = await db.select().from(audit_log).where(eq(audit_log.action, "personal-data.postpone"));
    expect(entry?.details).toEqual({
      changes: [{ field: "purge", label: "Personal data deleted on", from: "27 Jan 2027", to: "26 Feb 2027" }],
    });
    expect(await purgePersonalDataIfDue(db, new Date(weekOn.getTime() + 60_000))).toBeNull();
    for (let i = 0; i < 20; i++) await postponePurge(db, admin);
    const limit = new Date(DEADLINE.getTime() + 365 * day);
    expect(await currentPurgeDate(db, await getSettings(db))).toEqual(limit);
    expect(await postponePurge(db, admin)).toBeNull();
    expect(await retentionNotice(db, limit)).toMatchObject({ state: "due-soon", postponable: false });
    expect(await purgePersonalDataIfDue(db, limit)).toMatchObject({ registrations: 2 });
    expect(await postponePurge(db, admin)).toBeNull();
  });

  it("leaves no note after a purge that found nobody (a fresh site on the default date, long past)", async () => {
    const { db } = database;
    await updateSettings(db, { event_date: "2025-08-12" });
    const now = new Date("2026-11-23T10:00:00Z");
    expect(await purgePersonalDataIfDue(db, now)).toMatchObject({ registrations: 0, cancelled: 0, waitlist: 0 });
    expect(await retentionNotice(db, now)).toEqual({ state: "none" });
    expect(await retained(db)).toMatchObject({ "total:": 0 });
  });
});
