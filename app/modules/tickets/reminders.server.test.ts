import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { createAttendee } from "~/db/factories";
import { attendees, mail_outbox, reminders } from "~/db/schema";
import { updateSettings } from "~/modules/settings/settings.server";
import { queueReminders, reminderProgress, renderReminderMail, retryFailedReminders } from "./reminders.server";

const NONE = { total: 0, queued: 0, sent: 0, failed: 0 };
const KEYS = { publicUrl: "https://summit.example.org", secret: "reminder-test-secret-0123456789" };

describe.each(DATABASE_KINDS)("reminders on %s", (kind) => {
  let database: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.close());
  beforeEach(async () => {
    await database.db.delete(reminders);
    await database.db.delete(mail_outbox);
    await database.db.delete(attendees);
    await updateSettings(database.db, { event_date: "2026-12-24", event_name: "Zamfara Youth Summit" });
  });

  it("queues one reminder per attendee, once, however often or concurrently it is pressed", async () => {
    const { db } = database;
    for (let i = 0; i < 5; i++) await createAttendee(db);
    const now = new Date("2026-12-23T09:00:00Z");
    const runs = await Promise.all([queueReminders(db, null, now), queueReminders(db, null, now), queueReminders(db, null, now)]);
    expect(runs.map((r) => r.queued).reduce((a, b) => a + b, 0)).toBe(5);
    expect((await queueReminders(db, null, now)).queued).toBe(0);
    const mails = await db.select().from(mail_outbox).where(eq(mail_outbox.kind, "reminder"));
    expect(mails).toHaveLength(5);
    expect(new Set(mails.map((m) => m.attendee_id)).size).toBe(5);
    expect(mails[0]?.subject).toBe("Tomorrow: Zamfara Youth Summit — your ticket inside");
    expect(await reminderProgress(db, "2026-12-24")).toEqual({ early: NONE, due: { total: 5, queued: 5, sent: 0, failed: 0 } });

    // A late registrant gets one on the next press; a new event date starts over.
    await createAttendee(db);
    expect((await queueReminders(db, null, now)).queued).toBe(1);
    await updateSettings(db, { event_date: "2027-01-10" });
    expect((await queueReminders(db, null, now)).queued).toBe(6);
  });

  it("an early send does not use up the reminder 1–2 days before; each kind is one per attendee", async () => {
    const { db } = database;
    for (let i = 0; i < 3; i++) await createAttendee(db);
    const monthBefore = new Date("2026-11-24T09:00:00Z");
    expect(await queueReminders(db, null, monthBefore)).toMatchObject({ queued: 3, kind: "early" });
    // Pressed again a week later: still early, nobody twice; a newcomer gets one.
    await createAttendee(db);
    expect(await queueReminders(db, null, new Date("2026-12-01T09:00:00Z"))).toMatchObject({ queued: 1, kind: "early" });
    // Three days before (Lagos) is still early; two days before is the one that matters.
    expect((await queueReminders(db, null, new Date("2026-12-21T09:00:00Z"))).queued).toBe(0);
    expect(await queueReminders(db, null, new Date("2026-12-22T09:00:00Z"))).toMatchObject({ queued: 4, kind: "due" });
    expect((await queueReminders(db, null, new Date("2026-12-23T09:00:00Z"))).queued).toBe(0);
    expect(await reminderProgress(db, "2026-12-24")).toEqual({
      early: { total: 4, queued: 4, sent: 0, failed: 0 },
      due: { total: 4, queued: 4, sent: 0, failed: 0 },
    });
  });

  it("reports progress and puts failed reminders back in the queue", async () => {
    const { db } = database;
    for (let i = 0; i < 3; i++) await createAttendee(db);
    await queueReminders(db, null, new Date("2026-12-22T09:00:00Z"));
    const [first, second] = await db.select().from(mail_outbox);
    await db.update(mail_outbox).set({ status: "sent" }).where(eq(mail_outbox.id, first!.id));
    await db.update(mail_outbox).set({ status: "failed", attempts: 8 }).where(eq(mail_outbox.id, second!.id));
    expect((await reminderProgress(db, "2026-12-24")).due).toEqual({ total: 3, queued: 1, sent: 1, failed: 1 });
    expect(await retryFailedReminders(db, "2026-12-24")).toBe(1);
    expect((await reminderProgress(db, "2026-12-24")).due).toEqual({ total: 3, queued: 2, sent: 1, failed: 0 });
  });

  it("renders the reminder with the ticket: QR code inline, the calendar file, the ticket link", async () => {
    const { db } = database;
    const attendee = await createAttendee(db, { full_name: "Ɗanladi Ƙasimu" });
    const mail = await renderReminderMail(db, { attendeeId: attendee.id }, KEYS, new Date("2026-12-23T09:00:00Z"));
    expect(mail.subject).toBe("Tomorrow: Zamfara Youth Summit — your ticket inside");
    expect(mail.html).toContain("Ɗanladi Ƙasimu");
    expect(mail.html).toContain("is tomorrow, Thursday, 24 December 2026");
    expect(mail.html).toContain('src="cid:ticket-qr"');
    expect(mail.html).toContain(`${KEYS.publicUrl}/tickets/`);
    expect(mail.attachments?.map((a) => a.contentType)).toEqual(["image/png", "text/calendar; charset=utf-8; method=PUBLISH"]);
    const later = await renderReminderMail(db, { attendeeId: attendee.id }, KEYS, new Date("2026-12-20T09:00:00Z"));
    expect(later.subject).toBe("Reminder: Zamfara Youth Summit, Thursday, 24 December 2026 — your ticket inside");
    await expect(renderReminderMail(db, { attendeeId: "00000000-0000-4000-8000-000000000000" }, KEYS)).rejects.toThrow(
      /no longer registered/,
    );
  });
});
