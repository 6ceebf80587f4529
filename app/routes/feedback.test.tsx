import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { english } from "#tests/support/english.ts";
import { heldDb } from "#tests/support/held-db.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import { clientNetwork } from "~/client-network.server";
import type { Db, DbConnection } from "~/db/client.server";
import { windowStart } from "~/db/counters.server";
import { createAttendee } from "~/db/factories";
import { attendees, check_ins, feedback, rate_counters } from "~/db/schema";
import { signFeedbackToken } from "~/modules/feedback/feedback-token.server";
import type { SurveyPage } from "~/modules/feedback/survey.server";
import { updateSettings } from "~/modules/settings/settings.server";
import Feedback, { action, loader } from "./feedback";

// /feedback/<token> as React Router calls it: the neutral 404, the post and its redirect, the
// typed values kept when refused or failed, the network's ceiling, and the page in each state.

const SECRET = "feedback-route-secret-0123456789abcdef";
vi.stubEnv("SESSION_SECRET", SECRET);
vi.stubEnv("PUBLIC_URL", "http://localhost:3000");
vi.stubEnv("FORM_POSTS_PER_IP", "100");
vi.mock("~/db/db.server", () => import("#tests/support/held-db.ts"));
vi.mock("~/logger.server", () => ({ logger: () => ({ error: vi.fn(), warn: vi.fn(), info: vi.fn() }) }));

const ORIGIN = "http://localhost:3000";
type LoaderArgs = Parameters<typeof loader>[0];
type ActionArgs = Parameters<typeof action>[0];

const args = (request: Request, token: string, ip = "198.51.100.7") =>
  ({ request, params: { token }, context: { clientIp: ip }, url: new URL(request.url), pattern: "" }) as unknown as LoaderArgs & ActionArgs;
const body = (fields: Record<string, string>) => new URLSearchParams(fields);
const post = (token: string, fields: Record<string, string>, { ip, query = "" }: { ip?: string; query?: string } = {}) =>
  action(args(new Request(`${ORIGIN}/feedback/${encodeURIComponent(token)}${query}`, { method: "POST", body: body(fields) }), token, ip));
const get = (token: string) => loader(args(new Request(`${ORIGIN}/feedback/${encodeURIComponent(token)}`), token));

/** What a route threw or returned, as status and payload (React Router's data() or a Response). */
async function outcome(call: () => Promise<unknown>): Promise<{ status: number; data: unknown; headers: Headers }> {
  try {
    const value = await call();
    if (value instanceof Response) return { status: value.status, data: null, headers: value.headers };
    const init = (value as { init?: ResponseInit | null }).init;
    return { status: init?.status ?? 200, data: (value as { data: unknown }).data, headers: new Headers(init?.headers) };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, data: null, headers: thrown.headers };
    const init = (thrown as { init?: ResponseInit }).init;
    if (init) return { status: init.status ?? 500, data: (thrown as { data: unknown }).data, headers: new Headers(init.headers) };
    throw thrown;
  }
}

describe("the survey route", () => {
  let database: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    heldDb.db = database.db;
  });
  afterAll(async () => {
    heldDb.db = undefined;
    await database?.close();
  });
  beforeEach(async () => {
    heldDb.db = database.db;
    await database.db.delete(feedback);
    await database.db.delete(attendees);
    await database.db.delete(rate_counters);
    // Ended yesterday: the survey is open for the default 14 days.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await updateSettings(database.db, { event_date: yesterday, event_starts_at: "08:00:00", event_ends_at: "17:00:00", feedback_days: 14 });
  });

  const person = async (checkedIn = true) => {
    const row = await createAttendee(database.db);
    if (checkedIn) await database.db.insert(check_ins).values({ attendee_id: row.id, method: "scan" });
    return { row, token: signFeedbackToken(row.id, SECRET) };
  };

  it("answers a forged, malformed or erased link with the same 404", async () => {
    const { row, token } = await person();
    expect((await outcome(() => get(`${row.id}.1AAAAAAAAAAAAAAAAAAAAAA`))).status).toBe(404);
    expect((await outcome(() => get("nonsense"))).status).toBe(404);
    expect((await outcome(() => get(token))).status).toBe(200);
    await database.db.delete(attendees);
    expect((await outcome(() => get(token))).status).toBe(404);
    expect((await outcome(() => post(token, { rating: "5", comeAgain: "yes" }))).status).toBe(404);
  });

  it("saves an answer and shows the page again (a redirect, in the link's language), never cached", async () => {
    const { row, token } = await person();
    const saved = await outcome(() => post(token, { rating: "5", comeAgain: "yes", change: "More of this" }, { query: "?lang=ha" }));
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(`/feedback/${encodeURIComponent(token)}?saved=1&lang=ha`);
    expect(saved.headers.get("Cache-Control")).toBe("private, no-store");
    const page = await outcome(() => loader(args(new Request(`${ORIGIN}/feedback/${token}?saved=1`), token)));
    expect(page.data).toMatchObject({ saved: true, page: { answer: { rating: "5", comeAgain: "yes", change: "More of this" } } });
    const [stored] = await database.db.select().from(feedback);
    expect(stored).toMatchObject({ attendee_id: row.id, rating: 5 });
  });

  it("gives a refused form back as typed, with each field's message", async () => {
    const { token } = await person();
    const typed = { rating: "9", comeAgain: "", change: `Hello\u0000there` };
    const refused = await outcome(() => post(token, typed));
    expect(refused.status).toBe(400);
    const result = (refused.data as { result: { initialValue: unknown; error: Record<string, string[]> } }).result;
    expect(result.initialValue).toMatchObject({ rating: "9", change: typed.change });
    expect(Object.keys(result.error).sort()).toEqual(["change", "comeAgain", "rating"]);
    expect(await database.db.select().from(feedback)).toEqual([]);
  });

  it("counts posts against the network's ceiling like every public form", async () => {
    const { token } = await person();
    const ip = "203.0.113.9";
    // 99 posts from this network in this ten-minute window already (the registration's counter).
    await database.db
      .insert(rate_counters)
      .values({ key: `posts:${clientNetwork(ip)}`, window_start: windowStart(new Date(), 600_000), count: 99 });
    expect((await outcome(() => post(token, { rating: "4", comeAgain: "yes" }, { ip }))).status).toBe(302);
    const over = await outcome(() => post(token, { rating: "2", comeAgain: "no", change: "Kept" }, { ip }));
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((over.data as { result: { initialValue: unknown; error: Record<string, string[]> } }).result).toMatchObject({
      initialValue: { rating: "2", change: "Kept" },
      error: { "": ["form.networkCeiling"] },
    });
    // Another network is not refused.
    expect((await outcome(() => post(token, { rating: "2", comeAgain: "no" }, { ip: "203.0.114.9" }))).status).toBe(302);
  });

  it("keeps what was typed when the database fails", async () => {
    const { token } = await person();
    heldDb.db = {
      select: () => {
        throw new Error("connection terminated unexpectedly");
      },
    } as unknown as Db;
    const failed = await outcome(() => post(token, { rating: "3", comeAgain: "yes", change: "Still here" }));
    expect(failed.status).toBe(500);
    expect((failed.data as { result: unknown }).result).toMatchObject({
      initialValue: { rating: "3", change: "Still here" },
      error: { "": ["public:feedback.errors.failed"] },
    });
    // Said above the form in the reader's words.
    expect(english("public:feedback.errors.failed")).toBe("Sorry, your answers could not be saved. Please send them again.");
  });
});

