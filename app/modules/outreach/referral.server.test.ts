import { describe, expect, it } from "vitest";
import { REFERRAL_DAYS, referralCookie, referralIn } from "./referral.server";

// The source cookie: what it holds, its attributes, and its 30 days.

const NOW = new Date("2026-11-20T10:00:00Z");
const DAY = 86_400_000;
const pairOf = (setCookie: string) => setCookie.split(";")[0] ?? "";

describe("the source cookie", () => {
  it("is first party, HttpOnly, SameSite=Lax, for 30 days, and Secure (__Host-) on an https site", () => {
    const plain = referralCookie({ via: "source", code: "K7M3X", since: NOW }, false, NOW);
    expect(plain).toBe(`summit_ref=r.K7M3X.${NOW.getTime() / 1000}; Path=/; Max-Age=${30 * 86_400}; HttpOnly; SameSite=Lax`);
    const secure = referralCookie({ via: "invite", code: "4HX9TC", since: NOW }, true, NOW);
    expect(secure).toMatch(/^__Host-summit_ref=i\.4HX9TC\.\d+; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax; Secure$/);
  });

  it("reads back what it wrote, under the name for the site's scheme only", () => {
    const cookie = pairOf(referralCookie({ via: "invite", code: "4HX9TC", since: NOW }, false, NOW));
    expect(referralIn(`summit_lang=ha; ${cookie}`, false, NOW)).toEqual({ via: "invite", code: "4HX9TC", since: NOW });
    expect(referralIn(cookie, true, NOW)).toBeNull();
    const secure = pairOf(referralCookie({ via: "source", code: "K7M3X", since: NOW }, true, NOW));
    expect(referralIn(secure, true, NOW)).toMatchObject({ via: "source", code: "K7M3X" });
  });

  it("counts for 30 days from the visit, then no more (the next tracked link may set a new one)", () => {
    const cookie = pairOf(referralCookie({ via: "source", code: "K7M3X", since: NOW }, false, NOW));
    expect(referralIn(cookie, false, new Date(NOW.getTime() + (REFERRAL_DAYS - 1) * DAY))).not.toBeNull();
    expect(referralIn(cookie, false, new Date(NOW.getTime() + REFERRAL_DAYS * DAY))).toBeNull();
    // A later visit's cookie lives 30 days from when it began, not from when it is written again.
    const later = new Date(NOW.getTime() + 10 * DAY);
    expect(referralCookie({ via: "source", code: "K7M3X", since: NOW }, false, later)).toContain(`Max-Age=${20 * 86_400}`);
  });

  it("ignores a malformed, mismatched or future cookie", () => {
    for (const value of [
      "r.K7M3X",
      "r.K7M3X.x",
      "r.K7M3O.1700000000",
      "i.K7M3X.1763632800",
      "r.4HX9TC.1763632800",
      "x.K7M3X.1763632800",
      "",
    ]) {
      expect(referralIn(`summit_ref=${value}`, false, NOW), value).toBeNull();
    }
    const future = pairOf(referralCookie({ via: "source", code: "K7M3X", since: new Date(NOW.getTime() + DAY) }, false, NOW));
    expect(referralIn(future, false, NOW)).toBeNull();
    expect(referralIn(undefined, false, NOW)).toBeNull();
  });
});
