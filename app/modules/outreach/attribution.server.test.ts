import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { createAttendee } from "~/db/factories";
import {
  type Attribution,
  attendees,
  audit_log,
  cancelled_registrations,
  editions,
  event_settings,
  held_registrations,
  mail_outbox,
  outreach_sources,
  past_registrations,
  registration_surges,
  waitlist,
} from "~/db/schema";
import { SYSTEM_ACTOR } from "~/modules/audit/audit.server";
import { holdRegistration } from "~/modules/booking-protection/hold-decision.server";
import { CARRY_OVER_DEFAULTS } from "~/modules/editions/schemas";
import { startNextEdition } from "~/modules/editions/start-edition.server";
import { registrationInput } from "~/modules/person/test-data.server";
import { registerAttendee } from "~/modules/registration/registration.server";
import { updateSettings } from "~/modules/settings/settings.server";
import { cancelRegistration } from "~/modules/tickets/cancel.server";
import { signSelfServiceToken } from "~/modules/tickets/ticket-token.server";
import { confirmHeldById } from "~/modules/waitlist/held-confirm.server";
import { claimOffer } from "~/modules/waitlist/offers.server";
import { joinWaitlist, settleWaitlist } from "~/modules/waitlist/waitlist.server";
import { signWaitlistToken } from "~/modules/waitlist/waitlist-token.server";
import { attributionOf, NO_ATTRIBUTION } from "./attribution.server";
import { outreachFigures } from "./figures.server";
import { createSource, setArchived } from "./sources.server";

// Where a registration came from, on both databases: the cookie's rules (the first link within
// 30 days, its expiry, invite codes, unknown codes), and the source staying with the person
// through the waitlist, a held registration, a cancellation and the next edition.

const SECRET = "outreach-test-secret-0123456789abcdef";
const NOW = new Date("2026-11-20T10:00:00Z");
const DAY = 86_400_000;
const EVENT = {
  event_date: "2026-12-24",
  event_starts_at: "08:00:00",
  event_ends_at: "17:00:00",
  registration_enabled: true,
  max_attendees: 500,
};

