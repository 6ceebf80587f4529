import { readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "./client.server";
import { createAttendee } from "./factories";
import { attendees, event_settings, SETTINGS_ID } from "./schema";

// The migration that composes (NFC) the text stored before the text rule (text.ts): run again
// over rows written decomposed, it composes them and leaves the Hausa letters and apostrophes.

const migration = readFileSync(path.join(import.meta.dirname, "../../drizzle/0016_stored_text_nfc.sql"), "utf8")
  // Run over today's schema: without the columns dropped since (event_time, by 0031_event_hours).
  .replace('"event_time" = normalize("event_time", NFC), ', "")
  .replace(' OR NOT ("event_time" IS NFC NORMALIZED)', "")
  .split("--> statement-breakpoint")
  .map((statement) => statement.trim())
  .filter(Boolean);

describe.each(DATABASE_KINDS)("the stored-text migration on %s", (kind) => {
  let database: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("composes names, organisations and settings stored decomposed, and nothing else changes", async () => {
    const { db } = database;
    const decomposed = await createAttendee(db, { full_name: "Ade\u0301bayo Ƙaura Na\u2019Allah", organization: "Ƙungiyar Mata\u0301" });
    const composed = await createAttendee(db, { full_name: "Ɗanlami Ƴar'Adua Niʼima" });
    await db.update(event_settings).set({ venue: "Ɗan Fodio Hall, Gusau\u0301" }).where(eq(event_settings.id, SETTINGS_ID));
    for (const statement of migration) await db.execute(sql.raw(statement));
    const rows = await db.select({ id: attendees.id, name: attendees.full_name, org: attendees.organization }).from(attendees);
    expect(rows.find((r) => r.id === decomposed.id)).toMatchObject({ name: "Adébayo Ƙaura Na\u2019Allah", org: "Ƙungiyar Matá" });
    expect(rows.find((r) => r.id === composed.id)?.name).toBe("Ɗanlami Ƴar'Adua Niʼima");
    const [settings] = await db.select({ venue: event_settings.venue }).from(event_settings);
    expect(settings?.venue).toBe("Ɗan Fodio Hall, Gusaú");
  });
});
