import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { createArchivedEdition, createAttendee } from "~/db/factories";
import { agenda, attendees, audit_log, check_ins, feedback, retained_stats } from "~/db/schema";
import { getSettings } from "~/modules/settings/settings.server";
import { parseCommentQuery } from "./comment-query";
import { searchComments } from "./comments.server";
import { exportFeedbackCsv, FEEDBACK_CSV_COLUMNS, feedbackCsvStream } from "./feedback-csv.server";
import { countFeedbackAnswers, EMPTY_FEEDBACK_OVERVIEW, feedbackOverview } from "./feedback-stats.server";

// What organisers read of the survey, on both databases: the figures (SQL aggregates of this
// edition only), the sessions ranked, the comments searched and paged, and the CSV, where an
// answer carries a name only when its writer allowed it and is still registered.

type Answer = {
  attended?: boolean;
  rating?: number | null;
  session?: { id: string | null; title: string | null };
  change?: string;
  comeAgain?: boolean | null;
  quoteMe?: boolean;
  language?: string;
  at?: Date;
  name?: string;
  edition?: number;
};

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string[][]> {
  const parts: Uint8Array[] = [];
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) parts.push(chunk);
  const bytes = Buffer.concat(parts);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return parse(bytes.subarray(3).toString("utf8"), { relax_column_count: false }) as string[][];
}

