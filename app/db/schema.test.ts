import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "./client.server";
import { pgErrorCode } from "./client.server";
import { createAttendee } from "./factories";
import { event_settings, SETTINGS_ID } from "./schema";

describe.each(DATABASE_KINDS)("schema on %s", (kind) => {
  let database: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("applies the migrations and creates the settings row with the spec's defaults", async () => {
    const [row] = await database.db.select().from(event_settings).where(eq(event_settings.id, SETTINGS_ID));
    expect(row).toMatchObject({
      event_date: "2025-08-12",
      event_starts_at: "08:00:00",
      event_ends_at: "17:00:00",
      registration_enabled: true,
      max_attendees: 500,
    });
  });

  it("refuses the same e-mail in another case and with spaces (23505)", async () => {
    await createAttendee(database.db, { email: "Ada@Example.com" });
    const error = await createAttendee(database.db, { email: "  ada@example.COM " }).catch((e: unknown) => e);
    expect(pgErrorCode(error)).toBe("23505");
  });

  it("refuses a duplicate ticket_id", async () => {
    await createAttendee(database.db, { ticket_id: "ZYS-SAME-AAAAAA" });
    const error = await createAttendee(database.db, { ticket_id: "ZYS-SAME-AAAAAA" }).catch((e: unknown) => e);
    expect(pgErrorCode(error)).toBe("23505");
  });

  it("refuses a gender outside male, female, other", async () => {
    const error = await createAttendee(database.db, { gender: "unknown" as "male" }).catch((e: unknown) => e);
    expect(pgErrorCode(error)).toBe("23514");
  });

  it("keeps max_attendees between 1 and 10000 and the settings row single", async () => {
    for (const value of [0, 10001]) {
      const error = await database.db
        .update(event_settings)
        .set({ max_attendees: value })
        .where(eq(event_settings.id, SETTINGS_ID))
        .catch((e: unknown) => e);
      expect(pgErrorCode(error)).toBe("23514");
    }
    const error = await database.db.execute(sql`insert into event_settings (id) values (gen_random_uuid())`).catch((e: unknown) => e);
    expect(pgErrorCode(error)).toBe("23514");
  });
});
