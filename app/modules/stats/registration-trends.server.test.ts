import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { createAttendee } from "~/db/factories";
import { attendees, outreach_sources, retained_stats } from "~/db/schema";
import { drawSourceCode } from "~/modules/outreach/codes";
import { registrationsPerDay, topSources } from "./registration-trends.server";

describe.each(DATABASE_KINDS)("registration trends on %s", (kind) => {
  let database: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    await database.db.delete(attendees);
    await database.db.delete(retained_stats);
    await database.db.delete(outreach_sources);
  });

  const at = (iso: string) => ({ created_at: new Date(iso) });

  it("has no days before the first registration", async () => {
    expect(await registrationsPerDay(database.db)).toEqual([]);
  });

  it("counts days in Lagos across its midnight, fills the quiet days and runs the total on", async () => {
    const { db } = database;
    // 22:59 UTC is 23:59 in Lagos (Monday); 23:00 UTC is already Tuesday there.
    await createAttendee(db, at("2026-08-03T22:59:00Z"));
    await createAttendee(db, at("2026-08-03T23:00:00Z"));
    await createAttendee(db, at("2026-08-04T10:00:00Z"));
    // Thursday 00:30 in Lagos is Wednesday 23:30 UTC; Wednesday itself is quiet in Lagos.
    await createAttendee(db, at("2026-08-05T23:30:00Z"));
    expect(await registrationsPerDay(db)).toEqual([
      { day: "2026-08-03", count: 1, total: 1 },
      { day: "2026-08-04", count: 2, total: 3 },
      { day: "2026-08-05", count: 0, total: 3 },
      { day: "2026-08-06", count: 1, total: 4 },
    ]);
  });

  it("adds the days the retention purge kept, and starts from a total kept without its days", async () => {
    const { db } = database;
    // 40 kept in all: 10 on 2 August with their day, 30 from a purge before days were kept.
    await db.insert(retained_stats).values([
      { kind: "total", key: "", count: 40 },
      { kind: "day", key: "2026-08-02", count: 10 },
    ]);
    await createAttendee(db, at("2026-08-03T12:00:00Z"));
    expect(await registrationsPerDay(db)).toEqual([
      { day: "2026-08-02", count: 10, total: 40 },
      { day: "2026-08-03", count: 1, total: 41 },
    ]);
  });

  it("ranks the sources and the invite links together, leaves out the registrations no link brought", async () => {
    const { db } = database;
    const [radio, poster, quiet] = await db
      .insert(outreach_sources)
      .values([
        { name: "Radio Gusau", code: drawSourceCode() },
        { name: "Poster — Talata Mafara", code: drawSourceCode() },
        { name: "Ƙungiyar Matasa", code: drawSourceCode() },
      ])
      .returning();
    const inviter = await createAttendee(db, { outreach_source_id: radio?.id });
    await createAttendee(db, { outreach_source_id: radio?.id });
    await createAttendee(db, { outreach_source_id: poster?.id });
    await createAttendee(db, { invited_by: inviter.id });
    await createAttendee(db, { invited_by: inviter.id });
    await createAttendee(db, { invited_by: inviter.id });
    await createAttendee(db);
    // What the purge kept of a past edition's poster registrations.
    await db.insert(retained_stats).values({ kind: "outreach", key: String(poster?.id), count: 1 });
    expect(quiet).toBeDefined();
    expect(await topSources(db)).toEqual([
      { name: "Invited by attendees", count: 3, invited: true },
      { name: "Poster — Talata Mafara", count: 2, invited: false },
      { name: "Radio Gusau", count: 2, invited: false },
    ]);
    expect(await topSources(db, 1)).toHaveLength(1);
  });
});