describe("the survey page", () => {
  const PAGE: SurveyPage = {
    eventName: "Zamfara Youth Summit",
    name: "Hauwa Ɗanladi",
    attended: true,
    state: "open",
    opens: "12 Aug 2025, 17:00",
    closes: "26 Aug 2025, 17:00",
    sessions: [{ id: "6f1d0c8e-2b7a-4a55-9b1e-0c3b9d6e1a2f", label: "9:00 AM · Opening ceremony" }],
    answer: null,
  };
  const render = (page: SurveyPage, saved = false) => {
    const Stub = createRoutesStub([{ id: "feedback", path: "/feedback/:token", Component: Feedback as never }]);
    return renderToString(<Stub initialEntries={["/feedback/t"]} hydrationData={{ loaderData: { feedback: { page, saved } } }} />);
  };
  const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
  const radios = (html: string, name: string) => html.match(new RegExp(`type="radio"[^>]*name="${name}"`, "g"))?.length ?? 0;

  it("asks who came for a rating (five big radio buttons), the session, come again and what should change", () => {
    const html = render(PAGE);
    expect(text(html)).toContain("How was the summit?");
    expect(radios(html, "rating")).toBe(5);
    expect(radios(html, "comeAgain")).toBe(2);
    expect(html).toMatch(/<select[^>]*name="session"/);
    expect(html).toContain('name="change"');
    expect(html).toContain('name="quoteMe"');
    expect(html).toContain('method="post"');
    expect(text(html)).toContain("Send my answers");
  });

  it("asks someone who did not come only what kept them away and about next time", () => {
    const html = render({ ...PAGE, attended: false, sessions: [] });
    expect(text(html)).toContain("We missed you");
    expect(text(html)).toContain("What kept you away, or what should change?");
    expect(radios(html, "rating")).toBe(0);
    expect(html).not.toContain('name="session"');
    expect(radios(html, "comeAgain")).toBe(2);
  });

  it("shows the saved answer to change, and says it was saved", () => {
    const answer = { rating: "4", session: "", change: "Shorter breaks", comeAgain: "no", quoteMe: "on" };
    const html = render({ ...PAGE, answer }, true);
    expect(text(html)).toContain("Thank you! Your answers are saved. You can change them here until 26 Aug 2025, 17:00.");
    expect(html).toMatch(/name="rating" checked="" value="4"/);
    expect(html).toMatch(/name="comeAgain" checked="" value="no"/);
    expect(html).toContain(">Shorter breaks</textarea>");
    expect(text(html)).toContain("Save my changes");
  });

  it("offers nothing to edit before the event has ended or after the survey closed", () => {
    const before = render({ ...PAGE, state: "not-yet" });
    expect(text(before)).toContain("It opens when the summit ends, on 12 Aug 2025, 17:00.");
    const closed = render({ ...PAGE, state: "closed", answer: { rating: "4", session: "", change: "", comeAgain: "yes", quoteMe: "" } });
    expect(text(closed)).toContain("The survey has closed");
    expect(text(closed)).toContain("Your answers were received.");
    for (const html of [before, closed]) {
      expect(html).not.toContain("<form");
      expect(html).not.toContain("<input");
      expect(html).not.toContain("<textarea");
    }
  });
});
