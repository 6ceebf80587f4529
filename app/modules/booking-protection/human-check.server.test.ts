import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { takePostSlot } from "~/limits/network-limits.server";
import { HONEYPOT_FIELD, STAMP_FIELD } from "~/ui/human-check-fields";
import { ensureBrowserId } from "./browser-id.server";
import {
  carryFormStart,
  checkHuman,
  formStamp,
  MIN_FILL_MS,
  pageFormStamp,
  STAMP_MAX_AGE_MS,
  STAMP_MESSAGES,
  spendStamp,
  stampNonce,
  stampStartedAt,
} from "./human-check.server";

const SECRET = "human-check-secret-0123456789abcdef";
const BROWSER = "b".repeat(22);
const served = new Date("2026-11-23T10:00:00Z");
const servedPlus = (ms: number) => new Date(served.getTime() + ms);

function post(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

describe("the fill time counts from the visit's first page", () => {
  const first = formStamp(SECRET, BROWSER, served);

  it("an answered page's stamp keeps the first page's time, with a nonce of its own", () => {
    // Consent forgotten, answered 2 s in; ticked and sent again half a second later.
    const answeredAt = servedPlus(2_000);
    const context = {};
    carryFormStart(context, post({ [STAMP_FIELD]: first }), BROWSER, SECRET, answeredAt);
    const again = pageFormStamp(context, SECRET, BROWSER, answeredAt);
    expect(stampNonce(again, SECRET)).not.toBe(stampNonce(first, SECRET));
    expect(checkHuman(post({ [STAMP_FIELD]: again }), SECRET, BROWSER, servedPlus(2_500))).toEqual({
      ok: true,
      nonce: stampNonce(again, SECRET),
    });
  });

  it("a script that posts at once is refused on the answer's stamp too, and a request without a post starts now", () => {
    const context = {};
    carryFormStart(context, post({ [STAMP_FIELD]: first }), BROWSER, SECRET, servedPlus(10));
    const again = pageFormStamp(context, SECRET, BROWSER, servedPlus(20));
    const check = checkHuman(post({ [STAMP_FIELD]: again }), SECRET, BROWSER, servedPlus(30));
    expect(check.ok ? "ok" : check.reason).toBe("too-fast");
    const fresh = pageFormStamp({}, SECRET, BROWSER, servedPlus(60_000));
    expect(checkHuman(post({ [STAMP_FIELD]: fresh }), SECRET, BROWSER, servedPlus(60_500)).ok).toBe(false);
  });

  it("carries no time from a forged, foreign, expired or future stamp, or a hostile field", () => {
    const other = "o".repeat(22);
    const at = servedPlus(5_000);
    expect(stampStartedAt(post({ [STAMP_FIELD]: first }), SECRET, BROWSER, at)).toBe(served.getTime());
    expect(stampStartedAt(post({ [STAMP_FIELD]: first }), SECRET, other, at)).toBeNull();
    expect(stampStartedAt(post({ [STAMP_FIELD]: first }), `${SECRET}x`, BROWSER, at)).toBeNull();
    expect(stampStartedAt(post({ [STAMP_FIELD]: first }), SECRET, BROWSER, servedPlus(STAMP_MAX_AGE_MS + 1))).toBeNull();
    expect(stampStartedAt(post({ [STAMP_FIELD]: first }), SECRET, BROWSER, servedPlus(-1))).toBeNull();
    const [value, signature] = first.split(".");
    const backdated = `${String(served.getTime() - 60_000)}${value?.slice(13)}.${signature}`;
    for (const stamp of [backdated, "", "\u0000", "<script>", "🙂".repeat(40), `${first}\n`, first.toUpperCase()]) {
      expect(stampStartedAt(post({ [STAMP_FIELD]: stamp }), SECRET, BROWSER, at), stamp).toBeNull();
    }
    const context = {};
    carryFormStart(context, post({ [STAMP_FIELD]: backdated }), BROWSER, SECRET, at);
    expect(checkHuman(post({ [STAMP_FIELD]: pageFormStamp(context, SECRET, BROWSER, at) }), SECRET, BROWSER, servedPlus(5_100)).ok).toBe(
      false,
    );
  });
});

describe("telling people from scripts", () => {
  const stamp = formStamp(SECRET, BROWSER, served);

  it("takes a form sent a moment after the page was served, from the browser it was served to, with the decoy empty", () => {
    const check = checkHuman(post({ [STAMP_FIELD]: stamp, [HONEYPOT_FIELD]: "" }), SECRET, BROWSER, servedPlus(MIN_FILL_MS));
    expect(check).toEqual({ ok: true, nonce: stampNonce(stamp, SECRET) });
    expect(checkHuman(post({ [STAMP_FIELD]: stamp }), SECRET, BROWSER, servedPlus(STAMP_MAX_AGE_MS)).ok).toBe(true);
  });

  it("gives every page a stamp of its own", () => {
    expect(formStamp(SECRET, BROWSER, served)).not.toBe(stamp);
  });

  it("binds a stamp to any browser id, whatever characters its tag holds (base64url has - and _)", () => {
    for (let i = 0; i < 300; i++) {
      const browser = Buffer.from(`browser-${i}`).toString("base64url").padEnd(22, "-").slice(0, 22);
      const own = formStamp(SECRET, browser, served);
      expect(checkHuman(post({ [STAMP_FIELD]: own }), SECRET, browser, servedPlus(10_000)).ok, browser).toBe(true);
    }
  });

  it("refuses the decoy filled, a post within the moment, a stamp too old, and a missing, forged or foreign stamp", () => {
    const reason = (fields: Record<string, string>, at: Date, browser = BROWSER) => {
      const check = checkHuman(post(fields), SECRET, browser, at);
      return check.ok ? "ok" : check.reason;
    };
    expect(reason({ [STAMP_FIELD]: stamp, [HONEYPOT_FIELD]: "http://spam.example" }, servedPlus(10_000))).toBe("decoy");
    expect(reason({ [STAMP_FIELD]: stamp }, servedPlus(MIN_FILL_MS - 1))).toBe("too-fast");
    expect(reason({ [STAMP_FIELD]: stamp }, servedPlus(STAMP_MAX_AGE_MS + 1))).toBe("expired");
    expect(reason({}, servedPlus(10_000))).toBe("stamp");
    const [value, signature] = stamp.split(".");
    expect(reason({ [STAMP_FIELD]: `${Number(value?.slice(0, 13)) - 60_000}${value?.slice(13)}.${signature}` }, servedPlus(10_000))).toBe(
      "stamp",
    );
    expect(reason({ [STAMP_FIELD]: formStamp("another-secret-0123456789abcdefgh", BROWSER, served) }, servedPlus(10_000))).toBe("stamp");
    // A clock moved back is "too fast", never a crash.
    expect(reason({ [STAMP_FIELD]: stamp }, servedPlus(-60_000))).toBe("too-fast");
  });

  it("refuses a stamp posted from another browser, or without the cookie, and says to allow cookies", () => {
    const other = checkHuman(post({ [STAMP_FIELD]: stamp }), SECRET, "c".repeat(22), servedPlus(10_000));
    expect(other).toEqual({ ok: false, reason: "browser", message: STAMP_MESSAGES.browser });
    expect(checkHuman(post({ [STAMP_FIELD]: stamp }), SECRET, "", servedPlus(10_000)).ok).toBe(false);
  });

  it("gives a browser without the cookie a new id, and reads it back", () => {
    const fresh = ensureBrowserId(new Request("http://x/register"), false);
    expect(fresh.setCookie).toMatch(/^summit_browser=[A-Za-z0-9_-]{22}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/);
    const secure = ensureBrowserId(new Request("https://x/register"), true);
    expect(secure.setCookie).toMatch(/^__Host-summit_browser=.*; Secure$/);
    const again = ensureBrowserId(new Request("http://x/register", { headers: { Cookie: `a=1; summit_browser=${fresh.id}` } }), false);
    expect(again).toEqual({ id: fresh.id });
    // A forged value is not an id: a new one is given.
    expect(
      ensureBrowserId(new Request("http://x/", { headers: { Cookie: "summit_browser=short;summit_browser2=x" } }), false).setCookie,
    ).toBeDefined();
  });
});

describe.each(DATABASE_KINDS)("shared limits on %s", (kind) => {
  let database: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.close());

  it("takes a stamp once: a replay is refused", async () => {
    const nonce = stampNonce(formStamp(SECRET, BROWSER), SECRET) ?? "";
    expect(await spendStamp(database.db, nonce)).toBe(true);
    expect(await spendStamp(database.db, nonce)).toBe(false);
    const other = stampNonce(formStamp(SECRET, BROWSER), SECRET) ?? "";
    const together = await Promise.all(Array.from({ length: 10 }, () => spendStamp(database.db, other)));
    expect(together.filter(Boolean)).toHaveLength(1);
  });

  it("counts posts per network: an IPv6 /64 is one network, and the window resets", async () => {
    const now = new Date("2026-11-23T10:00:00Z");
    for (let i = 0; i < 5; i++) {
      expect(await takePostSlot(database.db, `2001:db8:1:2::${(i + 1).toString(16)}`, { now, ceiling: 5 })).toEqual({ ok: true });
    }
    const refused = await takePostSlot(database.db, "2001:db8:1:2:ffff::9", { now, ceiling: 5 });
    expect(refused).toEqual({ ok: false, retryAfter: 600 });
    expect(await takePostSlot(database.db, "2001:db8:1:3::1", { now, ceiling: 5 })).toEqual({ ok: true });
    expect(await takePostSlot(database.db, "2001:db8:1:2::1", { now: new Date(now.getTime() + 600_000), ceiling: 5 })).toEqual({
      ok: true,
    });
  });

  it("counts the /48 around a rotated /64, and an unreadable address as one network, never none", async () => {
    const now = new Date("2026-11-23T11:00:00Z");
    // A new /64 of one /56 for every post: the /56 sees them all and stops the 11th (2 × 5).
    const within56 = [];
    for (let i = 0; i < 11; i++)
      within56.push(await takePostSlot(database.db, `2001:db8:56:${(i + 1).toString(16)}::1`, { now, ceiling: 5 }));
    expect(within56.map((r) => r.ok)).toEqual([...Array(10).fill(true), false]);
    // A new /56 of one /48 for every post: the /48 sees them all and stops the 21st (4 × 5).
    const within48 = [];
    for (let i = 0; i < 21; i++)
      within48.push(await takePostSlot(database.db, `2001:db8:48:${((i + 1) * 256).toString(16)}::1`, { now, ceiling: 5 }));
    expect(within48.map((r) => r.ok)).toEqual([...Array(20).fill(true), false]);
    expect(within48[20]).toEqual({ ok: false, retryAfter: 600 });
    expect(await takePostSlot(database.db, "2001:db8:49:1::1", { now, ceiling: 5 })).toEqual({ ok: true });
    // Rubbish in a trusted forwarded header is one network, with one /64's ceiling.
    for (const rubbish of ["", "garbage", "1.2.3.4\u0000"]) {
      expect(await takePostSlot(database.db, rubbish, { now, ceiling: 3 })).toEqual({ ok: true });
    }
    expect(await takePostSlot(database.db, "ɗ::1", { now, ceiling: 3 })).toEqual({ ok: false, retryAfter: 600 });
  });
});
