import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { createAttendee, createUssdAttendee } from "~/db/factories";
import { jobDoneFor } from "~/db/job-runs.server";
import { attendees, audit_log, job_runs, mail_outbox, reminders } from "~/db/schema";
import { updateSettings } from "~/modules/settings/settings.server";
import { autoReminderPlan, sendDueAutoReminder } from "./auto-reminders.server";

// The event: Thursday 24 December 2026, 8:00 AM in Lagos (07:00 UTC).
const EVENT = { event_date: "2026-12-24", event_starts_at: "08:00:00", event_ends_at: "17:00:00" };
const settings = (overrides: Partial<Parameters<typeof autoReminderPlan>[0]> = {}) => ({
  ...EVENT,
  auto_reminders: true,
  ...overrides,
});

describe("autoReminderPlan", () => {
  it("is due two days before the event's start, at its hour", () => {
    expect(autoReminderPlan(settings(), new Date("2026-12-01T09:00:00Z"), false)).toEqual({
      state: "scheduled",
      at: new Date("2026-12-22T07:00:00Z"),
    });
  });

  it("says when it went out, when it is off, and when the event day came without it", () => {
    expect(autoReminderPlan(settings(), new Date("2026-12-23T00:00:00Z"), true)).toEqual({
      state: "sent",
      eventDate: "2026-12-24",
    });
    expect(autoReminderPlan(settings({ auto_reminders: false }), new Date("2026-12-23T00:00:00Z"), false)).toEqual({ state: "off" });
    expect(autoReminderPlan(settings(), new Date("2026-12-24T06:00:00Z"), false)).toEqual({ state: "missed" });
  });
});

describe.each(DATABASE_KINDS)("sendDueAutoReminder on %s", (kind) => {
  let database: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.close());
  beforeEach(async () => {
    await database.db.delete(reminders);
    await database.db.delete(mail_outbox);
    await database.db.delete(attendees);
    await database.db.delete(audit_log);
    await database.db.delete(job_runs);
    await updateSettings(database.db, { ...EVENT, auto_reminders: true });
  });

  it("waits for the window, then queues one reminder per attendee once, however many instances ask", async () => {
    const { db } = database;
    for (let i = 0; i < 4; i++) await createAttendee(db);
    expect(await sendDueAutoReminder(db, new Date("2026-12-22T06:59:00Z"))).toBeNull();
    expect(await db.select().from(mail_outbox)).toHaveLength(0);

    const due = new Date("2026-12-22T07:00:30Z");
    // Three instances ticking at the same moment: one queues, the others find the mark.
    const runs = await Promise.all([sendDueAutoReminder(db, due), sendDueAutoReminder(db, due), sendDueAutoReminder(db, due)]);
    expect(runs.filter((run) => run !== null)).toEqual([{ queued: { email: 4, sms: 0, whatsapp: 0 }, eventDate: "2026-12-24" }]);
    // After a restart, the next day, with a late registrant: nothing more goes out by itself.
    await createAttendee(db);
    expect(await sendDueAutoReminder(db, new Date("2026-12-23T10:00:00Z"))).toBeNull();

    const mails = await db.select().from(mail_outbox).where(eq(mail_outbox.kind, "reminder"));
    expect(mails).toHaveLength(4);
    expect(new Set(mails.map((m) => m.to_address)).size).toBe(4);
    expect(await jobDoneFor(db, "auto-reminder", "2026-12-24")).toBe(true);
    const [entry] = await db.select().from(audit_log);
    expect(entry).toMatchObject({ action: "reminders.auto", admin_id: null, admin_email: "Automatic reminder" });
    expect(entry?.details).toEqual({ emails: 4, sms: 0, whatsapp: 0, eventDate: "2026-12-24" });
  });

  it("skips attendees an organiser reminded 1–2 days before, sends nothing when off, and sends again for a new date", async () => {
    const { db } = database;
    const reminded = await createAttendee(db);
    await db.insert(reminders).values({ attendee_id: reminded.id, event_date: "2026-12-24", kind: "due" });
    // A reminder a month early does not stand in for this one.
    const remindedEarly = await createAttendee(db);
    await db.insert(reminders).values({ attendee_id: remindedEarly.id, event_date: "2026-12-24", kind: "early" });
    await updateSettings(db, { auto_reminders: false });
    expect(await sendDueAutoReminder(db, new Date("2026-12-23T09:00:00Z"))).toBeNull();

    await updateSettings(db, { auto_reminders: true });
    expect(await sendDueAutoReminder(db, new Date("2026-12-23T09:00:00Z"))).toEqual({
      queued: { email: 1, sms: 0, whatsapp: 0 },
      eventDate: "2026-12-24",
    });

    await updateSettings(db, { event_date: "2027-01-10" });
    expect(await sendDueAutoReminder(db, new Date("2027-01-08T09:00:00Z"))).toEqual({
      queued: { email: 2, sms: 0, whatsapp: 0 },
      eventDate: "2027-01-10",
    });
  });

  it("says how many went by e-mail and how many by SMS", async () => {
    const { db } = database;
    await createAttendee(db);
    await createAttendee(db, { sms_opt_in: true });
    await createUssdAttendee(db);
    expect(await sendDueAutoReminder(db, new Date("2026-12-22T07:00:30Z"))).toEqual({
      queued: { email: 2, sms: 2, whatsapp: 0 },
      eventDate: "2026-12-24",
    });
    const [entry] = await db.select().from(audit_log);
    expect(entry?.details).toEqual({ emails: 2, sms: 2, whatsapp: 0, eventDate: "2026-12-24" });
  });
});
