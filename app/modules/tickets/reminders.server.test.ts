import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { createAttendee, createUssdAttendee } from "~/db/factories";
import { attendees, audit_log, mail_outbox, reminders } from "~/db/schema";
import { updateSettings } from "~/modules/settings/settings.server";
import { queueReminders, reminderProgress, renderReminderMail, retryFailedReminders } from "./reminders.server";

const NONE = { total: 0, queued: 0, sent: 0, failed: 0 };
const NOTHING = { email: 0, sms: 0, whatsapp: 0 };
const emails = (email: number) => ({ email, sms: 0, whatsapp: 0 });
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
    expect(runs.map((r) => r.queued.email).reduce((a, b) => a + b, 0)).toBe(5);
    expect(runs.map((r) => r.queued.sms)).toEqual([0, 0, 0]);
    expect((await queueReminders(db, null, now)).queued).toEqual(NOTHING);
    const mails = await db.select().from(mail_outbox).where(eq(mail_outbox.kind, "reminder"));
    expect(mails).toHaveLength(5);
    expect(new Set(mails.map((m) => m.attendee_id)).size).toBe(5);
    expect(mails[0]?.subject).toBe("Tomorrow: Zamfara Youth Summit — your ticket inside");
    expect(await reminderProgress(db, "2026-12-24")).toEqual({ early: NONE, due: { total: 5, queued: 5, sent: 0, failed: 0 } });

    // A late registrant gets one on the next press; a new event date starts over.
    await createAttendee(db);
    expect((await queueReminders(db, null, now)).queued).toEqual(emails(1));
    await updateSettings(db, { event_date: "2027-01-10" });
    expect((await queueReminders(db, null, now)).queued).toEqual(emails(6));
  });

  it("an early send does not use up the reminder 1–2 days before; each kind is one per attendee", async () => {
    const { db } = database;
    for (let i = 0; i < 3; i++) await createAttendee(db);
    const monthBefore = new Date("2026-11-24T09:00:00Z");
    expect(await queueReminders(db, null, monthBefore)).toMatchObject({ queued: emails(3), kind: "early" });
    // Pressed again a week later: still early, nobody twice; a newcomer gets one.
    await createAttendee(db);
    expect(await queueReminders(db, null, new Date("2026-12-01T09:00:00Z"))).toMatchObject({ queued: emails(1), kind: "early" });
    // Three days before (Lagos) is still early; two days before is the one that matters.
    expect((await queueReminders(db, null, new Date("2026-12-21T09:00:00Z"))).queued).toEqual(NOTHING);
    expect(await queueReminders(db, null, new Date("2026-12-22T09:00:00Z"))).toMatchObject({ queued: emails(4), kind: "due" });
    expect((await queueReminders(db, null, new Date("2026-12-23T09:00:00Z"))).queued).toEqual(NOTHING);
    expect(await reminderProgress(db, "2026-12-24")).toEqual({
      early: { total: 4, queued: 4, sent: 0, failed: 0 },
      due: { total: 4, queued: 4, sent: 0, failed: 0 },
    });
  });

  it("counts each channel apart: an e-mail to everyone with an address, an SMS to everyone who asked", async () => {
    const { db } = database;
    await database.db.delete(audit_log);
    for (let i = 0; i < 3; i++) await createAttendee(db);
    // Ticked "Also send my ticket by SMS" on the web form: an e-mail and an SMS each.
    const both = [await createAttendee(db, { sms_opt_in: true }), await createAttendee(db, { sms_opt_in: true })];
    // Registered by USSD: no e-mail address, SMS only.
    const phoneOnly = [await createUssdAttendee(db), await createUssdAttendee(db), await createUssdAttendee(db)];
    // 21:30 in Lagos: the e-mails go now, the SMS wait for 08:00.
    const evening = new Date("2026-12-22T20:30:00Z");
    const actor = { id: null, email: "organiser@example.org" };
    expect(await queueReminders(db, actor, evening)).toMatchObject({ queued: { email: 5, sms: 5, whatsapp: 0 }, kind: "due" });
    expect((await queueReminders(db, actor, evening)).queued).toEqual(NOTHING);

    const sms = await db.select().from(mail_outbox).where(eq(mail_outbox.channel, "sms"));
    expect(sms.map((m) => m.to_address).sort()).toEqual([...both, ...phoneOnly].map((a) => a.phone).sort());
    expect(sms.every((m) => m.template === "sms-reminder" && m.kind === "reminder")).toBe(true);
    expect(sms.map((m) => m.next_attempt_at.toISOString())).toEqual(Array(5).fill("2026-12-23T07:00:00.000Z"));
    const mails = await db.select().from(mail_outbox).where(eq(mail_outbox.channel, "email"));
    expect(mails).toHaveLength(5);
    expect(mails.every((m) => m.template === "reminder" && m.to_address.includes("@"))).toBe(true);
    // Each reminder row points at its own message, on its own channel.
    const rows = await db.select().from(reminders);
    expect(
      rows
        .filter((r) => r.channel === "sms")
        .map((r) => r.mail_id)
        .sort(),
    ).toEqual(sms.map((m) => m.id).sort());
    expect(await reminderProgress(db, "2026-12-24", "sms")).toEqual({ early: NONE, due: { total: 5, queued: 5, sent: 0, failed: 0 } });
    // The audit log says what went out on each channel; the second, empty press says so too.
    const logged = await db.select().from(audit_log).where(eq(audit_log.action, "reminders.send"));
    expect(logged.map((entry) => entry.details).sort((a, b) => Number(b.emails) - Number(a.emails))).toEqual([
      { emails: 5, sms: 5, whatsapp: 0, eventDate: "2026-12-24", kind: "due" },
      { emails: 0, sms: 0, whatsapp: 0, eventDate: "2026-12-24", kind: "due" },
    ]);
  });

  it("by day, the SMS are due before the e-mails: the worker sends the cheap, fast ones first", async () => {
    const { db } = database;
    for (let i = 0; i < 2; i++) await createAttendee(db, { sms_opt_in: true });
    // 10:00 in Lagos, the day before.
    expect((await queueReminders(db, null, new Date("2026-12-23T09:00:00Z"))).queued).toEqual({ email: 2, sms: 2, whatsapp: 0 });
    const due = await db
      .select({ channel: mail_outbox.channel, at: mail_outbox.next_attempt_at })
      .from(mail_outbox)
      .orderBy(mail_outbox.next_attempt_at);
    expect(due.map((m) => m.channel)).toEqual(["sms", "sms", "email", "email"]);
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
