import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection, DbOrTx } from "~/db/client.server";
import { attendeeValues, createAttendee } from "~/db/factories";
import {
  agenda,
  attendees,
  audit_log,
  cancelled_registrations,
  check_ins,
  door_walk_in_shares,
  editions,
  event_settings,
  held_registrations,
  job_runs,
  mail_outbox,
  partners,
  past_registrations,
  reminders,
  retained_stats,
  speakers,
  waitlist,
} from "~/db/schema";
import { SYSTEM_ACTOR } from "~/modules/audit/audit.server";
import { createAdmin } from "~/modules/auth/accounts.server";
import { getSettings, updateSettings } from "~/modules/settings/settings.server";
import { nextEditionOffer } from "./edition-state.server";
import { CARRY_OVER_DEFAULTS, type NextEditionInput } from "./schemas";
import { startNextEdition } from "./start-edition.server";

// Thursday 24 December 2026, over at 17:00 Lagos time; the next edition a year later.
const EVENT = {
  event_name: "Zamfara Youth Summit 2026",
  event_date: "2026-12-24",
  event_starts_at: "08:00:00",
  event_ends_at: "17:00:00",
  venue: "Old Hall",
  max_attendees: 300,
  retention_days: 30,
};
const AFTER = new Date("2027-01-05T09:00:00Z");
const NEXT: NextEditionInput = {
  intent: "confirm",
  name: "Second edition",
  name_ha: "Zagaye na biyu",
  event_name: "Zamfara Youth Summit 2027",
  event_date: "2027-12-23",
  event_starts_at: "09:00:00",
  event_ends_at: "16:00:00",
  venue: "New Hall",
  max_attendees: 400,
  keep: CARRY_OVER_DEFAULTS,
};

async function edition1(db: DbOrTx) {
  const checkedIn = await createAttendee(db, { state: "Zamfara", local_government: "Gusau", gender: "female" });
  const noShow = await createAttendee(db, { state: "Kano", local_government: "Dala", gender: "male" });
  const reminded = await createAttendee(db, { state: "Zamfara", local_government: "Anka", gender: "female" });
  await db.insert(check_ins).values({ attendee_id: checkedIn.id });
  await db.insert(reminders).values({ attendee_id: reminded.id, event_date: EVENT.event_date, kind: "due" });
  const { ticket_id, ...person } = attendeeValues();
  await db.insert(cancelled_registrations).values({ ...attendeeValues(), id: crypto.randomUUID(), registered_at: new Date() });
  await db.insert(waitlist).values({ ...person, status: "waiting" });
  await db
    .insert(held_registrations)
    .values({ ...person, hold_reason: "network", code_hash: "x", expires_at: new Date(Date.now() + 3_600_000) });
  await db.insert(speakers).values({ name: "Amina Bello", title: "Keynote", image_url: "/media/abc.webp" });
  await db.insert(agenda).values({ time: "9:00 AM", title: "Opening" });
  await db.insert(partners).values({ name: "Youth Fund" });
  await db.insert(retained_stats).values({ kind: "total", key: "", count: 10 });
  return { checkedIn, noShow, reminded, ticket_id };
}

