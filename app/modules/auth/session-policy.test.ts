import { describe, expect, it } from "vitest";
import {
  ABSOLUTE_TIMEOUT_MS,
  absoluteExpiry,
  clearPendingCookie,
  clearSessionCookie,
  IDLE_TIMEOUT_MS,
  isSameOrigin,
  isSecureRequest,
  isStateChanging,
  loginUrl,
  needsTouch,
  pagePath,
  pendingCookie,
  readCookie,
  SESSION_COOKIE,
  safeRedirectTo,
  sessionCookie,
  sessionState,
  TOUCH_INTERVAL_MS,
} from "./session-policy";

const start = new Date("2025-08-01T08:00:00Z");
const at = (ms: number) => new Date(start.getTime() + ms);

describe("session expiry", () => {
  const fresh = { last_seen_at: start, expires_at: absoluteExpiry(start) };

  it("is active until 12 hours without activity, then expired", () => {
    expect(IDLE_TIMEOUT_MS).toBe(12 * 3_600_000);
    expect(sessionState(fresh, at(IDLE_TIMEOUT_MS - 1))).toBe("active");
    expect(sessionState(fresh, at(IDLE_TIMEOUT_MS))).toBe("expired");
  });

  it("expires 7 days after sign-in however active the admin is", () => {
    expect(ABSOLUTE_TIMEOUT_MS).toBe(7 * 24 * 3_600_000);
    const busy = { last_seen_at: at(ABSOLUTE_TIMEOUT_MS - 60_000), expires_at: fresh.expires_at };
    expect(sessionState(busy, at(ABSOLUTE_TIMEOUT_MS - 1))).toBe("active");
    expect(sessionState(busy, at(ABSOLUTE_TIMEOUT_MS))).toBe("expired");
  });

  it("records activity at most once a minute", () => {
    expect(TOUCH_INTERVAL_MS).toBe(60_000);
    expect(needsTouch(fresh, at(59_999))).toBe(false);
    expect(needsTouch(fresh, at(60_000))).toBe(true);
  });
});

describe("session cookie", () => {
  it("is httpOnly, SameSite=Lax, for the whole site, Secure only behind https", () => {
    const plain = sessionCookie("tok en", { secure: false });
    expect(plain).toBe(`${SESSION_COOKIE}=tok%20en; Path=/; Max-Age=604800; HttpOnly; SameSite=Lax`);
    expect(clearSessionCookie({ secure: false })).toMatch(/^ys_admin=; Path=\/; Max-Age=0; Expires=Thu, 01 Jan 1970/);
  });

  it("is __Host- prefixed and Secure over https, and keeps the bare name on plain http", () => {
    // Browsers accept __Host- only with Secure, Path=/ and no Domain: all three are checked.
    const secure = sessionCookie("t", { secure: true });
    expect(secure).toBe("__Host-ys_admin=t; Path=/; Max-Age=604800; HttpOnly; SameSite=Lax; Secure");
    expect(secure).not.toMatch(/Domain=/i);
    expect(clearSessionCookie({ secure: true })).toMatch(/^__Host-ys_admin=; Path=\/; Max-Age=0; .*; Secure$/);
    expect(sessionCookie("t", { secure: false })).not.toMatch(/__Host-|Secure/);
    // The half-signed-in cookie: minutes, Strict, the same prefix rule.
    expect(pendingCookie("p", { secure: true, maxAgeMs: 300_000 })).toBe(
      "__Host-ys_signin=p; Path=/; Max-Age=300; HttpOnly; SameSite=Strict; Secure",
    );
    expect(pendingCookie("p", { secure: false, maxAgeMs: 300_000 })).toBe("ys_signin=p; Path=/; Max-Age=300; HttpOnly; SameSite=Strict");
    expect(clearPendingCookie({ secure: false })).toMatch(/^ys_signin=; Path=\/; Max-Age=0;/);
  });

  it("tells an https request (direct or through a trusted proxy, as Express resolved it) from plain http", () => {
    expect(isSecureRequest(new Request("https://summit.example.org/admin/login"))).toBe(true);
    expect(isSecureRequest(new Request("http://localhost:3000/admin/login"))).toBe(false);
    // A forwarded header the server did not trust never reaches the Request's URL; the header itself decides nothing here.
    expect(isSecureRequest(new Request("http://127.0.0.1:3000/", { headers: { "X-Forwarded-Proto": "https" } }))).toBe(false);
  });

  it("reads one cookie out of a Cookie header", () => {
    expect(readCookie("a=1; ys_admin=abc%3D; b=2", "ys_admin")).toBe("abc=");
    expect(readCookie("xys_admin=1; ys_admin_x=2", "ys_admin")).toBeNull();
    expect(readCookie("ys_admin=", "ys_admin")).toBeNull();
    expect(readCookie("ys_admin=%E0%A4%A", "ys_admin")).toBeNull();
    expect(readCookie(null, "ys_admin")).toBeNull();
  });
});

