import { describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import { createAttendee } from "~/db/factories";
import { audit_log } from "~/db/schema";
import { verifyAdminCredentials } from "~/modules/auth/accounts.server";
import { getSettings } from "~/modules/settings/settings.server";
import { countSpeakers, listAgenda, listPartners, listSpeakers, listSpecialGuests } from "./content.server";
import { DEMO_ABOUT, DEMO_AGENDA, DEMO_PARTNERS, DEMO_SPEAKERS, DEMO_SPECIAL_GUESTS } from "./demo-data";
import { eventDateFrom, seedDemo } from "./demo-seed.server";
import { agendaItemSchema, partnerSchema, SPEAKER_FORM_TYPES, speakerSchema, specialGuestSchema } from "./schemas";

const admin = { email: "demo-admin@example.org", name: "Demo Admin", password: "correct-horse-battery" };

describe("demo data", () => {
  it("passes the admin forms' own validation", () => {
    // In English only: visitors reading Hausa see the English texts.
    for (const speaker of DEMO_SPEAKERS) expect(speakerSchema.parse(speaker)).toEqual({ ...speaker, translations: {} });
    for (const guest of DEMO_SPECIAL_GUESTS) expect(specialGuestSchema.parse(guest)).toEqual({ ...guest, translations: {} });
    for (const item of DEMO_AGENDA) expect(agendaItemSchema.parse(item)).toEqual({ ...item, speaker_id: null, translations: {} });
    for (const partner of DEMO_PARTNERS) expect(partnerSchema.parse(partner)).toEqual(partner);
  });

  it("has at least two of each public speaker type, and the Chief Host and Host cards", () => {
    // A Chairman card is optional (the product's fixed organizer list has none).
    for (const type of SPEAKER_FORM_TYPES.filter((t) => t !== "Chairman")) {
      const n = DEMO_SPEAKERS.filter((s) => s.speaker_type === type).length;
      expect(n, type).toBeGreaterThanOrEqual(type === "Chief Host" || type === "Host" ? 1 : 2);
    }
  });

  it("computes the event date in Lagos time", () => {
    // 23:30 UTC on 31 Dec is already 1 Jan in Lagos (UTC+1).
    expect(eventDateFrom(new Date("2025-12-31T23:30:00Z"), 30)).toBe("2026-01-31");
    expect(eventDateFrom(new Date("2025-12-31T22:30:00Z"), 30)).toBe("2026-01-30");
    expect(eventDateFrom(new Date("2024-02-01T12:00:00Z"), 30)).toBe("2024-03-02");
  });
});

describe.each(DATABASE_KINDS)("seedDemo on %s", (kind) => {
  it("fills an empty database once, with the event 30 days out in Lagos", async () => {
    const database = await createTestDatabase(kind);
    try {
      const { db } = database;
      const today = new Date("2025-06-30T23:15:00Z"); // 1 July in Lagos
      const first = await seedDemo(db, { today, admin });
      expect(first).toMatchObject({ seeded: true, eventDate: "2025-07-31", speakers: 10, specialGuests: 3, agendaItems: 9, partners: 5 });

      const settings = await getSettings(db);
      expect(settings).toMatchObject({ event_date: "2025-07-31", about: DEMO_ABOUT, max_attendees: 500, registration_enabled: true });
      expect((await listSpeakers(db)).map((s) => s.name)).toEqual(DEMO_SPEAKERS.map((s) => s.name));
      expect(await countSpeakers(db)).toBe(10);
      expect((await listSpecialGuests(db)).map((g) => g.name)).toEqual(DEMO_SPECIAL_GUESTS.map((g) => g.name));
      const items = await listAgenda(db);
      expect(items.map((i) => [i.order_index, i.time])).toEqual(DEMO_AGENDA.map((item, i) => [i + 1, item.time]));
      expect(items[0]?.title).toBe("Registration & Arrival");
      expect(items.at(-1)).toMatchObject({ time: "5:00 PM", title: "Closing Ceremony with Cultural Performances" });
      const partners = await listPartners(db);
      expect(partners).toHaveLength(5);
      for (const p of partners) expect(new URL(p.website_url).hostname).toBe("example.org");
      expect(await verifyAdminCredentials(db, admin.email, admin.password)).toMatchObject({ email: admin.email, name: "Demo Admin" });

      // A later start, days later: nothing is added or changed.
      const again = await seedDemo(db, { today: new Date("2025-07-10T10:00:00Z"), admin });
      expect(again).toEqual({ seeded: false, reason: "already-seeded" });
      expect(await countSpeakers(db)).toBe(10);
      expect(await listAgenda(db)).toHaveLength(9);
      expect(await listPartners(db)).toHaveLength(5);
      expect(await listSpecialGuests(db)).toHaveLength(3);
      expect((await getSettings(db)).event_date).toBe("2025-07-31");
      expect(await db.select().from(audit_log)).toHaveLength(1);
    } finally {
      await database.close();
    }
  });

  it("also works without an admin account", async () => {
    const database = await createTestDatabase(kind);
    try {
      expect(await seedDemo(database.db, { today: new Date() })).toMatchObject({ seeded: true, admin: null });
    } finally {
      await database.close();
    }
  });

  it("leaves a database that already holds real data alone", async () => {
    const database = await createTestDatabase(kind);
    try {
      const { db } = database;
      await createAttendee(db);
      expect(await seedDemo(db, { today: new Date(), admin })).toEqual({ seeded: false, reason: "not-empty" });
      expect(await countSpeakers(db)).toBe(0);
      expect((await getSettings(db)).event_date).toBe("2025-08-12");
    } finally {
      await database.close();
    }
  });
});
