import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { english } from "#tests/support/english.ts";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { createAttendee } from "~/db/factories";
import { attendees, event_settings, mail_outbox } from "~/db/schema";
import { PRIVACY_NOTICE } from "~/modules/person/privacy-notice";
import { registrationInput } from "~/modules/person/test-data.server";
import { updateSettings } from "~/modules/settings/settings.server";
import { openRegistration } from "~/modules/settings/test-data.server";
import { TICKET_ID_PATTERN } from "~/modules/tickets/ticket-id";
import { verifyDoorCode } from "~/modules/tickets/ticket-token.server";
import { REGISTRATION_MESSAGES, type RegistrationOptions, registerAttendee } from "./registration.server";
import { RESEND_LIMIT_PER_HOUR, resendTicketByEmail } from "./resend.server";

// A ticket ID collision cannot be provoked with crypto-random IDs: this lets a test pick the next one.
const nextTicketId = vi.hoisted(() => ({ value: undefined as string | undefined }));
vi.mock("~/modules/tickets/ticket-id", async (importOriginal) => {
  const original = await importOriginal<typeof import("~/modules/tickets/ticket-id")>();
  return {
    ...original,
    generateTicketId: (...args: Parameters<typeof original.generateTicketId>) => nextTicketId.value ?? original.generateTicketId(...args),
  };
});

const SECRET = "a-test-secret-that-is-long-enough-1234";
const BEFORE_EVENT = new Date("2025-08-01T10:00:00Z");
const options: RegistrationOptions = { secret: SECRET, now: BEFORE_EVENT };

const input = registrationInput;

