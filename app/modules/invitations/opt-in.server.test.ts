import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { tamperSignature } from "#tests/support/tamper.ts";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { createAttendee } from "~/db/factories";
import { attendees, audit_log, future_invitations, held_registrations, mail_outbox, waitlist } from "~/db/schema";
import { holdRegistration } from "~/modules/booking-protection/hold-decision.server";
import { PRIVACY_NOTICE } from "~/modules/person/privacy-notice";
import { registrationInput } from "~/modules/person/test-data.server";
import { registerAttendee } from "~/modules/registration/registration.server";
import { openRegistration } from "~/modules/settings/test-data.server";
import { signSelfServiceToken } from "~/modules/tickets/ticket-token.server";
import { confirmHeldById, confirmHeldInBulk } from "~/modules/waitlist/held-confirm.server";
import { joinWaitlist } from "~/modules/waitlist/waitlist.server";
import { signInvitationToken } from "./invitation-token.server";
import { optInOf, recordOptIn } from "./opt-in.server";
import { invitationByLink, optInOfTicket, stopByLink, stopByTicket } from "./withdraw.server";

const SECRET = "invitations-test-secret-0123456789abcdef";
// Before the test event (12 August 2025): registration is open.
const BEFORE = new Date("2025-08-01T10:00:00Z");
const optIns = async (db: DbConnection["db"]) => db.select().from(future_invitations);

