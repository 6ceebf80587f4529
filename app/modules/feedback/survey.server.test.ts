import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { createAttendee } from "~/db/factories";
import { agenda, attendees, check_ins, feedback } from "~/db/schema";
import { getSettings, updateSettings } from "~/modules/settings/settings.server";
import { saveSurvey, surveyPage } from "./survey.server";
import { type SurveyInput, validateSurvey } from "./survey-schema";

// The survey on both databases: one answer per person however often (and however fast) it is
// sent, changed in place while open, nothing taken before the event has ended or after the
// survey closed, no rating from those who did not come, and nothing for a registration gone.

// The event: 12 August 2025, 8 AM to 5 PM in Lagos (16:00 UTC); the survey open 14 days from then.
const BEFORE_END = new Date("2025-08-12T15:59:00Z");
const OPEN = new Date("2025-08-13T09:00:00Z");
const LAST_MINUTE = new Date("2025-08-26T15:59:00Z");
const CLOSED = new Date("2025-08-26T16:00:00Z");

const input = (overrides: Partial<SurveyInput> = {}): SurveyInput => ({
  rating: 4,
  session: null,
  change: "",
  comeAgain: true,
  quoteMe: false,
  ...overrides,
});

describe.each(DATABASE_KINDS)("the survey on %s", (kind) => {
  let database: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase(kind, { poolSize: 8 });
  });
  afterAll(async () => database?.close());
  beforeEach(async () => {
    const { db } = database;
    await db.delete(feedback);
    await db.delete(attendees);
    await db.delete(agenda);
    await updateSettings(db, {
      event_name: "Zamfara Youth Summit",
      event_date: "2025-08-12",
      event_starts_at: "08:00:00",
      event_ends_at: "17:00:00",
      feedback_days: 14,
    });
  });

  const attendee = async (checkedIn: boolean) => {
    const person = await createAttendee(database.db, { full_name: "Hauwa Ɗanladi" });
    if (checkedIn) await database.db.insert(check_ins).values({ attendee_id: person.id, method: "scan" });
    return person;
  };
  const save = (attendeeId: string, attended: boolean, value: SurveyInput, now = OPEN, language: "en" | "ha" = "en") =>
    saveSurvey(database.db, { attendeeId, attended, input: value, language }, now);
  const rows = (attendeeId: string) => database.db.select().from(feedback).where(eq(feedback.attendee_id, attendeeId));

  it("shows who came a rating and the agenda in the page's language, and says when it closes", async () => {
    const { db } = database;
    const person = await attendee(true);
    await db.insert(agenda).values([
      { time: "9:00 AM", title: "Opening ceremony", translations: { ha: { title: "Buɗe taro" } }, order_index: 0 },
      { time: "", title: "Youth and jobs", order_index: 1 },
    ]);
    const english = await surveyPage(db, person.id, "en", OPEN);
    expect(english).toMatchObject({
      eventName: "Zamfara Youth Summit",
      name: "Hauwa Ɗanladi",
      attended: true,
      state: "open",
      answer: null,
    });
    expect(english?.sessions.map((s) => s.label)).toEqual(["9:00 AM · Opening ceremony", "Youth and jobs"]);
    expect(english?.closes).toContain("2025");
    const hausa = await surveyPage(db, person.id, "ha", OPEN);
    // A missing translation reads as English, never as an empty option.
    expect(hausa?.sessions.map((s) => s.label)).toEqual(["9:00 AM · Buɗe taro", "Youth and jobs"]);
  });

  it("asks nothing about the day of someone who was not checked in", async () => {
    const person = await attendee(false);
    await database.db.insert(agenda).values({ time: "9:00 AM", title: "Opening ceremony" });
    const page = await surveyPage(database.db, person.id, "en", OPEN);
    expect(page).toMatchObject({ attended: false, sessions: [] });

    expect(await save(person.id, false, input({ rating: null, change: "The bus broke down.", comeAgain: true }))).toEqual({
      status: "saved",
    });
    expect(await rows(person.id)).toMatchObject([{ attended: false, rating: null, session_id: null, change_text: "The bus broke down." }]);
    // The database itself refuses a rating without attendance, or attendance without a rating.
    await expect(database.db.update(feedback).set({ rating: 3 }).where(eq(feedback.attendee_id, person.id))).rejects.toThrow();
  });

  it("refuses a survey answered as the other kind (checked in since the page was opened)", async () => {
    const person = await attendee(false);
    expect(await save(person.id, true, input())).toEqual({ status: "changed" });
    expect(await rows(person.id)).toEqual([]);
  });

  it("keeps one answer per person: sending again replaces it, and the page shows it to change", async () => {
    const { db } = database;
    const person = await attendee(true);
    const [opening] = await db.insert(agenda).values({ time: "9:00 AM", title: "Opening ceremony" }).returning();
    expect(await save(person.id, true, input({ rating: 3, session: opening?.id ?? null, change: "Shorter speeches." }))).toEqual({
      status: "saved",
    });
    const [first] = await rows(person.id);
    expect(first).toMatchObject({ rating: 3, session_title: "Opening ceremony", change_text: "Shorter speeches.", language: "en" });

    const later = new Date(OPEN.getTime() + 3_600_000);
    expect(await save(person.id, true, input({ rating: 5, change: "", comeAgain: false, quoteMe: true }), later, "ha")).toEqual({
      status: "saved",
    });
    const after = await rows(person.id);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({
      id: first?.id,
      rating: 5,
      session_id: null,
      session_title: null,
      change_text: "",
      come_again: false,
      quote_me: true,
      language: "ha",
      created_at: first?.created_at,
      updated_at: later,
    });
    expect((await surveyPage(db, person.id, "en", later))?.answer).toEqual({
      rating: "5",
      session: "",
      change: "",
      comeAgain: "no",
      quoteMe: "on",
    });
  });

  it("stores one row when many submits of one person race each other", async () => {
    const person = await attendee(true);
    const ratings = [1, 2, 3, 4, 5, 1, 2, 3];
    const outcomes = await Promise.all(ratings.map((rating) => save(person.id, true, input({ rating, change: `Answer ${rating}` }))));
    expect(outcomes).toEqual(ratings.map(() => ({ status: "saved" })));
    const stored = await rows(person.id);
    expect(stored).toHaveLength(1);
    // One of the submits, whole: never a mix of two.
    expect(stored[0]?.change_text).toBe(`Answer ${stored[0]?.rating}`);
    const [{ n } = { n: -1 }] = await database.db.select({ n: sql<number>`count(*)::int` }).from(feedback);
    expect(n).toBe(1);
  });

  it("opens when the event ends and closes feedback_days later, storing nothing outside", async () => {
    const { db } = database;
    const person = await attendee(true);
    expect(await surveyPage(db, person.id, "en", BEFORE_END)).toMatchObject({ state: "not-yet" });
    expect(await save(person.id, true, input(), BEFORE_END)).toEqual({ status: "not-yet" });
    expect(await save(person.id, true, input(), CLOSED)).toEqual({ status: "closed" });
    expect(await rows(person.id)).toEqual([]);
    expect(await save(person.id, true, input(), LAST_MINUTE)).toEqual({ status: "saved" });
    expect(await surveyPage(db, person.id, "en", CLOSED)).toMatchObject({ state: "closed", answer: { rating: "4" } });

    // The organisers' setting decides how long.
    await updateSettings(db, { feedback_days: 30 });
    expect(await surveyPage(db, person.id, "en", CLOSED)).toMatchObject({ state: "open" });
  });

  it("refuses a session no longer on the agenda", async () => {
    const person = await attendee(true);
    expect(await save(person.id, true, input({ session: "6f1d0c8e-2b7a-4a55-9b1e-0c3b9d6e1a2f" }))).toEqual({
      status: "unknown-session",
    });
    expect(await rows(person.id)).toEqual([]);
  });

  it("knows nobody for an erased registration or a malformed id, and keeps the answer unlinked", async () => {
    const { db } = database;
    const person = await attendee(true);
    await save(person.id, true, input({ change: "Keep it in Gusau." }));
    await db.delete(attendees).where(eq(attendees.id, person.id));
    expect(await surveyPage(db, person.id, "en", OPEN)).toBeNull();
    expect(await save(person.id, true, input())).toEqual({ status: "not-found" });
    expect(await surveyPage(db, "not-a-uuid", "en", OPEN)).toBeNull();
    // The answer stays for the figures, tied to no one.
    const [kept] = await db.select().from(feedback);
    expect(kept).toMatchObject({ attendee_id: null, change_text: "Keep it in Gusau.", edition_id: (await getSettings(db)).edition_id });
  });

  it("stores the nastiest text the form lets through exactly as checked", async () => {
    const person = await attendee(true);
    const typed = `Ɗanlami ya ce “Na’Allah” 👩🏾‍💻 محمد\r\nSecond line\u2028e\u0301 ${"ƙ".repeat(1900)}`;
    const verdict = validateSurvey({ rating: "5", comeAgain: "yes", change: typed }, true);
    if (!("value" in verdict)) throw new Error(JSON.stringify(verdict));
    expect(await save(person.id, true, verdict.value)).toEqual({ status: "saved" });
    const [row] = await rows(person.id);
    expect(row?.change_text).toBe(verdict.value.change);
    expect(row?.change_text).toBe(typed.replace("\u2028", "\n").normalize("NFC"));
  });
});
