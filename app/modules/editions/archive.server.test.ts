import { getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { createArchivedEdition, createAttendee } from "~/db/factories";
import * as schema from "~/db/schema";
import { editions, media } from "~/db/schema";
import { storeImage } from "~/modules/media/media.server";
import { editionsPage, pastEditions } from "./archive.server";

const person = (name: string, speaker_type?: string, ha?: string) => ({
  name,
  title: `${name}'s title`,
  bio: "A bio the page does not show",
  image_url: "",
  ...(speaker_type ? { speaker_type } : {}),
  translations: ha ? { ha: { title: ha } } : {},
});

describe.each(DATABASE_KINDS)("the archive of past editions on %s", (kind) => {
  let database: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.close());

  it("has none on a new site, and says when the first edition is or was", async () => {
    const { db } = database;
    expect(await pastEditions(db, "en")).toEqual([]);
    const settings = { event_date: "2026-11-23", event_starts_at: "09:00:00", event_ends_at: "17:00:00" };
    const before = await editionsPage(db, settings, "en", Date.parse("2026-11-01T12:00:00Z"));
    expect(before).toEqual({ editions: [], first: { dateLabel: "Monday, 23 November 2026", held: false } });
    const after = await editionsPage(db, settings, "ha", Date.parse("2026-11-24T12:00:00Z"));
    expect(after.first).toEqual({ dateLabel: expect.stringContaining("23 Nuwamba"), held: true });
  });

  it("lists archived editions only, newest first, with what the page shows and nothing more", async () => {
    const { db } = database;
    const bytes = await sharp({ create: { width: 600, height: 200, channels: 3, background: "#0a0" } })
      .jpeg()
      .toBuffer();
    const logo = (await storeImage(db, { type: "image/jpeg", size: bytes.length, bytes })).url;
    const older = await createArchivedEdition(db, {
      name: "2024 edition",
      event_date: "2024-08-10",
      figures: { registered: 1, attended: 0, states: { Zamfara: 1 } },
    });
    const newer = await createArchivedEdition(db, {
      name: "2025 edition",
      translations: { ha: { name: "Zagayen 2025" } },
      event_date: "2025-08-12",
      venue: "Gusau Banquet Hall",
      figures: {
        registered: 420,
        attended: 310,
        cancelled: 12,
        states: { Zamfara: 400, Sokoto: 20, Kebbi: 0 },
        lgas: { "Zamfara / Gusau": 300 },
      },
      content: {
        translations: { ha: { venue: "Babban ɗakin taro na Gusau" } },
        speakers: [person("Amina Keynote", "Keynote", "Babbar mai jawabi"), person("Governor", "Chief Host"), person("Untyped")],
        special_guests: [person("Emir")],
        partners: [
          { name: "Ministry", logo_url: logo, website_url: "https://example.org" },
          { name: "Elsewhere", logo_url: "https://example.org/logo.png", website_url: "" },
        ],
      },
    });
    // The current edition, still running: not archived, so not listed.
    await db.insert(editions).values({ id: newer.id + 1, name: "Next edition" });
    // People registered for the current edition are not the past editions' figures.
    await createAttendee(db);

    const english = await pastEditions(db, "en");
    expect(english.map((e) => e.id)).toEqual([newer.id, older.id]);
    expect(english[0]).toEqual({
      id: newer.id,
      name: "2025 edition",
      dateLabel: "Tuesday, 12 August 2025",
      venue: "Gusau Banquet Hall",
      counts: { people: 420, states: 2, attended: 310 },
      // The hosts first, as the landing page showed them; then the speakers; then the guests.
      people: [
        { id: `${newer.id}-0`, name: "Governor", title: "Governor's title", image_url: "", badge: "Chief Host" },
        { id: `${newer.id}-1`, name: "Amina Keynote", title: "Amina Keynote's title", image_url: "", badge: "Keynote" },
        { id: `${newer.id}-2`, name: "Untyped", title: "Untyped's title", image_url: "", badge: "Speaker" },
        { id: `${newer.id}-3`, name: "Emir", title: "Emir's title", image_url: "", badge: "Special Guest" },
      ],
      partners: [
        // 64 px high at the stored logo's 3:1 proportions; an address elsewhere gets the default box.
        { id: `${newer.id}-0`, name: "Ministry", logo_url: logo, website_url: "https://example.org", logo_width: 192 },
        { id: `${newer.id}-1`, name: "Elsewhere", logo_url: "https://example.org/logo.png", website_url: "", logo_width: 120 },
      ],
    });
    expect(english[1]).toMatchObject({ name: "2024 edition", counts: { people: 1, states: 1, attended: 0 }, people: [], partners: [] });

    const hausa = await pastEditions(db, "ha");
    expect(hausa[0]).toMatchObject({
      name: "Zagayen 2025",
      venue: "Babban ɗakin taro na Gusau",
      dateLabel: expect.stringContaining("Agusta"),
    });
    expect(hausa[0]?.people.map((p) => p.title)).toEqual(["Governor's title", "Babbar mai jawabi", "Untyped's title", "Emir's title"]);
    // No Hausa name or venue given: the English ones.
    expect(hausa[1]).toMatchObject({ name: "2024 edition", venue: "Gusau Banquet Hall" });

    const page = await editionsPage(db, { event_date: "2026-08-12", event_starts_at: "08:00:00", event_ends_at: "17:00:00" }, "en");
    expect(page.first).toBeNull();
    expect(page.editions).toHaveLength(2);
  });

  it("reads no table but the editions and the stored logos' sizes", async () => {
    const { db } = database;
    await createArchivedEdition(db, { content: { speakers: [person("Someone")] } });
    const others = Object.values(schema)
      .flatMap((value) => (is(value, PgTable) ? [getTableName(value)] : []))
      .filter((name) => name !== getTableName(editions) && name !== getTableName(media));
    expect(others).toContain("attendees");
    expect(others).toContain("past_registrations");
    const sentinel = new Error("roll back");
    const listed = db.transaction(async (tx) => {
      // Every other table out of reach: a query over one of them fails.
      for (const name of others) await tx.execute(sql.raw(`alter table "${name}" rename to "${name}_away"`));
      expect((await pastEditions(tx, "en")).length).toBeGreaterThan(0);
      throw sentinel;
    });
    await expect(listed).rejects.toBe(sentinel);
  });
});