describe.each(DATABASE_KINDS)("the organisers' view of the survey on %s", (kind) => {
  let database: DbConnection;
  let edition: number;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    edition = (await getSettings(database.db)).edition_id;
  });
  afterAll(async () => database?.close());
  beforeEach(async () => {
    for (const table of [feedback, attendees, agenda, retained_stats, audit_log]) await database.db.delete(table);
  });

  /** A registration (checked in when it came) and its answer, written as the survey stores it. */
  async function answer(a: Answer = {}) {
    const { db } = database;
    const attended = a.attended ?? true;
    const person = await createAttendee(db, { full_name: a.name ?? "Test Person", email: `p-${crypto.randomUUID()}@example.org` });
    if (attended) await db.insert(check_ins).values({ attendee_id: person.id, method: "scan" });
    const at = a.at ?? new Date("2025-08-13T09:00:00Z");
    const [row] = await db
      .insert(feedback)
      .values({
        attendee_id: person.id,
        edition_id: a.edition ?? edition,
        attended,
        rating: attended ? (a.rating === undefined ? 4 : a.rating) : null,
        session_id: a.session?.id ?? null,
        session_title: a.session?.title ?? null,
        change_text: a.change ?? "",
        come_again: a.comeAgain === undefined ? true : a.comeAgain,
        quote_me: a.quoteMe ?? false,
        language: a.language ?? "en",
        created_at: at,
        updated_at: at,
      })
      .returning();
    if (!row) throw new Error("no feedback row");
    return { person, row };
  }
  const session = async (title: string) => {
    const [item] = await database.db.insert(agenda).values({ time: "", title }).returning();
    if (!item) throw new Error("no agenda row");
    return { id: item.id, title };
  };

  it("is all zeros before anyone answered, with the registered and checked-in counts", async () => {
    const { db } = database;
    const came = await createAttendee(db);
    await createAttendee(db);
    await db.insert(check_ins).values({ attendee_id: came.id, method: "scan" });
    expect(await feedbackOverview(db)).toEqual({ ...EMPTY_FEEDBACK_OVERVIEW, registered: 2, checkedIn: 1 });
    expect(await countFeedbackAnswers(db)).toBe(0);
  });

  it("counts response rates, the rating and its distribution, and would come again, for this edition only", async () => {
    const { db } = database;
    const keynote = await session("Keynote");
    const panel = await session("Panel on jobs");
    await answer({ rating: 5, session: keynote, comeAgain: true });
    await answer({ rating: 4, session: keynote, comeAgain: true });
    await answer({ rating: 4, session: panel, comeAgain: false });
    await answer({ rating: 2, comeAgain: null });
    await answer({ attended: false, comeAgain: true });
    await createAttendee(db); // registered, never answered
    // Last year's answers are not this year's figures.
    const past = await createArchivedEdition(db);
    await answer({ rating: 1, session: panel, comeAgain: false, edition: past.id });

    const overview = await feedbackOverview(db);
    expect(overview).toEqual({
      registered: 7,
      checkedIn: 5,
      answers: 5,
      attendedAnswers: 4,
      averageRating: 3.8, // 15 / 4 = 3.75, one decimal
      ratings: [
        { rating: 1, count: 0 },
        { rating: 2, count: 1 },
        { rating: 3, count: 0 },
        { rating: 4, count: 2 },
        { rating: 5, count: 1 },
      ],
      sessions: [
        { key: keynote.id, title: "Keynote", count: 2 },
        { key: panel.id, title: "Panel on jobs", count: 1 },
      ],
      comeAgain: { yes: 3, answered: 4 },
    });
    expect(await countFeedbackAnswers(db)).toBe(5);

    // After the retention purge the kept totals still count as registered and checked in.
    await db.insert(retained_stats).values([
      { kind: "total", key: "", count: 10 },
      { kind: "checked_in", key: "", count: 6 },
    ]);
    expect(await feedbackOverview(db)).toMatchObject({ registered: 17, checkedIn: 11, answers: 5 });
  });

  it("ranks sessions by the agenda's current title, and by the kept title once the item is deleted", async () => {
    const { db } = database;
    const opening = await session("Opening");
    const jobs = await session("Jobs");
    const arts = await session("Arts");
    await answer({ session: opening });
    await answer({ session: jobs });
    await answer({ session: arts });
    await answer({ session: jobs });
    await db.update(agenda).set({ title: "Opening ceremony" }).where(eq(agenda.id, opening.id));
    await db.delete(agenda).where(eq(agenda.id, jobs.id));
    // Ties by title, in byte order on both databases.
    expect((await feedbackOverview(db)).sessions).toEqual([
      { key: "title:Jobs", title: "Jobs", count: 2 },
      { key: arts.id, title: "Arts", count: 1 },
      { key: opening.id, title: "Opening ceremony", count: 1 },
    ]);
  });

  it("lists comments newest first, searched whatever the case or apostrophe, a page at a time", async () => {
    const { db } = database;
    const day = (d: number) => new Date(Date.UTC(2025, 7, 13 + d, 9));
    await answer({ change: "", at: day(5) }); // no comment: not listed
    await answer({ change: "More time for QUESTIONS", at: day(1) });
    await answer({ change: "Na’Allah’s talk on questions of jobs", at: day(2) });
    await answer({ change: "Food was late", at: day(3), attended: false });
    await answer({ change: "Questions, questions", at: day(4) });

    const all = await searchComments(db, { q: "", page: 1 });
    expect(all.total).toBe(4);
    expect(all.rows.map((r) => r.text)).toEqual([
      "Questions, questions",
      "Food was late",
      "Na’Allah’s talk on questions of jobs",
      "More time for QUESTIONS",
    ]);
    expect(all.rows[1]).toMatchObject({ attended: false, rating: null, name: null });

    const found = await searchComments(db, { q: "questions", page: 1, pageSize: 2 });
    expect(found).toMatchObject({ total: 3, page: 1, pageCount: 2 });
    expect(found.rows.map((r) => r.text)).toEqual(["Questions, questions", "Na’Allah’s talk on questions of jobs"]);
    const second = await searchComments(db, { q: "questions", page: 2, pageSize: 2 });
    expect(second.rows.map((r) => r.text)).toEqual(["More time for QUESTIONS"]);
    // Typed with a keyboard's apostrophe, found as the phone wrote it.
    expect((await searchComments(db, { q: "na'allah", page: 1 })).rows).toHaveLength(1);
    // A page past the end shows the last one.
    expect(await searchComments(db, { q: "questions", page: 9, pageSize: 2 })).toMatchObject({ page: 2, pageCount: 2 });
    expect(await searchComments(db, { q: "nothing like this", page: 1 })).toMatchObject({ rows: [], total: 0, pageCount: 1 });
    // Whatever is typed in the URL is searched as text, never refused.
    expect(parseCommentQuery(new URLSearchParams("q=Ques%00tions&page=-3"))).toEqual({ q: "Ques tions", page: 1 });
  });

  it("names a comment's writer only with their leave and while they are still registered", async () => {
    const { db } = database;
    await answer({ change: "Anonymous please", name: "Musa Quiet", at: new Date("2025-08-14T09:00:00Z") });
    const quoted = await answer({ change: "Quote me", quoteMe: true, name: "Amina Ƙaura", at: new Date("2025-08-15T09:00:00Z") });
    const erased = await answer({ change: "Was quotable", quoteMe: true, name: "Gone Person", at: new Date("2025-08-16T09:00:00Z") });
    await db.delete(attendees).where(eq(attendees.id, erased.person.id));

    const { rows } = await searchComments(db, { q: "", page: 1 });
    expect(rows.map((r) => [r.text, r.name])).toEqual([
      ["Was quotable", null],
      ["Quote me", "Amina Ƙaura"],
      ["Anonymous please", null],
    ]);
    // A name is not searchable: the search would find who wrote an anonymous comment.
    expect((await searchComments(db, { q: "Musa", page: 1 })).rows).toEqual([]);
    expect(quoted.row.quote_me).toBe(true);
  });

  it("exports every answer of this edition, formula-safe, with no one's details but a quotable name", async () => {
    const { db } = database;
    const keynote = await session("Keynote");
    await answer({
      rating: 5,
      session: keynote,
      change: '=HYPERLINK("http://evil")',
      name: "Hidden Name",
      at: new Date("2025-08-13T23:30:00Z"),
    });
    await answer({
      rating: 3,
      change: "Line one\nƘasar Hausa, “quoted”",
      comeAgain: false,
      quoteMe: true,
      name: "Amina Ƙaura",
      language: "ha",
      at: new Date("2025-08-14T10:00:00Z"),
    });
    await answer({ attended: false, change: "+1 bus", comeAgain: null, name: "Absent Person", at: new Date("2025-08-15T10:00:00Z") });
    const past = await createArchivedEdition(db);
    await answer({ change: "last year", name: "Old Timer", edition: past.id });

    const [header, ...records] = await readAll(await feedbackCsvStream(db, { batchSize: 2 }));
    expect(header).toEqual([...FEEDBACK_CSV_COLUMNS]);
    expect(records).toEqual([
      // 23:30 UTC is the next day in Lagos.
      ["2025-08-14", "Yes", "5", "Keynote", '\'=HYPERLINK("http://evil")', "Yes", "English", ""],
      ["2025-08-14", "Yes", "3", "", "Line one\nƘasar Hausa, “quoted”", "No", "Hausa", "Amina Ƙaura"],
      ["2025-08-15", "No", "", "", "'+1 bus", "", "English", ""],
    ]);
    const everything = JSON.stringify(records);
    for (const secret of ["Hidden Name", "Absent Person", "@example.org", "+234", "ZYS-"]) expect(everything).not.toContain(secret);
  });

  it("records the export in the audit log and sends it as a download", async () => {
    const { db } = database;
    await answer({ change: "Fine" });
    const response = await exportFeedbackCsv(db, { id: null, email: "organiser@example.org" }, { gzip: false });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename=".+-feedback-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect((await response.text()).split("\r\n")).toHaveLength(3);
    const entries = await db.select().from(audit_log);
    expect(entries).toMatchObject([{ admin_email: "organiser@example.org", action: "feedback.export", entity: "feedback" }]);
  });
});