describe.each(DATABASE_KINDS)("registration on %s", (kind) => {
  let database: DbConnection;
  const count = async () => (await database.db.select({ c: sql<number>`count(*)::int` }).from(attendees))[0]?.c ?? 0;
  const outboxCount = async () => (await database.db.select({ c: sql<number>`count(*)::int` }).from(mail_outbox))[0]?.c ?? 0;

  beforeAll(async () => {
    database = await createTestDatabase(kind, { poolSize: 20 });
  });
  afterAll(async () => database?.close());
  beforeEach(async () => {
    await database.db.delete(mail_outbox);
    await database.db.delete(attendees);
    await openRegistration(database.db);
  });

  it("stores the attendee with a normalised phone, a spec ticket ID and a queued ticket e-mail, in one go", async () => {
    const result = await registerAttendee(
      database.db,
      input({ email: "  Ada.Bello@Example.COM ", fullName: "Ada <b>Bello</b>", phone: "0803 123 4567" }),
      options,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.ticketId).toMatch(TICKET_ID_PATTERN);
    expect(verifyDoorCode(result.doorCode, SECRET)).toBe(result.ticketId);
    const [row] = await database.db.select().from(attendees).where(eq(attendees.id, result.attendeeId));
    expect(row).toMatchObject({ email: "ada.bello@example.com", phone: "+2348031234567", ticket_id: result.ticketId, state: "Zamfara" });
    expect(row?.consent_at?.toISOString()).toBe(BEFORE_EVENT.toISOString());
    expect(row?.consent_version).toBe(PRIVACY_NOTICE.version);
    const mails = await database.db.select().from(mail_outbox).where(eq(mail_outbox.attendee_id, result.attendeeId));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: "ticket", status: "pending", to_address: "ada.bello@example.com" });
    expect(mails[0]?.template_data).toEqual({ attendeeId: result.attendeeId });
  });

  it("refuses a duplicate e-mail in another case with the spec's message, storing and sending nothing", async () => {
    await registerAttendee(database.db, input({ email: "dup@example.com" }), options);
    const again = await registerAttendee(database.db, input({ email: " DUP@Example.com" }), options);
    expect(again).toEqual({ ok: false, reason: "duplicate", message: REGISTRATION_MESSAGES.duplicate });
    expect(await count()).toBe(1);
    expect(await outboxCount()).toBe(1);
  });

  it("says 'Ticket ID collision. Please try again.' when the ticket ID is taken, storing and sending nothing", async () => {
    const taken = await createAttendee(database.db);
    nextTicketId.value = taken.ticket_id;
    try {
      expect(await registerAttendee(database.db, input(), options)).toMatchObject({
        ok: false,
        reason: "ticket_collision",
        message: REGISTRATION_MESSAGES.ticketCollision,
      });
    } finally {
      nextTicketId.value = undefined;
    }
    expect(await count()).toBe(1);
    expect(await outboxCount()).toBe(0);
    expect((await registerAttendee(database.db, input(), options)).ok).toBe(true);
  });

  it("refuses when registration is disabled, full, or the event has passed", async () => {
    await updateSettings(database.db, { registration_enabled: false });
    expect(await registerAttendee(database.db, input(), options)).toMatchObject({ ok: false, message: "status.closed" });

    await updateSettings(database.db, { registration_enabled: true, max_attendees: 1 });
    await createAttendee(database.db);
    expect(await registerAttendee(database.db, input(), options)).toMatchObject({ ok: false, message: "status.full" });

    await updateSettings(database.db, { max_attendees: 500 });
    const after = { ...options, now: new Date("2025-08-12T16:30:00Z") }; // 17:30 in Lagos, after the 5 PM end
    expect(await registerAttendee(database.db, input(), after)).toMatchObject({ ok: false, message: "status.concluded" });
    expect(await count()).toBe(1);
    expect(await outboxCount()).toBe(0);
  });

  it("takes at most 5 registrations (or places in line) per phone number, however it is written", async () => {
    const phone = "0803 765 4321";
    for (const written of ["08037654321", "+234 803 765 4321", "0803-765-4321", "(0803) 765 4321", phone])
      expect(await registerAttendee(database.db, input({ phone: written }), options)).toMatchObject({ ok: true });
    expect(await registerAttendee(database.db, input({ phone }), options)).toMatchObject({
      ok: false,
      reason: "phone",
      message: REGISTRATION_MESSAGES.phone,
    });
    expect(await registerAttendee(database.db, input({ phone: "0803 765 4322" }), options)).toMatchObject({ ok: true });
  });

  it("never overbooks: 500 simultaneous registrations against capacity 100", async () => {
    await updateSettings(database.db, { max_attendees: 100 });
    const results = await Promise.all(Array.from({ length: 500 }, () => registerAttendee(database.db, input(), options)));
    expect(results.filter((r) => r.ok)).toHaveLength(100);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && english(r.message) === "Event is fully booked")).toBe(true);
    expect(await count()).toBe(100);
    expect(await outboxCount()).toBe(100);
    expect((await database.db.select({ c: event_settings.registered_count }).from(event_settings))[0]?.c).toBe(100);
  });

  it("keeps the seat counter on the settings row equal to the attendees, whoever adds or removes them", async () => {
    const seats = async () => (await database.db.select({ c: event_settings.registered_count }).from(event_settings))[0]?.c ?? -1;
    expect(await seats()).toBe(0);
    await Promise.all(Array.from({ length: 30 }, () => registerAttendee(database.db, input(), options)));
    await createAttendee(database.db);
    expect(await seats()).toBe(31);
    // An organiser's delete frees a seat; so does any other delete.
    await database.db.delete(attendees).where(sql`${attendees.id} in (select id from attendees limit 5)`);
    expect(await seats()).toBe(26);
    expect(await seats()).toBe(await count());
    // A failed registration (duplicate) or a rolled-back transaction leaves it alone.
    const [someone] = await database.db.select({ email: attendees.email }).from(attendees).limit(1);
    await registerAttendee(database.db, input({ email: someone?.email ?? "" }), options);
    await database.db
      .transaction(async (tx) => {
        await createAttendee(tx);
        throw new Error("roll back");
      })
      .catch(() => undefined);
    expect(await seats()).toBe(26);
    await database.db.execute(sql`truncate attendees cascade`);
    expect(await seats()).toBe(0);
  });

  it("registers one e-mail once: 50 simultaneous registrations in different cases", async () => {
    const variants = Array.from({ length: 50 }, (_, i) =>
      i % 2 ? "Same.Person@Example.com" : ` same.person@example.COM${i % 3 ? "" : " "}`,
    );
    const results = await Promise.all(variants.map((email) => registerAttendee(database.db, input({ email }), options)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.reason === "duplicate")).toBe(true);
    expect(await count()).toBe(1);
  });

  it("re-sends a lost ticket a few times per hour, and only to registered addresses", async () => {
    await registerAttendee(database.db, input({ email: "lost@example.com" }), options);
    expect(await resendTicketByEmail(database.db, "nobody@example.com")).toBe("not_found");
    for (let i = 0; i < RESEND_LIMIT_PER_HOUR; i++) expect(await resendTicketByEmail(database.db, " LOST@example.com")).toBe("sent");
    expect(await resendTicketByEmail(database.db, "lost@example.com")).toBe("rate_limited");
    expect(await outboxCount()).toBe(1 + RESEND_LIMIT_PER_HOUR);
  });

  if (kind === "postgres") {
    it("control: without the row lock the same load overbooks (so the test above can catch a missing lock)", async () => {
      await updateSettings(database.db, { max_attendees: 100 });
      const unlocked = { ...options, settingsLock: "none" as const };
      const results = await Promise.all(Array.from({ length: 500 }, () => registerAttendee(database.db, input(), unlocked)));
      expect(results.filter((r) => r.ok).length).toBeGreaterThan(100);
      expect(await count()).toBeGreaterThan(100);
    });
  }
});