describe.each(DATABASE_KINDS)("startNextEdition on %s", (kind) => {
  let database: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.close());
  beforeEach(async () => {
    const { db } = database;
    for (const table of [
      mail_outbox,
      waitlist,
      held_registrations,
      cancelled_registrations,
      attendees,
      past_registrations,
      retained_stats,
      speakers,
      agenda,
      partners,
      audit_log,
    ])
      await db.delete(table);
    await db.update(event_settings).set({ edition_id: 1 });
    await db.delete(job_runs);
    await db.delete(editions).where(eq(editions.id, 2));
    await db
      .update(editions)
      .set({ archived_at: null, figures: null, content: null, event_date: null, retention_days: null, purged_at: null });
    await updateSettings(db, EVENT);
  });

  it("archives the edition, moves its people out of every live table and starts the next with 0 registrations", async () => {
    const { db } = database;
    const people = await edition1(db);
    // A door phone still holding seats for offline walk-ins: this edition's seats.
    const door = await createAdmin(db, {
      email: `edition-door-${kind}@example.org`,
      name: "Gate",
      password: "x".repeat(12),
      role: "checkin",
    });
    await db.insert(door_walk_in_shares).values({ ticket_id: "ZYS-EDITION-ABCDEF", admin_id: door.id, device: crypto.randomUUID() });
    const result = await startNextEdition(db, SYSTEM_ACTOR, { ...NEXT, keep: { ...CARRY_OVER_DEFAULTS, agenda: false } }, AFTER);
    expect(result).toEqual({ ok: true, edition: { id: 2, name: "Second edition" } });

    const [archived] = await db.select().from(editions).where(eq(editions.id, 1));
    expect(archived).toMatchObject({
      event_date: "2026-12-24",
      venue: "Old Hall",
      max_attendees: 300,
      retention_days: 30,
      purged_at: null,
    });
    // The retained 10 (an earlier purge's counts) are part of the edition's figures.
    expect(archived?.figures).toEqual({
      registered: 13,
      attended: 1,
      cancelled: 1,
      waitlisted: 1,
      gender: expect.objectContaining({ male: 1 }),
      states: { Zamfara: 2, Kano: 1 },
      lgas: { "Zamfara / Gusau": 1, "Zamfara / Anka": 1, "Kano / Dala": 1 },
    });
    expect(archived?.content?.speakers.map((s) => s.name)).toEqual(["Amina Bello"]);
    expect(archived?.content?.agenda.map((a) => a.title)).toEqual(["Opening"]);
    expect(archived?.media_urls).toEqual(["/media/abc.webp"]);

    const past = await db.select().from(past_registrations).where(eq(past_registrations.edition_id, 1));
    const outcome = (id: string) => past.find((p) => p.id === id)?.outcome;
    expect(past).toHaveLength(5);
    expect(outcome(people.checkedIn.id)).toBe("attended");
    expect(outcome(people.noShow.id)).toBe("registered");
    expect(past.filter((p) => p.outcome === "cancelled")).toHaveLength(1);
    expect(past.filter((p) => p.outcome === "waitlisted" && p.ticket_id === null)).toHaveLength(1);
    expect(past.find((p) => p.id === people.checkedIn.id)?.checked_in_at).toBeInstanceOf(Date);

    for (const table of [
      attendees,
      check_ins,
      reminders,
      cancelled_registrations,
      waitlist,
      held_registrations,
      retained_stats,
      door_walk_in_shares,
    ]) {
      expect(await db.select().from(table)).toEqual([]);
    }
    const settings = await getSettings(db);
    expect(settings).toMatchObject({
      edition_id: 2,
      event_name: "Zamfara Youth Summit 2027",
      event_date: "2027-12-23",
      venue: "New Hall",
      max_attendees: 400,
      registered_count: 0,
    });
    // The archive keeps the name the edition had.
    expect(archived?.content?.event_name).toBe("Zamfara Youth Summit 2026");
    const [started] = await db.select().from(editions).where(eq(editions.id, 2));
    expect(started).toMatchObject({ name: "Second edition", translations: { ha: { name: "Zagaye na biyu" } }, archived_at: null });
    // Kept the speakers and partners, emptied the agenda.
    expect(await db.select({ name: speakers.name }).from(speakers)).toEqual([{ name: "Amina Bello" }]);
    expect(await db.select().from(agenda)).toEqual([]);
    expect(await db.select({ name: partners.name }).from(partners)).toEqual([{ name: "Youth Fund" }]);
    const [entry] = await db.select().from(audit_log).where(eq(audit_log.action, "edition.start"));
    expect(entry?.details).toMatchObject({
      concluded: 1,
      kept: ["speakers", "special_guests", "partners", "about", "contacts", "guest_of_honor"],
    });
  });

  it("lets the same e-mail address and phone register again in the new edition; the ticket IDs stay apart", async () => {
    const { db } = database;
    const { checkedIn } = await edition1(db);
    await startNextEdition(db, SYSTEM_ACTOR, NEXT, AFTER);
    const again = await createAttendee(db, { email: checkedIn.email.toUpperCase(), phone: checkedIn.phone });
    expect(again.ticket_id).not.toBe(checkedIn.ticket_id);
    expect((await getSettings(db)).registered_count).toBe(1);
  });

  it("is refused before the edition has concluded, and for a date not in the future", async () => {
    const { db } = database;
    await edition1(db);
    const during = new Date("2026-12-24T12:00:00Z");
    expect(await startNextEdition(db, SYSTEM_ACTOR, NEXT, during)).toEqual({ ok: false, reason: "not-concluded" });
    expect(await startNextEdition(db, SYSTEM_ACTOR, { ...NEXT, event_date: "2027-01-04" }, AFTER)).toEqual({
      ok: false,
      reason: "date-not-future",
    });
    expect((await getSettings(db)).edition_id).toBe(1);
    expect(await db.select().from(past_registrations)).toEqual([]);
  });

  it("starts once when two organisers confirm at the same moment", async () => {
    const { db } = database;
    await edition1(db);
    const results = await Promise.all([startNextEdition(db, SYSTEM_ACTOR, NEXT, AFTER), startNextEdition(db, SYSTEM_ACTOR, NEXT, AFTER)]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toEqual({ ok: false, reason: "not-concluded" });
    expect(await db.select({ id: editions.id }).from(editions).orderBy(editions.id)).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it("is offered once the edition is over and had people; a fresh site's past default date just moves", async () => {
    const { db } = database;
    const during = new Date("2026-12-24T12:00:00Z");
    expect(await nextEditionOffer(db, AFTER)).toBeNull();
    await createAttendee(db);
    expect(await nextEditionOffer(db, during)).toBeNull();
    expect(await nextEditionOffer(db, AFTER)).toEqual({ edition: "First edition", eventDate: "2026-12-24" });
  });

  it("marks the archive purged when the edition's personal data was already deleted", async () => {
    const { db } = database;
    await db.insert(job_runs).values({ job: "personal-data-purge", event_date: EVENT.event_date });
    await startNextEdition(db, SYSTEM_ACTOR, NEXT, AFTER);
    const [archived] = await db.select().from(editions).where(eq(editions.id, 1));
    expect(archived?.purged_at).toEqual(AFTER);
  });
});
