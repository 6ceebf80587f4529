import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { createArchivedEdition, createAttendee } from "~/db/factories";
import { attendees, audit_log, check_ins, editions, feedback, job_runs, retained_stats, speakers, special_guests } from "~/db/schema";
import { purgePersonalDataIfDue } from "~/modules/attendees/retention.server";
import { retentionDeadline } from "~/modules/settings/purge-schedule";
import { getSettings, updateSettings } from "~/modules/settings/settings.server";
import { dashboardPage, dashboardStats, EMPTY_DASHBOARD_STATS } from "./dashboard.server";

describe.each(DATABASE_KINDS)("dashboardStats on %s", (kind) => {
  let database: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    for (const table of [feedback, attendees, speakers, special_guests, retained_stats, audit_log]) await database.db.delete(table);
    await database.db.delete(job_runs);
  });

  it("is all zeros and empty lists on an empty database", async () => {
    expect(await dashboardStats(database.db)).toEqual(EMPTY_DASHBOARD_STATS);
  });

  it("counts attendees by gender and state, check-ins, speakers and special guests", async () => {
    const { db } = database;
    const people: Array<[gender: "male" | "female" | "other", state: string]> = [
      ["male", "Kano"],
      ["male", "Kano"],
      ["female", "Kano"],
      ["female", "Zamfara"],
      ["female", "Zamfara"],
      ["female", "Zamfara"],
      ["male", "Lagos"],
      ["other", "Lagos"],
      ["female", "Oyo"],
      ["male", "Borno"],
      ["female", "Abia"],
      ["other", ""],
    ];
    const created = [];
    for (const [gender, state] of people) created.push(await createAttendee(db, { gender, state, local_government: "" }));
    await db.insert(check_ins).values(created.slice(0, 3).map((a) => ({ attendee_id: a.id, method: "scan" })));
    await db.insert(speakers).values([
      { name: "A", title: "t", speaker_type: "Keynote" },
      { name: "B", title: "t", speaker_type: "Speaker" },
      { name: "C", title: "t", speaker_type: "Chief Host" },
    ]);
    await db.insert(special_guests).values({ name: "G", title: "t" });

    const stats = await dashboardStats(db);

    expect(stats.totalAttendees).toBe(12);
    expect(stats.totalSpeakers).toBe(2); // as the landing page counts: the Chief Host is an organizer card
    expect(stats.totalSpecialGuests).toBe(1);
    expect(stats.checkedIn).toBe(3);
    expect(stats.genderBreakdown).toEqual({ male: 4, female: 6, other: 2 });
    // Ties are broken by name: Kano before Zamfara, then Abia, Borno (Oyo is sixth).
    expect(stats.topStates).toEqual([
      { name: "Kano", count: 3 },
      { name: "Zamfara", count: 3 },
      { name: "Lagos", count: 2 },
      { name: "Abia", count: 1 },
      { name: "Borno", count: 1 },
    ]);
    // Every state with a registrant, and none for the attendee without a state.
    expect(stats.stateBreakdown).toEqual({ Kano: 3, Zamfara: 3, Lagos: 2, Abia: 1, Borno: 1, Oyo: 1 });
  });

  it("lists the five newest registrations with only the fields the dashboard shows", async () => {
    const { db } = database;
    const base = Date.UTC(2025, 6, 1, 9, 0, 0);
    // Inserted out of order: the list follows created_at, not insertion.
    for (const i of [3, 0, 6, 1, 5, 2, 4]) {
      await createAttendee(db, {
        full_name: `Person ${i}`,
        email: `person${i}@example.com`,
        state: i === 6 ? "" : "Sokoto",
        created_at: new Date(base + i * 60_000),
      });
    }

    const { recentRegistrations } = await dashboardStats(db);

    expect(recentRegistrations.map((r) => r.full_name)).toEqual(["Person 6", "Person 5", "Person 4", "Person 3", "Person 2"]);
    expect(recentRegistrations[0]).toEqual({
      full_name: "Person 6",
      email: "person6@example.com",
      channel: "web",
      created_at: new Date(base + 6 * 60_000),
      state: "",
    });
  });

  it("adds the anonymous counts kept when personal data was deleted to the live figures", async () => {
    const { db } = database;
    await db.insert(retained_stats).values([
      { kind: "total", key: "", count: 5 },
      { kind: "gender", key: "male", count: 2 },
      { kind: "gender", key: "female", count: 3 },
      { kind: "state", key: "Zamfara", count: 3 },
      { kind: "state", key: "Abia", count: 1 },
      { kind: "checked_in", key: "", count: 4 },
      { kind: "cancelled", key: "", count: 2 },
    ]);
    const kano = await createAttendee(db, { gender: "female", state: "Kano" });
    await createAttendee(db, { gender: "other", state: "Kano" });
    await createAttendee(db, { gender: "male", state: "Abia" });
    await db.insert(check_ins).values({ attendee_id: kano.id, method: "scan" });

    const stats = await dashboardStats(db);
    expect(stats.totalAttendees).toBe(8);
    expect(stats.genderBreakdown).toEqual({ male: 3, female: 4, other: 1 });
    expect(stats.checkedIn).toBe(5);
    // Kept and live together, ties by name as the SQL orders them.
    expect(stats.topStates).toEqual([
      { name: "Zamfara", count: 3 },
      { name: "Abia", count: 2 },
      { name: "Kano", count: 2 },
    ]);
    expect(stats.stateBreakdown).toEqual({ Zamfara: 3, Abia: 2, Kano: 2 });
    // Only live registrations are listed: the kept counts have no names.
    expect(stats.recentRegistrations).toHaveLength(3);
  });

  it("counts this edition's answers to the survey after the summit, not last year's", async () => {
    const { db } = database;
    const { edition_id } = await getSettings(db);
    const past = await createArchivedEdition(db);
    const came = await createAttendee(db);
    const away = await createAttendee(db);
    await db.insert(check_ins).values({ attendee_id: came.id, method: "scan" });
    await db.insert(feedback).values([
      { attendee_id: came.id, edition_id, attended: true, rating: 5, come_again: true },
      { attendee_id: away.id, edition_id, attended: false, come_again: false },
      { attendee_id: null, edition_id: past.id, attended: true, rating: 3 },
    ]);
    expect(await dashboardStats(db)).toMatchObject({ totalAttendees: 2, checkedIn: 1, feedbackAnswers: 2 });
  });

  it("shows the same figures after the purge as before it, with the notice", async () => {
    const { db } = database;
    const settings = await updateSettings(db, {
      event_date: "2026-12-24",
      event_starts_at: "08:00:00",
      event_ends_at: "17:00:00",
      retention_days: 30,
    });
    await db.update(editions).set({ purge_not_before: null });
    const deadline = retentionDeadline(settings);
    for (const [gender, state] of [
      ["male", "Kano"],
      ["female", "Kano"],
      ["female", "Lagos"],
      ["other", ""],
    ] as const)
      await createAttendee(db, { gender, state });
    // An answer to the survey outlives the registration it came from (feedback.attendee_id is set null).
    const [first] = await db.select().from(attendees).limit(1);
    await db.insert(feedback).values({ attendee_id: first?.id, edition_id: settings.edition_id, attended: false, come_again: true });
    const before = await dashboardPage(db, new Date(deadline.getTime() - 86_400_000));
    expect(before.retention).toEqual({ state: "due-soon", deadline, days: 30, people: 4, postponable: true });

    expect(await purgePersonalDataIfDue(db, deadline)).toMatchObject({ registrations: 4 });
    const after = await dashboardPage(db, new Date(deadline.getTime() + 60_000));
    expect(after.retention.state).toBe("purged");
    expect(after.stats).toEqual({ ...before.stats, recentRegistrations: [] });
    expect(after.stats).toMatchObject({ totalAttendees: 4, feedbackAnswers: 1, genderBreakdown: { male: 1, female: 2, other: 1 } });
  });
});
