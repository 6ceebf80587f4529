import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { createAttendee } from "~/db/factories";
import { attendees, outreach_sources, outreach_visits, rate_counters } from "~/db/schema";
import { SYSTEM_ACTOR } from "~/modules/audit/audit.server";
import { typedCode } from "./codes";
import { outreachFigures } from "./figures.server";
import { referralIn } from "./referral.server";
import { createSource, setArchived } from "./sources.server";
import { type Follower, followTrackedLink, landingFor, ownRequestUrl, withoutTracking } from "./tracked-link.server";
import { VISITS_PER_NETWORK } from "./visits.server";

// Following a tracked link, on both databases: one visit per browser, link and Lagos day; the
// per-network ceiling; crawlers neither counted nor given a cookie; the first link within 30 days
// keeps the cookie; unknown and archived codes land without counting.

const PHONE = "Mozilla/5.0 (Linux; Android 10; TECNO KE5) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36";
const browser = (id: string) => `summit_browser=${id.padEnd(22, "x")}`;
const follower = (overrides: Partial<Follower> = {}): Follower => ({
  cookieHeader: browser("a"),
  userAgent: PHONE,
  clientIp: "102.89.1.10",
  secure: false,
  method: "GET",
  ...overrides,
});
// 22:30 and 23:30 UTC are either side of midnight in Lagos (UTC+1): two days there.
const EVENING = new Date("2026-11-20T22:30:00Z");
const AFTER_MIDNIGHT = new Date("2026-11-20T23:30:00Z");

describe.each(DATABASE_KINDS)("tracked links on %s", (kind) => {
  let database: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.close());
  beforeEach(async () => {
    for (const table of [outreach_visits, outreach_sources, rate_counters, attendees]) await database.db.delete(table);
  });

  async function source(name = "Radio Gusau") {
    const created = await createSource(database.db, SYSTEM_ACTOR, name);
    if (!created.ok) throw new Error(created.reason);
    return created.source;
  }
  const visitsOf = async (id: number) => (await outreachFigures(database.db)).sources.find((s) => s.id === id)?.visits;
  const follow = (code: string, who: Partial<Follower> = {}, now = EVENING) =>
    followTrackedLink(database.db, typedCode(code), follower(who), now);

  it("counts one visit per browser per day in Lagos, whatever the case the code is typed in", async () => {
    const radio = await source();
    expect(await follow(radio.code)).toMatchObject({ found: true, outcome: "counted" });
    expect(await follow(radio.code.toLowerCase())).toMatchObject({ found: true, outcome: "repeat" });
    expect(await follow(radio.code, { cookieHeader: browser("b") })).toMatchObject({ outcome: "counted" });
    expect(await visitsOf(radio.id)).toBe(2);
    // After midnight in Lagos (23:30 UTC), the same browser is a new day's visit.
    expect(await follow(radio.code, {}, AFTER_MIDNIGHT)).toMatchObject({ outcome: "counted" });
    expect(await visitsOf(radio.id)).toBe(3);
    const days = await database.db.select({ day: outreach_visits.day }).from(outreach_visits);
    expect(days.map((d) => d.day).sort()).toEqual(["2026-11-20", "2026-11-20", "2026-11-21"]);
  });

  it("stores no address and nothing that links one browser's visits across days or links", async () => {
    const radio = await source();
    const poster = await source("Poster — Talata Mafara");
    await follow(radio.code, { clientIp: "102.89.1.10" });
    await follow(poster.code, { clientIp: "102.89.1.10" });
    await follow(radio.code, { clientIp: "102.89.1.10" }, AFTER_MIDNIGHT);
    const rows = await database.db.select().from(outreach_visits);
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((r) => r.visitor)).size).toBe(3);
    expect(JSON.stringify(rows)).not.toMatch(/102\.89|aaaaaaa/);
  });

  it("gives a browser without one its browser id, and the source cookie of the first link within 30 days", async () => {
    const radio = await source();
    const poster = await source("Poster — Talata Mafara");
    const first = await follow(radio.code, { cookieHeader: "" });
    expect(first.setCookies).toHaveLength(2);
    const jar = first.setCookies.map((c) => c.split(";")[0]).join("; ");
    expect(referralIn(jar, false, EVENING)).toMatchObject({ via: "source", code: radio.code });
    // A second tracked link counts its visit, but the first link's cookie stays.
    const second = await follow(poster.code, { cookieHeader: jar });
    expect(second).toMatchObject({ outcome: "counted", setCookies: [] });
    // Thirty-one days later the first cookie has expired (the browser dropped it): the next link sets its own.
    const later = await follow(poster.code, { cookieHeader: jar }, new Date(EVENING.getTime() + 31 * 86_400_000));
    expect(later.setCookies.some((c) => c.startsWith(`summit_ref=r.${poster.code}.`))).toBe(true);
  });

  it("counts an attendee's invite link under the invites, and gives its cookie", async () => {
    const inviter = await createAttendee(database.db);
    const followed = await follow(inviter.invite_code.toLowerCase(), { cookieHeader: browser("c") });
    expect(followed).toMatchObject({ found: true, outcome: "counted" });
    expect(followed.setCookies).toEqual([expect.stringMatching(new RegExp(`^summit_ref=i\\.${inviter.invite_code}\\.`))]);
    expect((await outreachFigures(database.db)).invited.visits).toBe(1);
  });

  it("lands an unknown or archived code without counting or a cookie", async () => {
    const radio = await source();
    await setArchived(database.db, SYSTEM_ACTOR, radio.id, true);
    for (const code of [radio.code, "K7M3X", "4HX9TC", "nonsense", ""]) {
      expect(await follow(code), code).toEqual({ found: false, setCookies: [] });
    }
    expect(await database.db.$count(outreach_visits)).toBe(0);
    await setArchived(database.db, SYSTEM_ACTOR, radio.id, false);
    expect(await follow(radio.code)).toMatchObject({ found: true, outcome: "counted" });
  });

  it("neither counts nor gives a cookie to the programs that fetch link previews, nor to HEAD", async () => {
    const radio = await source();
    for (const userAgent of [
      "WhatsApp/2.23.20.0 A",
      "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
      "Twitterbot/1.0",
      "TelegramBot (like TwitterBot)",
      "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    ]) {
      expect(await follow(radio.code, { userAgent }), userAgent).toEqual({ found: true, setCookies: [] });
    }
    expect(await follow(radio.code, { method: "HEAD" })).toEqual({ found: true, setCookies: [] });
    expect(await visitsOf(radio.id)).toBe(0);
  });

  it("counts at most the ceiling of new browsers per network in 10 minutes; past it they still land with their cookie", async () => {
    const radio = await source();
    // A script without cookies is a new browser each time.
    for (let i = 0; i < VISITS_PER_NETWORK; i++) await follow(radio.code, { cookieHeader: "", clientIp: "41.58.7.7" });
    const refused = await follow(radio.code, { cookieHeader: "", clientIp: "41.58.7.7" });
    expect(refused.outcome).toBe("over-ceiling");
    expect(refused.setCookies.some((c) => c.startsWith("summit_ref="))).toBe(true);
    // Another network is counted; the same network in the next window again.
    expect((await follow(radio.code, { cookieHeader: "", clientIp: "41.58.8.8" })).outcome).toBe("counted");
    expect((await follow(radio.code, { cookieHeader: "", clientIp: "41.58.7.7" }, new Date(EVENING.getTime() + 11 * 60_000))).outcome).toBe(
      "counted",
    );
    expect(await visitsOf(radio.id)).toBe(VISITS_PER_NETWORK + 2);
  }, 60_000);
});

