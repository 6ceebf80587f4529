import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { createAttendee, createUssdAttendee } from "~/db/factories";
import { attendees, audit_log, mail_outbox, reminders } from "~/db/schema";
import { updateSettings } from "~/modules/settings/settings.server";
import { readToasts } from "~/ui/toast.server";
import { operationsAction } from "./operations-actions.server";

// Send Reminders as the organiser's button posts it: what the toast after the redirect says,
// each channel counted from what was really queued.

// Flash toasts are signed with the session secret; a fixed one keeps the test from creating ./data.
vi.stubEnv("SESSION_SECRET", "operations-test-secret-operations-test-secret");

const ORGANISER = { id: null, email: "organiser@example.org" };
const BACK = "/admin/operations";
// Two days before Thursday 24 December 2026: the reminder that matters, no "early" line.
const DUE = new Date("2026-12-22T09:00:00Z");

function sendReminders() {
  const form = new FormData();
  form.set("intent", "send-reminders");
  return form;
}

/** The toast the redirect carries, as the next page reads it from the cookie. */
async function toastOf(response: Response): Promise<{ type: string; title: string }> {
  const cookie = (response.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
  const { toasts } = await readToasts(new Request(`http://127.0.0.1${BACK}`, { headers: { Cookie: cookie } }));
  expect(toasts).toHaveLength(1);
  const [toast] = toasts;
  return { type: toast?.type ?? "", title: toast?.title ?? "" };
}

describe.each(DATABASE_KINDS)("Send Reminders on %s", (kind) => {
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
    await updateSettings(database.db, {
      event_date: "2026-12-24",
      event_starts_at: "08:00:00",
      event_ends_at: "17:00:00",
      event_name: "Zamfara Youth Summit",
    });
  });

  const press = (now = DUE) => operationsAction(database.db, ORGANISER, sendReminders(), BACK, now);

  it("keeps the fixed wording when no one gets an SMS", async () => {
    for (let i = 0; i < 2; i++) await createAttendee(database.db);
    const response = await press();
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/admin\/operations\?reminders=\d+$/);
    expect(await toastOf(response)).toEqual({ type: "info", title: "Sending reminder emails to 2 attendees…" });
  });

  it("names the SMS apart: the web form's SMS box and USSD registrations", async () => {
    const { db } = database;
    for (let i = 0; i < 2; i++) await createAttendee(db);
    await createAttendee(db, { sms_opt_in: true });
    for (let i = 0; i < 2; i++) await createUssdAttendee(db);
    expect((await toastOf(await press())).title).toBe("Sending reminder emails to 3 attendees and SMS to 3…");
    // Pressed again: everyone has theirs on both channels.
    expect((await toastOf(await press())).title).toBe("Every registered attendee already has a reminder for this event.");
    // A newcomer by USSD only: SMS alone, no "emails to 0".
    await createUssdAttendee(db);
    expect((await toastOf(await press())).title).toBe("Sending reminder SMS to 1 attendees…");
  });

  it("an early send adds the line about the reminder still to come", async () => {
    await createAttendee(database.db, { sms_opt_in: true });
    const { title } = await toastOf(await press(new Date("2026-11-24T09:00:00Z")));
    expect(title).toMatch(/^Sending reminder emails to 1 attendees and SMS to 1… \S/);
  });
});
