import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SPEC_CSV_COLUMNS } from "#tests/support/csv-columns.ts";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { attendeeValues } from "~/db/factories";
import { attendees, check_ins, outreach_sources } from "~/db/schema";
import { attendeesCsvStream, CSV_COLUMNS, csvFileName } from "./csv.server";

async function readAll(stream: ReadableStream<Uint8Array>): Promise<{ bytes: Buffer; chunks: number }> {
  const parts: Uint8Array[] = [];
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) parts.push(chunk);
  return { bytes: Buffer.concat(parts), chunks: parts.length };
}

function parseCsv(bytes: Buffer): string[][] {
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return parse(bytes.subarray(3).toString("utf8"), { relax_column_count: false }) as string[][];
}

// Values a spreadsheet would misread or run: separators, quotes, line breaks, Hausa letters, formulas.
const TRICKY = [
  {
    full_name: 'Bello, "Sarki" Aminu',
    organization: "Line one\nline two",
    position: "Chair\r\nperson",
    reason: "ƙ ɗ ɓ ʼy — Ƙasar Hausa",
    created_at: new Date("2026-11-21T10:05:00Z"),
  },
  { full_name: "=SUM(1)", organization: "+1", position: "-1", reason: "@cmd", created_at: new Date("2026-11-20T23:30:00Z") },
  { full_name: "\tTabbed", organization: "\rReturned", position: "a=b", reason: "", created_at: new Date("2026-11-19T00:00:00Z") },
];

