import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { createAttendee } from "~/db/factories";
import { agenda, check_ins, feedback } from "~/db/schema";
import { SYSTEM_ACTOR } from "~/modules/audit/audit.server";
import { certificateDownload, ticketCertificate } from "~/modules/certificates/certificate-download.server";
import { queueCertificates } from "~/modules/certificates/certificates.server";
import { feedbackCsvStream } from "~/modules/feedback/feedback-csv.server";
import { feedbackPage } from "~/modules/feedback/feedback-page.server";
import { archivedSessionId } from "~/modules/feedback/past-survey.server";
import { saveSurvey, surveyPage } from "~/modules/feedback/survey.server";
import { getSettings, updateSettings } from "~/modules/settings/settings.server";
import { signSelfServiceToken } from "~/modules/tickets/ticket-token.server";
import { editionPromises } from "./edition-promises.server";
import { purgePastEditionsIfDue } from "./past-editions.server";
import { CARRY_OVER_DEFAULTS } from "./schemas";
import { startNextEdition } from "./start-edition.server";

// Issue 39: starting the next edition keeps the concluded one's promises. Its survey link opens
// and takes answers until its own closing day, stored against it; its answers stay on the
// Feedback page and in the CSV when that edition is chosen; its certificates stay on the old
// ticket page; and its purge unlinks the answers as the live purge does. One story, in order.

// Tuesday 1 December 2026, over at 17:00 Lagos time; the survey open 14 days, until 15 Dec 17:00.
const EVENT = { event_date: "2026-12-01", event_starts_at: "08:00:00", event_ends_at: "17:00:00", feedback_days: 14, retention_days: 30 };
const OPEN = new Date("2026-12-02T09:00:00Z");
const STARTED = new Date("2026-12-05T09:00:00Z");
const CLOSED = new Date("2026-12-15T16:00:00Z");
const KEYS = { publicUrl: "https://summit.example", secret: "s".repeat(64) };
const answer = { rating: 5, session: null, change: "More time for questions", comeAgain: true, quoteMe: true };

describe.each(DATABASE_KINDS)("a past edition's promises on %s", (kind) => {
  let database: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.close());

  it("keeps its survey, answers and certificates after the next edition starts, until its own days", async () => {
    const { db } = database;
    await updateSettings(db, EVENT);
    await db.insert(agenda).values({ time: "9:00 AM", title: "Opening ceremony", translations: { ha: { title: "Buɗe taro" } } });
    const came = await createAttendee(db, { full_name: "Hauwa Ɗanladi" });
    const early = await createAttendee(db, { full_name: "Musa Bello" });
    await db.insert(check_ins).values([{ attendee_id: came.id }, { attendee_id: early.id }]);
    await queueCertificates(db, SYSTEM_ACTOR, OPEN);
    const save = (id: string, now: Date, session: string | null = null) =>
      saveSurvey(db, { attendeeId: id, attended: true, input: { ...answer, session }, language: "en" }, now);
    expect(await save(early.id, OPEN)).toEqual({ status: "saved" });

    // What the review screen states, before the start.
    const promises = await editionPromises(db, await getSettings(db), STARTED);
    expect(promises.survey).toEqual({ state: "open", closesAt: new Date("2026-12-15T16:00:00Z"), answers: 1 });
    expect(promises.certificates.issued).toBe(2);
    expect(promises.certificates.verifiableUntil).toEqual(new Date("2026-12-31T23:00:00Z"));

    const next = {
      intent: "confirm",
      name: "Second edition",
      name_ha: "",
      event_name: "Zamfara Youth Summit",
      event_date: "2027-12-01",
      event_starts_at: "09:00:00",
      event_ends_at: "17:00:00",
      venue: "Hall",
      max_attendees: 100,
    } as const;
    expect(await startNextEdition(db, SYSTEM_ACTOR, { ...next, keep: { ...CARRY_OVER_DEFAULTS, agenda: false } }, STARTED)).toMatchObject({
      ok: true,
    });

    // The same link: the page of the archived edition, its agenda as archived, the early answer kept.
    const page = await surveyPage(db, came.id, "ha", STARTED);
    expect(page).toMatchObject({
      name: "Hauwa Ɗanladi",
      attended: true,
      state: "open",
      sessions: [{ id: archivedSessionId(0), label: "9:00 AM · Buɗe taro" }],
    });
    expect((await surveyPage(db, early.id, "en", STARTED))?.answer).toMatchObject({ rating: "5", quoteMe: "on" });
    expect(await save(came.id, STARTED, archivedSessionId(0))).toEqual({ status: "saved" });
    expect(await save(came.id, STARTED, archivedSessionId(0))).toEqual({ status: "saved" });
    expect(await save(came.id, STARTED, archivedSessionId(7))).toEqual({ status: "unknown-session" });
    const stored = await db.select().from(feedback).where(eq(feedback.past_registration_id, came.id));
    expect(stored).toMatchObject([{ edition_id: 1, attendee_id: null, session_id: null, session_title: "Opening ceremony" }]);
    // Closed on its own day, whatever the new edition's settings say.
    expect(await save(came.id, CLOSED)).toEqual({ status: "closed" });
    expect((await surveyPage(db, came.id, "en", CLOSED))?.state).toBe("closed");

    // The Feedback page: the current edition by default, the archived one when chosen.
    const current = await feedbackPage(db, { q: "", page: 1 }, STARTED);
    expect(current).toMatchObject({ edition: 2, archived: false, overview: { answers: 0 } });
    expect(current.editions.map((e) => [e.id, e.current])).toEqual([
      [2, true],
      [1, false],
    ]);
    const past = await feedbackPage(db, { q: "", page: 1, edition: 1 }, STARTED);
    expect(past).toMatchObject({ edition: 1, archived: true, survey: { state: "open", days: 14 } });
    expect(past.overview).toMatchObject({ registered: 2, checkedIn: 2, answers: 2, sessions: [{ title: "Opening ceremony", count: 1 }] });
    expect(past.comments.rows.map((c) => c.name).sort()).toEqual(["Hauwa Ɗanladi", "Musa Bello"]);
    expect(past.comments.query.edition).toBe(1);
    const csv = await readCsv(await feedbackCsvStream(db, { edition: 1 }));
    expect(csv).toHaveLength(3);

    // The old ticket page still offers the certificate, and the download works.
    const token = signSelfServiceToken(came.id, KEYS.secret);
    expect(await ticketCertificate(db, came.id, KEYS)).toMatchObject({ code: expect.any(String) });
    const download = await certificateDownload(db, token, KEYS, { language: "en", clientIp: "203.0.113.9" });
    expect(download && "bytes" in download && Buffer.from(download.bytes).subarray(0, 5).toString()).toBe("%PDF-");

    // The past edition's purge unlinks its answers: they stay, nameless.
    await purgePastEditionsIfDue(db, new Date("2027-02-01T00:00:00Z"));
    const after = await feedbackPage(db, { q: "", page: 1, edition: 1 }, CLOSED);
    expect(after.overview.answers).toBe(2);
    expect(after.comments.rows.map((c) => c.name)).toEqual([null, null]);
    expect(await surveyPage(db, came.id, "en", STARTED)).toBeNull();
  });
});

async function readCsv(stream: ReadableStream<Uint8Array>): Promise<string[][]> {
  const parts: Uint8Array[] = [];
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) parts.push(chunk);
  return parse(Buffer.concat(parts).subarray(3).toString("utf8")) as string[][];
}