describe("same-origin check", () => {
  const publicUrl = "https://summit.example.org";
  const post = (headers: Record<string, string>, url = "http://127.0.0.1:3000/admin/attendees") =>
    new Request(url, { method: "POST", headers });

  it("accepts the request's own origin and the public URL's origin", () => {
    expect(isSameOrigin(post({ Origin: "http://127.0.0.1:3000" }), publicUrl)).toBe(true);
    expect(isSameOrigin(post({ Origin: "https://summit.example.org" }), publicUrl)).toBe(true);
    expect(isSameOrigin(post({ Referer: "http://127.0.0.1:3000/admin/attendees?page=2" }), publicUrl)).toBe(true);
  });

  it("refuses other sites, opaque origins and requests that name no origin", () => {
    expect(isSameOrigin(post({ Origin: "https://evil.example" }), publicUrl)).toBe(false);
    expect(isSameOrigin(post({ Origin: "http://127.0.0.1:3001" }), publicUrl)).toBe(false);
    expect(isSameOrigin(post({ Origin: "https://summit.example.org.evil.example" }), publicUrl)).toBe(false);
    expect(isSameOrigin(post({ Origin: "null" }), publicUrl)).toBe(false);
    // An Origin header decides even when the Referer looks right.
    expect(isSameOrigin(post({ Origin: "https://evil.example", Referer: "http://127.0.0.1:3000/" }), publicUrl)).toBe(false);
    expect(isSameOrigin(post({ Referer: "https://evil.example/page" }), publicUrl)).toBe(false);
    expect(isSameOrigin(post({}), publicUrl)).toBe(false);
  });

  it("only state-changing methods need it", () => {
    expect(["GET", "HEAD", "OPTIONS", "get"].map(isStateChanging)).toEqual([false, false, false, false]);
    expect(["POST", "PUT", "PATCH", "DELETE"].map(isStateChanging)).toEqual([true, true, true, true]);
  });
});

describe("redirect targets", () => {
  it("names the page of a data request as the browser shows it", () => {
    const path = (url: string) => pagePath(new Request(`http://x${url}`));
    expect(path("/admin/attendees.data?_routes=routes%2Fadmin%2Fattendees&q=ada")).toBe("/admin/attendees?q=ada");
    expect(path("/admin.data")).toBe("/admin");
    expect(path("/admin/_.data")).toBe("/admin/");
    expect(path("/admin/speakers?index&x=1")).toBe("/admin/speakers?x=1");
  });

  it("returns only to admin pages of this site", () => {
    expect(safeRedirectTo("/admin/attendees?q=ada")).toBe("/admin/attendees?q=ada");
    expect(safeRedirectTo("/admin")).toBe("/admin");
    for (const bad of [
      null,
      "",
      "admin",
      "//evil.example/admin",
      "/\\evil.example",
      "https://evil.example/admin",
      "/administrator",
      "/admin/login",
      "/admin/login?redirectTo=/admin",
      "/admin/logout",
      "/register",
    ]) {
      expect(safeRedirectTo(bad), String(bad)).toBe("/admin");
    }
  });

  it("builds the sign-in URL with the page to return to", () => {
    expect(loginUrl("/admin")).toBe("/admin/login");
    expect(loginUrl("/admin/attendees?q=a b")).toBe("/admin/login?redirectTo=%2Fadmin%2Fattendees%3Fq%3Da%2520b");
    expect(loginUrl("https://evil.example")).toBe("/admin/login");
  });
});
