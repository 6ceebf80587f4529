import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { english } from "#tests/support/english.ts";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { createAttendee } from "~/db/factories";
import { door_searches } from "~/db/schema";
import { createAdmin } from "~/modules/auth/accounts.server";
import { checkInPage, SEARCH_MESSAGES } from "./actions.server";
import { countDoorSearch, DOOR_SEARCHES_PER_MINUTE, purgeDoorSearches } from "./search-limit.server";

const t0 = new Date("2025-08-10T09:00:00Z");
const at = (ms: number) => new Date(t0.getTime() + ms);
const door = (db: DbConnection["db"]) =>
  createAdmin(db, { email: `door-${randomBytes(4).toString("hex")}@example.org`, password: "x".repeat(12), role: "checkin" });

/** A loader's answer, whether plain data or data() with a status. */
function unwrap<T>(result: T | { data: T; init: ResponseInit | null }): { page: T; status: number } {
  if (result && typeof result === "object" && "init" in result && "data" in result) {
    return { page: result.data, status: result.init?.status ?? 200 };
  }
  return { page: result as T, status: 200 };
}

describe.each(DATABASE_KINDS)("the door search's limit on %s", (kind) => {
  afterEach(() => {
    vi.useRealTimers();
  });
  let database: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.close());

  it("allows 60 searches per account and minute, then says how long to wait; other accounts are not affected", async () => {
    const { db } = database;
    const [a, b] = [await door(db), await door(db)];
    for (let i = 0; i < DOOR_SEARCHES_PER_MINUTE; i++) expect(await countDoorSearch(db, a.id, at(i * 500))).toEqual({ allowed: true });
    expect(await countDoorSearch(db, a.id, at(45_000))).toEqual({ allowed: false, retryAfterMs: 15_000 });
    expect(await countDoorSearch(db, b.id, at(45_000))).toEqual({ allowed: true });
    // The next minute starts afresh.
    expect(await countDoorSearch(db, a.id, at(60_000))).toEqual({ allowed: true });
    // Simultaneous searches: the upsert counts each, so no more than the limit get through.
    const burst = await Promise.all(Array.from({ length: 80 }, () => countDoorSearch(db, b.id, at(120_000))));
    expect(burst.filter((r) => r.allowed)).toHaveLength(DOOR_SEARCHES_PER_MINUTE);
    await purgeDoorSearches(db, at(2 * 3_600_000));
    expect(await db.select().from(door_searches)).toEqual([]);
  });

  it("the door page: too short a search is explained, not counted; past the limit it answers 429 with the sentence", async () => {
    const { db } = database;
    const account = await door(db);
    const person = await createAttendee(db, { full_name: "Zainab Abubakar", email: "zainab@example.org", phone: "08031234567" });
    const page = (q: string) => checkInPage(db, account, new URL(`http://x/admin/check-in?q=${encodeURIComponent(q)}`));

    const short = unwrap(await page("Za"));
    expect(short).toMatchObject({ status: 200, page: { matches: [], searchError: SEARCH_MESSAGES.tooShort } });
    const found = unwrap(await page("Zainab Abu"));
    expect(found.page.searchError).toBeNull();
    expect(found.page.matches.map((m) => m.id)).toEqual([person.id]);
    const text = JSON.stringify(found.page);
    for (const secret of ["zainab@example.org", "08031234567", "@"]) expect(text).not.toContain(secret);

    // The limit counts clock minutes: the searches below all fall in one, however slowly a busy
    // machine answers them (real time would let a run that crosses the minute start counting afresh).
    vi.useFakeTimers({ toFake: ["Date"], now: Math.floor(Date.now() / 60_000) * 60_000 + 60_000 + 1_000 });
    for (let i = 0; i < DOOR_SEARCHES_PER_MINUTE; i++) await page("aaa");
    const refused = unwrap(await page("Zainab"));
    expect(refused.status).toBe(429);
    expect(refused.page.matches).toEqual([]);
    expect(english(refused.page.searchError ?? "")).toMatch(
      /^Too many searches from this account\. Please wait \d+ seconds? and search again/,
    );
  });
});