describe.each(DATABASE_KINDS)("the opt-in to future editions on %s", (kind) => {
  let database: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.close());
  beforeEach(async () => {
    for (const table of [future_invitations, held_registrations, mail_outbox, waitlist, attendees]) await database.db.delete(table);
    await openRegistration(database.db);
  });

  it("is written with the registration when the box is ticked, and only then", async () => {
    const { db } = database;
    const ticked = await registerAttendee(
      db,
      { ...registrationInput({ fullName: "Hauwa Ƙasimu", email: " Hauwa@Example.org " }), futureEditions: "on", language: "ha" },
      { secret: SECRET, now: BEFORE },
    );
    expect(ticked.ok).toBe(true);
    await registerAttendee(db, registrationInput(), { secret: SECRET, now: BEFORE });
    expect(await optIns(db)).toEqual([
      expect.objectContaining({
        full_name: "Hauwa Ƙasimu",
        email: "hauwa@example.org",
        language: "ha",
        consented_at: BEFORE,
        notice_version: PRIVACY_NOTICE.version,
        edition_id: 1,
      }),
    ]);
  });

  it("is not written when the registration is refused", async () => {
    const { db } = database;
    const first = await registerAttendee(db, registrationInput({ email: "twice@example.org" }), { secret: SECRET, now: BEFORE });
    expect(first.ok).toBe(true);
    const again = await registerAttendee(
      db,
      { ...registrationInput({ email: "twice@example.org" }), futureEditions: "on" },
      { secret: SECRET, now: BEFORE },
    );
    expect(again).toMatchObject({ ok: false, reason: "duplicate" });
    expect(await optIns(db)).toEqual([]);
  });

  it("waits for a held registration's confirmation", async () => {
    const { db } = database;
    const hold = { hold: true, reason: "network", source: "v4:10.0.0.1" } as const;
    const ticked = await holdRegistration(db, { ...registrationInput(), futureEditions: "on" }, hold, { expiryHours: 24, now: BEFORE });
    const unticked = await holdRegistration(db, registrationInput(), hold, { expiryHours: 24, now: BEFORE });
    expect(await optIns(db)).toEqual([]);
    const later = new Date(BEFORE.getTime() + 60_000);
    expect((await confirmHeldById(db, ticked.id, { secret: SECRET, now: later })).status).toBe("registered");
    expect((await confirmHeldById(db, unticked.id, { secret: SECRET, now: later })).status).toBe("registered");
    // Given when the form was sent, with the notice shown then.
    expect(await optIns(db)).toEqual([
      expect.objectContaining({ email: ticked.email, consented_at: BEFORE, notice_version: PRIVACY_NOTICE.version }),
    ]);
    // An organiser confirming a group in bulk gives seats, not the opt-in: the mailbox never answered.
    const grouped = await holdRegistration(db, { ...registrationInput(), futureEditions: "on" }, hold, { expiryHours: 24, now: BEFORE });
    const organiser = { id: null, email: "organiser@example.org" };
    expect(await confirmHeldInBulk(db, organiser, [grouped.id], { secret: SECRET, now: later })).toMatchObject({ registered: 1 });
    expect(await optIns(db)).toHaveLength(1);
  });

  it("is written with a place on the waitlist, also from a held registration confirmed while full", async () => {
    const { db } = database;
    await openRegistration(db);
    await db.execute(sql`update event_settings set max_attendees = 1`);
    await createAttendee(db);
    const joined = await joinWaitlist(db, { ...registrationInput(), futureEditions: "on" }, { secret: SECRET, now: BEFORE });
    expect(joined.ok).toBe(true);
    const held = await holdRegistration(
      db,
      { ...registrationInput(), futureEditions: "on" },
      { hold: true, reason: "overall", source: "" },
      { expiryHours: 24, now: BEFORE },
    );
    expect((await confirmHeldById(db, held.id, { secret: SECRET, now: BEFORE })).status).toBe("waitlisted");
    expect((await optIns(db)).map((row) => row.email).sort()).toEqual([joined.ok ? joined.email : "", held.email].sort());
  });

  it("is one row per address: opting in again refreshes it", async () => {
    const { db } = database;
    const person = { full_name: "Musa Bello", email: "Musa@Example.org", phone: "+2348030000001", language: "en" };
    await recordOptIn(db, person, { consentedAt: BEFORE, noticeVersion: "3" });
    const later = new Date("2026-06-01T10:00:00Z");
    await recordOptIn(db, { ...person, email: " musa@example.ORG ", language: "ha" }, { consentedAt: later, noticeVersion: "4" });
    const rows = await optIns(db);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: "musa@example.org", language: "ha", consented_at: later, notice_version: "4" });
    // The database itself refuses a second row for the address.
    await expect(
      db
        .insert(future_invitations)
        .values({ ...person, email: "MUSA@example.org", consented_at: later, notice_version: "4", edition_id: 1 }),
    ).rejects.toThrow();
  });

  it("is withdrawn from the ticket page of an active registration, and nothing else is", async () => {
    const { db } = database;
    const mine = await createAttendee(db, { email: "amina@example.org" });
    const other = await createAttendee(db, { email: "other@example.org" });
    for (const person of [mine, other]) await recordOptIn(db, person, { consentedAt: BEFORE, noticeVersion: "3" });
    const token = signSelfServiceToken(mine.id, SECRET);
    expect(await optInOfTicket(db, token, SECRET)).toBeTruthy();
    expect(await stopByTicket(db, tamperSignature(token), SECRET)).toBe("invalid");
    expect(await stopByTicket(db, token, SECRET)).toBe("stopped");
    expect(await optInOfTicket(db, token, SECRET)).toBeUndefined();
    expect((await optIns(db)).map((row) => row.email)).toEqual(["other@example.org"]);
    // Pressed again (a second tab): nothing more happens.
    expect(await stopByTicket(db, token, SECRET)).toBe("stopped");
    const logged = await db.select().from(audit_log).where(eq(audit_log.action, "invitation.withdraw"));
    expect(logged.length).toBeGreaterThan(0);
    expect(JSON.stringify(logged)).not.toContain("amina@example.org");
  });

  it("is withdrawn by the invitation's signed link; a forged one is refused and changes nothing", async () => {
    const { db } = database;
    await recordOptIn(
      db,
      { full_name: "Ɗanladi Sani", email: "danladi@example.org", phone: "", language: "ha" },
      {
        consentedAt: BEFORE,
        noticeVersion: "3",
      },
    );
    const row = await optInOf(db, "danladi@example.org");
    if (!row) throw new Error("no opt-in");
    const token = signInvitationToken(row.id, SECRET);
    // A link signed for another purpose (a ticket's), or with another secret, or altered, is no link.
    for (const forged of [
      signSelfServiceToken(row.id, SECRET),
      signInvitationToken(row.id, "another-secret-0123456789abcdef"),
      `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`,
    ]) {
      expect(await invitationByLink(db, forged, SECRET)).toBeUndefined();
      expect(await stopByLink(db, forged, SECRET)).toBe("invalid");
    }
    expect(await invitationByLink(db, token, SECRET)).toEqual({
      id: row.id,
      optIn: { fullName: "Ɗanladi Sani", email: "danladi@example.org" },
    });
    expect(await stopByLink(db, token, SECRET)).toBe("stopped");
    expect(await optIns(db)).toEqual([]);
    expect(await invitationByLink(db, token, SECRET)).toEqual({ id: row.id, optIn: null });
    expect(await stopByLink(db, token, SECRET)).toBe("stopped");
  });
});
