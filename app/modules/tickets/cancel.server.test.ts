import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { english } from "#tests/support/english.ts";
import { tamperSignature } from "#tests/support/tamper.ts";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { createAttendee } from "~/db/factories";
import { attendees, audit_log, cancelled_registrations, check_ins, event_settings, mail_outbox } from "~/db/schema";
import { createAdmin } from "~/modules/auth/accounts.server";
import { checkInByScan, checkInByTicketId } from "~/modules/checkin/checkin.server";
import { registrationInput } from "~/modules/person/test-data.server";
import { registerAttendee } from "~/modules/registration/registration.server";
import { getSettings, updateSettings } from "~/modules/settings/settings.server";
import { cancelRegistration, listCancelled } from "./cancel.server";
import { renderCancellationMail } from "./cancellation-email.server";
import { signDoorCode, signSelfServiceToken } from "./ticket-token.server";
import { ticketPage } from "./tickets.server";

const SECRET = "cancel-test-secret-0123456789abcdef";

describe.each(DATABASE_KINDS)("cancelling a registration on %s", (kind) => {
  let database: DbConnection;
  let door: { id: string; email: string };
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    door = await createAdmin(database.db, { email: `door-${kind}@example.org`, name: "Door", password: "x".repeat(12), role: "checkin" });
  });
  afterAll(async () => database?.close());
  beforeEach(async () => {
    for (const table of [mail_outbox, check_ins, attendees, cancelled_registrations, audit_log]) await database.db.delete(table);
    await updateSettings(database.db, {
      event_date: "2026-12-24",
      max_attendees: 2,
      registration_enabled: true,
      event_name: "Zamfara Youth Summit",
    });
  });

  it("frees the seat and the e-mail address, voids the QR code, confirms by e-mail and logs it, once", async () => {
    const { db } = database;
    const attendee = await createAttendee(db, { full_name: "Ɗanladi Ƙasimu", email: "danladi@example.org" });
    await createAttendee(db);
    // A reminder not yet sent must not reach someone who is no longer coming.
    await db
      .insert(mail_outbox)
      .values({ to_address: attendee.email, subject: "Reminder", html: "", text: "", kind: "reminder", attendee_id: attendee.id });
    expect((await getSettings(db)).registered_count).toBe(2);
    const token = signSelfServiceToken(attendee.id, SECRET);

    expect(await cancelRegistration(db, token, SECRET)).toEqual({ status: "cancelled" });
    expect((await getSettings(db)).registered_count).toBe(1);
    expect(await db.select().from(attendees).where(eq(attendees.id, attendee.id))).toEqual([]);
    const [kept] = await db.select().from(cancelled_registrations);
    expect(kept).toMatchObject({
      id: attendee.id,
      ticket_id: attendee.ticket_id,
      full_name: "Ɗanladi Ƙasimu",
      registered_at: attendee.created_at,
    });
    const mails = await db.select().from(mail_outbox);
    expect(mails.map((m) => [m.kind, m.to_address, m.subject])).toEqual([
      ["cancellation", "danladi@example.org", "Cancelled: your registration for Zamfara Youth Summit"],
    ]);
    const [entry] = await db.select().from(audit_log);
    expect(entry).toMatchObject({ action: "attendee.cancel", admin_id: null, entity_id: attendee.id });

    // The ticket page says so; the door refuses the code and the typed ID.
    expect(await ticketPage(db, token, SECRET)).toMatchObject({ state: "cancelled", ticket: { fullName: "Ɗanladi Ƙasimu" } });
    for (const outcome of [
      await checkInByScan(db, door, signDoorCode(attendee.ticket_id, SECRET), SECRET),
      await checkInByTicketId(db, door, attendee.ticket_id),
    ]) {
      expect(outcome).toMatchObject({ status: "refused" });
      expect(english(outcome.status === "refused" ? outcome.message : "")).toBe(
        "Ticket cancelled: Ɗanladi Ƙasimu cancelled this registration.",
      );
    }

    // Twice, or with a forged token: nothing changes, and the answer says why.
    expect(await cancelRegistration(db, token, SECRET)).toEqual({ status: "already" });
    expect(await cancelRegistration(db, tamperSignature(token), SECRET)).toEqual({ status: "invalid" });
    expect((await getSettings(db)).registered_count).toBe(1);
    expect(await db.select().from(mail_outbox)).toHaveLength(1);

    // The freed seat can be taken, by the same person too.
    const again = await registerAttendee(db, registrationInput({ fullName: "Ɗanladi Ƙasimu", email: "danladi@example.org" }), {
      secret: SECRET,
      now: new Date("2026-12-01T10:00:00Z"),
    });
    expect(again.ok).toBe(true);
    expect((await getSettings(db)).registered_count).toBe(2);
    expect((await listCancelled(db, 1)).rows.map((r) => r.email)).toEqual(["danladi@example.org"]);
  });

  it("two cancels at once cancel once", async () => {
    const { db } = database;
    const attendee = await createAttendee(db);
    const token = signSelfServiceToken(attendee.id, SECRET);
    const outcomes = await Promise.all([cancelRegistration(db, token, SECRET), cancelRegistration(db, token, SECRET)]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(["already", "cancelled"]);
    expect(await db.select().from(cancelled_registrations)).toHaveLength(1);
    expect((await db.select().from(event_settings))[0]?.registered_count).toBe(0);
  });

  it("refuses once the attendee is checked in", async () => {
    const { db } = database;
    const attendee = await createAttendee(db);
    const token = signSelfServiceToken(attendee.id, SECRET);
    await checkInByScan(db, door, signDoorCode(attendee.ticket_id, SECRET), SECRET);
    expect(await cancelRegistration(db, token, SECRET)).toEqual({ status: "checked-in" });
    expect(await db.select().from(attendees).where(eq(attendees.id, attendee.id))).toHaveLength(1);
  });

  it("renders the confirmation with the name, the ticket and the way back in", async () => {
    const { db } = database;
    const attendee = await createAttendee(db, { full_name: "Hauwa <b>Ɓello</b>" });
    await cancelRegistration(db, signSelfServiceToken(attendee.id, SECRET), SECRET);
    const mail = await renderCancellationMail(db, { cancelledId: attendee.id }, "https://summit.example.org/");
    expect(mail.subject).toBe("Cancelled: your registration for Zamfara Youth Summit");
    expect(mail.html).toContain("Hello Hauwa &lt;b&gt;Ɓello&lt;/b&gt;,");
    expect(mail.html).toContain('href="https://summit.example.org/register?lang=en"');
    expect(mail.text).toContain(attendee.ticket_id);
    await expect(renderCancellationMail(db, { cancelledId: "00000000-0000-4000-8000-000000000000" }, "https://x.org")).rejects.toThrow();
  });
});