describe.each(DATABASE_KINDS)("attendee CSV export on %s", (kind) => {
  let database: DbConnection;
  let rows: (typeof attendees.$inferSelect)[];
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    rows = await database.db
      .insert(attendees)
      .values(TRICKY.map((t, i) => attendeeValues({ ...t, email: `tricky${i}@example.com`, phone: "+2348012345678", gender: "male" })))
      .returning();
  });
  afterAll(async () => {
    await database?.close();
  });

  it("writes the spec's columns, a BOM, and every value back exactly, formulas neutralised", async () => {
    const { bytes } = await readAll(await attendeesCsvStream(database.db, { q: "" }, { batchSize: 2 }));
    const [header, ...records] = parseCsv(bytes);
    // The spec's columns first, in its order; ours after them.
    expect(header).toEqual([...SPEC_CSV_COLUMNS, "Checked In At", "Registered Via", "SMS", "WhatsApp", "Source"]);
    expect(records).toHaveLength(3);
    const [first, second, third] = records;
    expect(first).toEqual([
      'Bello, "Sarki" Aminu',
      "tricky0@example.com",
      "234 801 234 5678",
      "Male",
      "Line one\nline two",
      "Chair\r\nperson",
      "Zamfara",
      "Gusau",
      "ƙ ɗ ɓ ʼy — Ƙasar Hausa",
      rows[0]?.ticket_id,
      "2026-11-21 11:05",
      "",
      "Web",
      "No",
      "No",
      "",
    ]);
    expect(second?.slice(0, 1)).toEqual(["'=SUM(1)"]);
    expect(second?.slice(4, 6)).toEqual(["'+1", "'-1"]);
    expect(second?.[8]).toBe("'@cmd");
    // 23:30 UTC is 00:30 the next day in Lagos.
    expect(second?.[10]).toBe("2026-11-21 00:30");
    expect(third?.[0]).toBe("'\tTabbed");
    expect(third?.slice(4, 6)).toEqual(["'\rReturned", "a=b"]);
    expect(bytes.toString("utf8")).toContain("\r\n");
  });

  it("writes phones as spreadsheets keep them as text, without an apostrophe, and still formula-safe", async () => {
    const { db } = database;
    const people = [
      { full_name: "Phone Nigerian", phone: "+2349012345678" },
      { full_name: "Phone Abroad", phone: "+233241234567" },
      // Stored as typed when it is no real number (storedPhone): still escaped.
      { full_name: "Phone Formula", phone: '=HYPERLINK("http://x")' },
      { full_name: "Phone Plus Junk", phone: "+1 (555) cmd" },
    ];
    await db.insert(attendees).values(people.map((p, i) => attendeeValues({ ...p, email: `phone${i}@example.com`, gender: "female" })));
    const records = parseCsv((await readAll(await attendeesCsvStream(db, { q: "Phone" }))).bytes).slice(1);
    const phoneOf = (name: string) => records.find((r) => r[0] === name)?.[2];
    expect(phoneOf("Phone Nigerian")).toBe("234 901 234 5678");
    expect(phoneOf("Phone Abroad")).toBe("233 24 123 4567");
    expect(phoneOf("Phone Formula")).toBe('\'=HYPERLINK("http://x")');
    expect(phoneOf("Phone Plus Junk")).toBe("'+1 (555) cmd");
    for (const record of records) expect(record[3]).toBe("Female");
  });

  it("streams in keyset batches without losing rows registered in the same instant", async () => {
    const marker = "Batchmate";
    // One statement: every row gets the same created_at (now() is fixed per transaction), microseconds included.
    await database.db.insert(attendees).values(
      Array.from({ length: 7 }, (_, i) => ({
        ...attendeeValues({ full_name: `${marker} ${i}` }),
        created_at: sql`now()`,
      })),
    );
    // And seven rows one microsecond apart, which a millisecond cursor would skip.
    for (let i = 0; i < 7; i++) {
      await database.db.insert(attendees).values({
        ...attendeeValues({ full_name: `${marker} micro ${i}` }),
        created_at: sql`'2026-01-01 10:00:00.123400+00'::timestamptz + ${i} * interval '1 microsecond'`,
      });
    }
    const { bytes, chunks } = await readAll(await attendeesCsvStream(database.db, { q: marker }, { batchSize: 3 }));
    const names = parseCsv(bytes)
      .slice(1)
      .map((r) => r[0]);
    expect(names).toHaveLength(14);
    expect(new Set(names).size).toBe(14);
    expect(names.slice(7)).toEqual([6, 5, 4, 3, 2, 1, 0].map((i) => `${marker} micro ${i}`));
    // Header + five batches of at most three.
    expect(chunks).toBe(6);
  });

  it("exports only the filtered rows when given a filter, and a header for none", async () => {
    const filtered = parseCsv((await readAll(await attendeesCsvStream(database.db, { q: "tricky1@" }))).bytes);
    expect(filtered.map((r) => r[1])).toEqual(["Email", "tricky1@example.com"]);
    const none = parseCsv((await readAll(await attendeesCsvStream(database.db, { gender: "other" }))).bytes);
    expect(none).toEqual([[...CSV_COLUMNS]]);
  });
  it("says when each checked-in attendee came (Lagos time), and filters by checked in or not", async () => {
    const { db } = database;
    const [came, stayed] = await db
      .insert(attendees)
      .values([attendeeValues({ full_name: "Came Early" }), attendeeValues({ full_name: "Stayed Home" })])
      .returning();
    if (!came || !stayed) throw new Error("no rows");
    await db.insert(check_ins).values({ attendee_id: came.id, method: "scan", created_at: new Date("2026-11-21T07:45:00Z") });
    const export_ = async (filter: Parameters<typeof attendeesCsvStream>[1]) =>
      parseCsv((await readAll(await attendeesCsvStream(db, filter))).bytes).slice(1);
    const both = await export_({ q: "e" });
    expect(both.find((r) => r[0] === "Came Early")?.[11]).toBe("2026-11-21 08:45");
    expect(both.find((r) => r[0] === "Stayed Home")?.[11]).toBe("");
    expect((await export_({ checkin: "in" })).map((r) => r[0])).toEqual(["Came Early"]);
    const absent = (await export_({ checkin: "out" })).map((r) => r[0]);
    expect(absent).toContain("Stayed Home");
    expect(absent).not.toContain("Came Early");
  });

  it("names the outreach that brought each attendee: the source (formula-safe), an attendee's invite, or nothing", async () => {
    const { db } = database;
    const [source] = await db.insert(outreach_sources).values({ name: "=Radio Gusau", code: "K7M3X" }).returning();
    const [inviter, invited, fromRadio] = await db
      .insert(attendees)
      .values([
        attendeeValues({ full_name: "Source Inviter" }),
        attendeeValues({ full_name: "Source Invited" }),
        attendeeValues({ full_name: "Source Listener", outreach_source_id: source?.id }),
      ])
      .returning();
    await db.update(attendees).set({ invited_by: inviter?.id }).where(sql`${attendees.id} = ${invited?.id}`);
    const rows = parseCsv((await readAll(await attendeesCsvStream(db, { q: "Source " }))).bytes).slice(1);
    const sourceOf = (name: string) => rows.find((r) => r[0] === name)?.at(-1);
    expect(rows.every((r) => r.length === CSV_COLUMNS.length)).toBe(true);
    expect(sourceOf("Source Listener")).toBe("'=Radio Gusau");
    expect(sourceOf("Source Invited")).toBe("Invited by attendee");
    expect(sourceOf("Source Inviter")).toBe("");
    expect(fromRadio?.outreach_source_id).toBe(source?.id);
  });

  it("says how each registered, and whether their messages also go by SMS and on WhatsApp", async () => {
    const { db } = database;
    await db
      .insert(attendees)
      .values([
        attendeeValues({ full_name: "Via Web WhatsApp", whatsapp_opt_in: true, whatsapp_consent_at: new Date() }),
        attendeeValues({ full_name: "Via Chat", email: null, channel: "whatsapp", sms_opt_in: false, whatsapp_opt_in: true }),
        attendeeValues({ full_name: "Via Phone Menu", email: null, channel: "ussd", sms_opt_in: true }),
        attendeeValues({ full_name: "Via Door", email: null, channel: "door" }),
      ]);
    const rows = parseCsv((await readAll(await attendeesCsvStream(db, { q: "Via " }))).bytes).slice(1);
    const columns = (name: string) => {
      const row = rows.find((r) => r[0] === name) ?? [];
      return (["Registered Via", "SMS", "WhatsApp"] as const).map((column) => row[CSV_COLUMNS.indexOf(column)]);
    };
    expect(columns("Via Web WhatsApp")).toEqual(["Web", "No", "Yes"]);
    expect(columns("Via Chat")).toEqual(["WhatsApp", "No", "Yes"]);
    expect(columns("Via Phone Menu")).toEqual(["USSD", "Yes", "No"]);
    expect(columns("Via Door")).toEqual(["At the door", "No", "No"]);
    // The list's channel filter: registered by chatting with the summit's number.
    const chat = parseCsv((await readAll(await attendeesCsvStream(db, { channel: "whatsapp" }))).bytes).slice(1);
    expect(chat.map((r) => r[0])).toEqual(["Via Chat"]);
  });
});

describe("csvFileName", () => {
  it("names the file after the summit and the day in Lagos", () => {
    expect(csvFileName("Zamfara Youth Summit", new Date("2026-11-21T12:00:00Z"))).toBe("zamfara-youth-summit-attendees-2026-11-21.csv");
    expect(csvFileName("Ƙasar Youth Summit 2026!", new Date("2026-11-21T23:30:00Z"))).toBe(
      "kasar-youth-summit-2026-attendees-2026-11-22.csv",
    );
    expect(csvFileName("***", new Date("2026-11-21T12:00:00Z"))).toBe("summit-attendees-2026-11-21.csv");
  });
});