describe.each(DATABASE_KINDS)("attribution on %s", (kind) => {
  let database: DbConnection;
  let radio: { id: number; code: string };
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.close());
  beforeEach(async () => {
    const { db } = database;
    for (const table of [mail_outbox, waitlist, held_registrations, registration_surges, cancelled_registrations, attendees])
      await db.delete(table);
    for (const table of [past_registrations, outreach_sources, audit_log]) await db.delete(table);
    await db.update(event_settings).set({ edition_id: 1 });
    await db.delete(editions).where(eq(editions.id, 2));
    await db.update(editions).set({ archived_at: null, figures: null, content: null, event_date: null, retention_days: null });
    await updateSettings(db, EVENT);
    const created = await createSource(db, SYSTEM_ACTOR, "Radio Gusau");
    if (!created.ok) throw new Error(created.reason);
    radio = created.source;
  });

  const fromRadio = (): Attribution => ({ outreach_source_id: radio.id, invited_by: null });
  const rowOf = async (table: typeof attendees | typeof waitlist, email: string) => {
    const [row] = await database.db
      .select({ outreach_source_id: table.outreach_source_id, invited_by: table.invited_by })
      .from(table)
      .where(eq(table.email, email));
    return row;
  };

  it("takes a source's cookie within its 30 days, also once the source is archived, and not after", async () => {
    const { db } = database;
    const referral = { via: "source" as const, code: radio.code, since: NOW };
    expect(await attributionOf(db, referral, new Date(NOW.getTime() + 29 * DAY))).toEqual(fromRadio());
    await setArchived(db, SYSTEM_ACTOR, radio.id, true);
    expect(await attributionOf(db, referral, NOW)).toEqual(fromRadio());
    expect(await attributionOf(db, referral, new Date(NOW.getTime() + 30 * DAY))).toEqual(NO_ATTRIBUTION);
    expect(await attributionOf(db, null, NOW)).toEqual(NO_ATTRIBUTION);
  });

  it("takes an invite code as the inviting attendee's id; an unknown code counts as direct", async () => {
    const { db } = database;
    const inviter = await createAttendee(db);
    expect(await attributionOf(db, { via: "invite", code: inviter.invite_code, since: NOW }, NOW)).toEqual({
      outreach_source_id: null,
      invited_by: inviter.id,
    });
    const unknownInvite = inviter.invite_code === "222222" ? "333333" : "222222";
    expect(await attributionOf(db, { via: "invite", code: unknownInvite, since: NOW }, NOW)).toEqual(NO_ATTRIBUTION);
    expect(await attributionOf(db, { via: "source", code: radio.code === "22222" ? "33333" : "22222", since: NOW }, NOW)).toEqual(
      NO_ATTRIBUTION,
    );
  });

  it("gives every attendee a distinct invite code of the alphabet, also many rows written by one statement", async () => {
    const { db } = database;
    // 2,000 rows in one insert, as a script or a restore would write them, taking the column's default.
    await db.execute(sql`insert into attendees (full_name, email, phone, gender, ticket_id)
       select 'Bulk ' || g, 'bulk-' || g || '@example.org', '+23480' || lpad(g::text, 8, '0'), 'female', 'ZYS-BULK-' || g
       from generate_series(1, 2000) g`);
    const codes = (await db.select({ code: attendees.invite_code }).from(attendees)).map((row) => row.code);
    expect(codes).toHaveLength(2000);
    expect(new Set(codes).size).toBe(2000);
    for (const code of codes) expect(code).toMatch(/^[23456789ACDEFHJKMNPRTVWXY]{6}$/);
  });

  it("is stored with a registration from the form, and counted for its source", async () => {
    const { db } = database;
    const input = registrationInput();
    const outcome = await registerAttendee(db, { ...input, attribution: fromRadio() }, { secret: SECRET, now: NOW });
    expect(outcome.ok).toBe(true);
    expect(await rowOf(attendees, input.email)).toEqual(fromRadio());
    expect((await outreachFigures(db)).sources).toMatchObject([{ id: radio.id, registrations: 1, referenced: true }]);
  });

  it("stays with a person who waits for a seat and claims it", async () => {
    const { db } = database;
    await updateSettings(db, { max_attendees: 1 });
    const seated = await createAttendee(db);
    const input = registrationInput();
    const joined = await joinWaitlist(db, { ...input, attribution: fromRadio() }, { secret: SECRET, now: NOW });
    if (!joined.ok) throw new Error(joined.message);
    expect(await rowOf(waitlist, input.email)).toEqual(fromRadio());
    // A seat frees up: the offer goes to them, and they claim it.
    await cancelRegistration(db, signSelfServiceToken(seated.id, SECRET), SECRET, (tx) => settleWaitlist(tx, { now: NOW }));
    const claimed = await claimOffer(db, signWaitlistToken(joined.id, SECRET), { secret: SECRET, now: NOW });
    expect(claimed.status).toBe("claimed");
    expect(await rowOf(attendees, input.email)).toEqual(fromRadio());
    expect((await outreachFigures(db)).sources[0]).toMatchObject({ registrations: 1 });
  });

  it("stays with a held registration when it is confirmed, into a seat or onto the waitlist", async () => {
    const { db } = database;
    const hold = { hold: true as const, reason: "network" as const, source: "v4:10.0.0.1" };
    const seat = registrationInput();
    const held = await holdRegistration(db, { ...seat, attribution: fromRadio() }, hold, { expiryHours: 24, now: NOW });
    const [heldRow] = await db.select().from(held_registrations).where(eq(held_registrations.id, held.id));
    expect(heldRow).toMatchObject(fromRadio());
    expect(await confirmHeldById(db, held.id, { secret: SECRET, now: NOW })).toMatchObject({ status: "registered" });
    expect(await rowOf(attendees, seat.email)).toEqual(fromRadio());

    // Confirmed once the event is full: onto the waitlist, still from the radio.
    await updateSettings(db, { max_attendees: 1 });
    const line = registrationInput();
    const later = await holdRegistration(db, { ...line, attribution: fromRadio() }, hold, { expiryHours: 24, now: NOW });
    expect(await confirmHeldById(db, later.id, { secret: SECRET, now: NOW })).toMatchObject({ status: "waitlisted" });
    expect(await rowOf(waitlist, line.email)).toEqual(fromRadio());
  });

  it("goes with a cancelled registration and into a past edition, where the source still cannot be deleted", async () => {
    const { db } = database;
    const inviter = await createAttendee(db);
    const leaving = await createAttendee(db, { outreach_source_id: radio.id });
    const invited = await createAttendee(db, { invited_by: inviter.id });
    await cancelRegistration(db, signSelfServiceToken(leaving.id, SECRET), SECRET);
    const [cancelled] = await db.select().from(cancelled_registrations).where(eq(cancelled_registrations.id, leaving.id));
    expect(cancelled).toMatchObject({ outreach_source_id: radio.id, invited_by: null });

    const next = {
      intent: "confirm" as const,
      name: "Second edition",
      name_ha: "",
      event_name: "Zamfara Youth Summit",
      event_date: "2027-12-23",
      event_starts_at: "09:00:00",
      event_ends_at: "16:00:00",
      venue: "New Hall",
      max_attendees: 400,
      keep: CARRY_OVER_DEFAULTS,
    };
    expect(await startNextEdition(db, SYSTEM_ACTOR, next, new Date("2027-01-05T09:00:00Z"))).toMatchObject({ ok: true });
    const past = await db.select().from(past_registrations);
    expect(past.find((p) => p.id === leaving.id)).toMatchObject({ outcome: "cancelled", outreach_source_id: radio.id });
    expect(past.find((p) => p.id === invited.id)).toMatchObject({ outcome: "registered", invited_by: inviter.id });
    // The new edition starts its figures from nothing; the source is kept, and referenced.
    const figures = await outreachFigures(db);
    expect(figures.sources).toMatchObject([{ id: radio.id, visits: 0, registrations: 0, referenced: true }]);
    expect(figures.invited.registrations).toBe(0);
  });
});
