import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { attendeeValues, createAttendee } from "~/db/factories";
import { attendees, audit_log, check_ins, outreach_sources, outreach_visits, retained_stats, waitlist } from "~/db/schema";
import { SYSTEM_ACTOR } from "~/modules/audit/audit.server";
import { drawSourceCode } from "./codes";
import { outreachFigures, parseSourceSort } from "./figures.server";
import { OUTREACH_CSV_COLUMNS, outreachCsv } from "./outreach-csv.server";
import { createSource, deleteSource, setArchived } from "./sources.server";
import { visitorKey } from "./visits.server";

// The organisers' sources on both databases: a code drawn again when taken (the unique index
// decides), names unique and kept as typed, archive and restore, delete only without
// registrations; the figures counted by the database, sorted, with the invite links and the
// direct registrations; and the CSV, formula-safe.

describe.each(DATABASE_KINDS)("outreach sources on %s", (kind) => {
  let database: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.close());
  beforeEach(async () => {
    for (const table of [check_ins, waitlist, attendees, outreach_visits, outreach_sources, retained_stats, audit_log])
      await database.db.delete(table);
  });

  async function source(name: string, draw?: () => string) {
    const created = await createSource(database.db, SYSTEM_ACTOR, name, draw ? { draw } : {});
    if (!created.ok) throw new Error(created.reason);
    return created.source;
  }
  /** `n` visits through `sourceId` by different browsers on one day. */
  async function visits(sourceId: number, n: number) {
    for (let i = 0; i < n; i++) {
      const visitor = visitorKey(`browser-${sourceId}-${i}`, "2026-11-20", { via: "source", sourceId });
      await database.db.insert(outreach_visits).values({ visitor, via: "source", source_id: sourceId, day: "2026-11-20" });
    }
  }

  it("draws another code when the first is taken, and records who created it", async () => {
    const first = await source("Radio Gusau", () => "K7M3X");
    const codes = ["K7M3X", "K7M3X", "H4RT9"];
    const second = await source("Poster — Talata Mafara", () => codes.shift() ?? drawSourceCode());
    expect([first.code, second.code]).toEqual(["K7M3X", "H4RT9"]);
    const [entry] = await database.db.select().from(audit_log);
    expect(entry).toMatchObject({ action: "outreach.create", entity: "outreach_source", details: { name: "Radio Gusau", code: "K7M3X" } });
  });

  it("gives many sources distinct codes of the alphabet", async () => {
    const made = await Promise.all(Array.from({ length: 40 }, (_, i) => source(`Poster ${i + 1}`)));
    expect(new Set(made.map((s) => s.code)).size).toBe(40);
    for (const s of made) expect(s.code).toMatch(/^[23456789ACDEFHJKMNPRTVWXY]{5}$/);
  });

  it("refuses a second source of the same name in any case, and keeps Hausa letters as typed", async () => {
    await source("Rediyon Ƙasa — Gusau");
    expect(await createSource(database.db, SYSTEM_ACTOR, "REDIYON ƘASA — GUSAU")).toEqual({ ok: false, reason: "duplicate-name" });
    const [row] = await database.db.select().from(outreach_sources);
    expect(row?.name).toBe("Rediyon Ƙasa — Gusau");
  });

  it("archives and restores, and deletes only a source no one registered through", async () => {
    const { db } = database;
    const unused = await source("Unused flyer");
    const radio = await source("Radio Gusau");
    await visits(unused.id, 2);
    await createAttendee(db, { outreach_source_id: radio.id });
    expect(await setArchived(db, SYSTEM_ACTOR, radio.id, true)).toBe("done");
    expect(await setArchived(db, SYSTEM_ACTOR, radio.id, true)).toBe("unchanged");
    expect(await deleteSource(db, SYSTEM_ACTOR, radio.id)).toBe("has-registrations");
    expect(await setArchived(db, SYSTEM_ACTOR, radio.id, false)).toBe("done");
    // Someone only waiting for a seat counts as well.
    const waiting = await source("Waiting list post");
    const { ticket_id: _ticket, ...person } = attendeeValues({ outreach_source_id: waiting.id });
    await db.insert(waitlist).values(person);
    expect(await deleteSource(db, SYSTEM_ACTOR, waiting.id)).toBe("has-registrations");
    expect(await deleteSource(db, SYSTEM_ACTOR, unused.id)).toBe("deleted");
    expect(await db.$count(outreach_visits)).toBe(0);
    expect(await deleteSource(db, SYSTEM_ACTOR, unused.id)).toBe("missing");
  });

  it("counts per source in the database: visits, registrations, conversion, attended; then invites and direct", async () => {
    const { db } = database;
    const radio = await source("Radio Gusau");
    const poster = await source("Poster — Talata Mafara");
    const quiet = await source("Quiet partner");
    await visits(radio.id, 10);
    await visits(poster.id, 4);
    const fromRadio = await Promise.all([1, 2, 3].map(() => createAttendee(db, { outreach_source_id: radio.id })));
    await createAttendee(db, { outreach_source_id: poster.id });
    const inviter = await createAttendee(db);
    await createAttendee(db, { invited_by: inviter.id });
    await db.insert(outreach_visits).values({ visitor: "invite-visit", via: "invite", day: "2026-11-20" });
    await db.insert(check_ins).values([{ attendee_id: fromRadio[0]?.id ?? "" }, { attendee_id: inviter.id }]);

    const figures = await outreachFigures(db);
    expect(figures.sources.map((s) => [s.name, s.visits, s.registrations, s.conversion, s.attended])).toEqual([
      ["Radio Gusau", 10, 3, 0.3, 1],
      ["Poster — Talata Mafara", 4, 1, 0.25, 0],
      ["Quiet partner", 0, 0, null, 0],
    ]);
    expect(figures.invited).toEqual({ visits: 1, registrations: 1, attended: 0 });
    expect(figures.direct).toEqual({ visits: null, registrations: 1, attended: 1 });
    expect(figures.total).toEqual({ visits: 15, registrations: 6, attended: 2 });
    expect(figures.checkInBegun).toBe(true);

    const order = async (query: string) =>
      (await outreachFigures(db, parseSourceSort(new URLSearchParams(query)))).sources.map((s) => s.id);
    expect(await order("sort=name")).toEqual([poster.id, quiet.id, radio.id]);
    expect(await order("sort=conversion&dir=asc")).toEqual([quiet.id, poster.id, radio.id]);
    expect(await order("sort=conversion")).toEqual([radio.id, poster.id, quiet.id]);
    expect(await order("sort=visits&dir=asc")).toEqual([quiet.id, poster.id, radio.id]);
    expect(await order("sort=nonsense&dir=sideways")).toEqual([radio.id, poster.id, quiet.id]);
  });

  it("adds what the retention purge kept, so the figures outlive the personal data", async () => {
    const { db } = database;
    const radio = await source("Radio Gusau");
    await createAttendee(db, { outreach_source_id: radio.id });
    await db.insert(retained_stats).values([
      { kind: "outreach", key: String(radio.id), count: 40 },
      { kind: "outreach_attended", key: String(radio.id), count: 25 },
      { kind: "outreach", key: "invited", count: 7 },
      { kind: "outreach", key: "direct", count: 100 },
      { kind: "checked_in", key: "", count: 60 },
    ]);
    const figures = await outreachFigures(db);
    expect(figures.sources[0]).toMatchObject({ registrations: 41, attended: 25, referenced: true });
    expect(figures.invited.registrations).toBe(7);
    expect(figures.direct.registrations).toBe(100);
    expect(figures.checkInBegun).toBe(true);
    expect(await deleteSource(db, SYSTEM_ACTOR, radio.id)).toBe("has-registrations");
  });

  it("exports the figures as a formula-safe CSV, with the invite and direct rows last", async () => {
    const { db } = database;
    const hostile = await source('=HYPERLINK("http://evil.example","click")');
    await source("+Ɗanjuma's post");
    await visits(hostile.id, 4);
    await createAttendee(db, { outreach_source_id: hostile.id });
    const response = await outreachCsv(db, parseSourceSort(new URLSearchParams("sort=name")), { gzip: false });
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/attachment; filename=".+-outreach-\d{4}-\d{2}-\d{2}\.csv"/);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parse(bytes.subarray(3).toString("utf8")) as string[][];
    expect(rows[0]).toEqual([...OUTREACH_CSV_COLUMNS]);
    expect(rows.map((r) => r[0])).toEqual([
      "Source",
      "'+Ɗanjuma's post",
      '\'=HYPERLINK("http://evil.example","click")',
      "Invited by attendees",
      "Direct / unknown",
    ]);
    expect(rows[2]?.slice(1)).toEqual([
      expect.stringMatching(/\/r\/[23456789ACDEFHJKMNPRTVWXY]{5}$/),
      "Active",
      expect.any(String),
      "4",
      "1",
      "25.0%",
      "0",
    ]);
    expect(rows[4]?.slice(4)).toEqual(["", "0", "", "0"]);
  });
});