describe("where a tracked link lands", () => {
  it("lands a short link on the landing page, keeping a valid ?lang=", () => {
    expect(landingFor(new URL("http://x/r/K7M3X"))).toBe("/");
    expect(landingFor(new URL("http://x/r/K7M3X?lang=ha"))).toBe("/?lang=ha");
    expect(landingFor(new URL("http://x/r/K7M3X?lang=<script>"))).toBe("/");
  });

  it("takes ref and the utm_ parameters off a page link and keeps the rest", () => {
    expect(withoutTracking(new URL("http://x/?ref=K7M3X"))).toBe("/");
    expect(withoutTracking(new URL("http://x/register?lang=ha&utm_source=K7M3X&utm_medium=radio&type=speaker"))).toBe(
      "/register?lang=ha&type=speaker",
    );
  });

  // The redirect's Location is resolved by the browser against our page: whatever the request's
  // path looked like, it must resolve to this site. Each target as it arrives in the request line.
  const site = "https://summit.example";
  const landsOnSite = (target: string) => {
    const url = ownRequestUrl(target);
    const location = url ? withoutTracking(url) : null;
    if (location === null) return null;
    expect(location.startsWith("/")).toBe(true);
    expect(/^\/[/\\]/.test(location)).toBe(false);
    expect(new URL(location, `${site}/x/y`).origin).toBe(site);
    return location;
  };
  it.each([
    "//x//attacker.example/phish?ref=K7M3X",
    "//attacker.example/phish?ref=K7M3X",
    "///attacker.example?utm_source=K7M3X",
    "/\\attacker.example/phish?ref=K7M3X",
    "/\\/attacker.example?ref=K7M3X",
    "\\\\attacker.example?ref=K7M3X",
    "/%2F%2Fattacker.example/phish?ref=K7M3X",
    "/%2f/attacker.example?utm_source=K7M3X",
    "/%5Cattacker.example?ref=K7M3X",
    "/%5C%5Cattacker.example?ref=ABCDEF",
    "/\\%2Fattacker.example?ref=ABCDEF",
    "/%09/attacker.example?ref=K7M3X",
    "/\t/attacker.example?ref=K7M3X",
    "/./%2E%2E//attacker.example?ref=K7M3X",
    "/register//attacker.example?ref=K7M3X&lang=ha",
    "/?ref=K7M3X&next=//attacker.example",
  ])("keeps %s on this site", (target) => {
    landsOnSite(target);
  });

  it("keeps the request's own path, one leading slash, and refuses targets that are not a path", () => {
    expect(landsOnSite("//x//attacker.example/phish?ref=K7M3X")).toBe("/x//attacker.example/phish");
    expect(landsOnSite("/\\attacker.example/phish?ref=K7M3X")).toBe("/attacker.example/phish");
    expect(landsOnSite("/%2F%2Fattacker.example?ref=K7M3X")).toBe("/%2F%2Fattacker.example");
    expect(landsOnSite("/register?ref=K7M3X&lang=ha")).toBe("/register?lang=ha");
    expect(ownRequestUrl("http://attacker.example/phish?ref=K7M3X")).toBeNull();
    expect(ownRequestUrl("attacker.example?ref=K7M3X")).toBeNull();
    expect(ownRequestUrl("\\\\attacker.example?ref=K7M3X")).toBeNull();
  });
});
