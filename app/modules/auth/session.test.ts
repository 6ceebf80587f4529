import { createHash, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { admin_sessions, login_attempts } from "~/db/schema";
import { createKeyring } from "~/keys.server";
import { createAdmin, removeAdmin, resetAdminPassword } from "./accounts.server";
import * as password from "./password.server";
import { FREE_FAILURES } from "./rate-limit.server";
import { type AuthOptions, authenticateAdmin, getOptionalAdmin, hashToken, lookupSession, signOut } from "./session.server";
import { AUTH_MESSAGES, IDLE_TIMEOUT_MS, readCookie, SESSION_COOKIE } from "./session-policy";
import { signIn as signInWith } from "./sign-in.server";

// Flash toasts are signed with the session secret; a fixed one keeps the test from creating ./data.
vi.stubEnv("SESSION_SECRET", "test-secret-test-secret-test-secret-42");

vi.mock("./password.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("./password.server")>();
  return { ...actual, verifyPassword: vi.fn(actual.verifyPassword) };
});

const PASSWORD = "correct horse battery";
const ORIGIN = "http://127.0.0.1:3000";
const t0 = new Date("2025-08-10T09:00:00Z");
const at = (ms: number) => new Date(t0.getTime() + ms);
const options = (now = t0): AuthOptions => ({ now, publicUrl: "https://summit.example.org", requireTwoFactor: "none" });
const keyring = createKeyring("session-test-secret-session-test-secret");
/** The password step, as the sign-in form calls it (no second factor in these tests). */
const signIn = (
  db: DbConnection["db"],
  req: Request,
  credentials: { email: string; password: string },
  opts: AuthOptions & { ip: string },
) => signInWith(db, req, { ...credentials, redirectTo: "/admin" }, { ...opts, keyring });
const unique = () => `admin-${randomBytes(4).toString("hex")}@example.org`;

function request(path: string, init: { method?: string; token?: string | null; headers?: Record<string, string> } = {}) {
  const headers = new Headers(init.headers);
  if (init.token) headers.set("Cookie", `other=1; ${SESSION_COOKIE}=${init.token}`);
  if ((init.method ?? "GET") !== "GET" && !headers.has("Origin") && !init.headers) headers.set("Origin", ORIGIN);
  return new Request(`${ORIGIN}${path}`, { method: init.method ?? "GET", headers });
}

/** The text of the flash-toast cookie (signed base64 JSON), to see which message it carries. */
function flashText(setCookies: string[]): string {
  const raw =
    setCookies
      .find((c) => c.startsWith("ys_toast="))
      ?.split(";")[0]
      ?.slice("ys_toast=".length) ?? "";
  const value = decodeURIComponent(raw);
  return Buffer.from(value.slice(0, value.lastIndexOf(".")), "base64").toString("utf8");
}

const tokenOf = (setCookie: string) => readCookie(setCookie.split(";")[0] ?? null, SESSION_COOKIE) ?? "";

/** What authenticateAdmin threw (it must throw a Response). */
async function refusal(promise: Promise<unknown>): Promise<Response> {
  const thrown = await promise.then(
    (value) => {
      throw new Error(`expected a refusal, got ${JSON.stringify(value)}`);
    },
    (error: unknown) => error,
  );
  expect(thrown).toBeInstanceOf(Response);
  return thrown as Response;
}

describe.each(DATABASE_KINDS)("admin sessions on %s", (kind) => {
  let database: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  async function signedIn(now = t0) {
    const admin = await createAdmin(database.db, { email: unique(), name: "Ada Admin", password: PASSWORD });
    const result = await signIn(
      database.db,
      request("/admin/login", { method: "POST" }),
      { email: admin.email, password: PASSWORD },
      {
        ...options(now),
        ip: "10.0.0.1",
      },
    );
    if (result.status !== "ok") throw new Error(`sign-in failed: ${result.status}`);
    return { admin, token: tokenOf(result.setCookie), setCookie: result.setCookie };
  }

  it("signs in: an httpOnly cookie with a random token, only its sha256 stored, the attempt recorded", async () => {
    const { admin, token, setCookie } = await signedIn();
    expect(setCookie).toMatch(/^ys_admin=[\w-]{43}; Path=\/; Max-Age=604800; HttpOnly; SameSite=Lax$/);
    const [row] = await database.db.select().from(admin_sessions).where(eq(admin_sessions.admin_id, admin.id));
    expect(row?.id).toBe(createHash("sha256").update(token).digest("hex"));
    expect(row).toMatchObject({ ip: "10.0.0.1", last_seen_at: t0, expires_at: at(7 * 24 * 3_600_000) });
    const attempts = await database.db.select().from(login_attempts).where(eq(login_attempts.email, admin.email));
    expect(attempts.map((a) => a.succeeded)).toEqual([true]);
    expect(await authenticateAdmin(database.db, request("/admin", { token }), options())).toEqual({
      id: admin.id,
      email: admin.email,
      name: "Ada Admin",
      role: "organiser",
    });
  });

  it("gives a new session at every sign-in and ends the one the browser had", async () => {
    const { admin, token } = await signedIn();
    const again = await signIn(
      database.db,
      request("/admin/login", { method: "POST", token }),
      { email: admin.email, password: PASSWORD },
      { ...options(), ip: "" },
    );
    if (again.status !== "ok") throw new Error("sign-in failed");
    expect(tokenOf(again.setCookie)).not.toBe(token);
    expect((await lookupSession(database.db, token, t0)).status).toBe("unknown");
    expect((await lookupSession(database.db, tokenOf(again.setCookie), t0)).status).toBe("active");
  });

  it("answers a wrong password and an unknown e-mail alike, and records both failures", async () => {
    const admin = await createAdmin(database.db, { email: unique(), password: PASSWORD });
    const wrong = await signIn(database.db, request("/admin/login"), { email: admin.email, password: "nope" }, { ...options(), ip: "" });
    const stranger = unique();
    const unknown = await signIn(database.db, request("/admin/login"), { email: stranger, password: PASSWORD }, { ...options(), ip: "" });
    expect(wrong).toEqual({ status: "invalid" });
    expect(unknown).toEqual({ status: "invalid" });
    for (const address of [admin.email, stranger]) {
      const rows = await database.db.select().from(login_attempts).where(eq(login_attempts.email, address));
      expect(rows.map((r) => r.succeeded)).toEqual([false]);
    }
  });

  it("refuses a throttled network without checking its password, even the right one; another network signs in", async () => {
    const admin = await createAdmin(database.db, { email: unique(), password: PASSWORD });
    for (let i = 0; i < FREE_FAILURES; i++) {
      const result = await signIn(
        database.db,
        request("/admin/login"),
        { email: admin.email, password: `wrong ${i}` },
        {
          ...options(at(i * 1000)),
          ip: "",
        },
      );
      expect(result.status).toBe("invalid");
    }
    const verify = vi.mocked(password.verifyPassword);
    verify.mockClear();
    const locked = await signIn(
      database.db,
      request("/admin/login"),
      { email: admin.email, password: PASSWORD },
      {
        ...options(at(4_500)),
        ip: "",
      },
    );
    expect(locked).toEqual({ status: "locked", retryAfterMs: 1000, codeAdmits: false });
    expect(verify).not.toHaveBeenCalled();
    expect(await database.db.select().from(admin_sessions).where(eq(admin_sessions.admin_id, admin.id))).toEqual([]);
    // The account's own people, elsewhere, are not held by the stranger's failures.
    const door = await signIn(
      database.db,
      request("/admin/login"),
      { email: admin.email, password: PASSWORD },
      { ...options(at(4_500)), ip: "10.9.8.7" },
    );
    expect(door.status).toBe("ok");
  });

  it("over https (directly or through a trusted proxy) uses the __Host- cookie, Secure, and only that one", async () => {
    const admin = await createAdmin(database.db, { email: unique(), name: "Ada Admin", password: PASSWORD });
    const secureRequest = (path: string, cookie?: string) =>
      new Request(`https://summit.example.org${path}`, { headers: cookie ? { Cookie: cookie } : {} });
    const result = await signIn(
      database.db,
      secureRequest("/admin/login"),
      { email: admin.email, password: PASSWORD },
      { ...options(), ip: "10.0.0.2" },
    );
    if (result.status !== "ok") throw new Error("sign-in failed");
    expect(result.setCookie).toMatch(/^__Host-ys_admin=[\w-]{43}; Path=\/; Max-Age=604800; HttpOnly; SameSite=Lax; Secure$/);
    const token = tokenOf(result.setCookie.replace("__Host-ys_admin=", "ys_admin="));
    expect(await authenticateAdmin(database.db, secureRequest("/admin", `__Host-ys_admin=${token}`), options())).toMatchObject({
      id: admin.id,
    });
    // A bare-named cookie (planted by a plain-http page or a sibling domain) is not read over https.
    const refused = await refusal(authenticateAdmin(database.db, secureRequest("/admin", `ys_admin=${token}`), options()));
    expect(refused.status).toBe(302);
    const out = await signOut(
      database.db,
      new Request("https://summit.example.org/admin/logout", { method: "POST", headers: { Cookie: `__Host-ys_admin=${token}` } }),
    );
    expect(out).toMatch(/^__Host-ys_admin=; Path=\/; Max-Age=0; .*; Secure$/);
  });

  it("slides the idle expiry, writing last_seen_at at most once a minute", async () => {
    const { admin, token } = await signedIn();
    const lastSeen = async () =>
      (await database.db.select().from(admin_sessions).where(eq(admin_sessions.admin_id, admin.id)))[0]?.last_seen_at;
    expect((await lookupSession(database.db, token, at(30_000))).status).toBe("active");
    expect(await lastSeen()).toEqual(t0);
    expect((await lookupSession(database.db, token, at(61_000))).status).toBe("active");
    expect(await lastSeen()).toEqual(at(61_000));
    // 11 hours later is still within 12 hours of the last activity.
    expect((await lookupSession(database.db, token, at(61_000 + 11 * 3_600_000))).status).toBe("active");
  });

  it("ends a session after 12 idle hours and after 7 days in any case", async () => {
    const idle = await signedIn();
    expect((await lookupSession(database.db, idle.token, at(IDLE_TIMEOUT_MS))).status).toBe("expired");
    expect(await database.db.select().from(admin_sessions).where(eq(admin_sessions.admin_id, idle.admin.id))).toEqual([]);

    const busy = await signedIn();
    for (let hour = 10; hour < 7 * 24; hour += 10) {
      expect((await lookupSession(database.db, busy.token, at(hour * 3_600_000))).status, `hour ${hour}`).toBe("active");
    }
    expect((await lookupSession(database.db, busy.token, at(7 * 24 * 3_600_000))).status).toBe("expired");
  });

  it("redirects a page request without a session to the sign-in page, with the page to return to", async () => {
    const response = await refusal(authenticateAdmin(database.db, request("/admin/attendees?q=ada"), options()));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/login?redirectTo=%2Fadmin%2Fattendees%3Fq%3Dada");
    expect(response.headers.get("Set-Cookie")).toBeNull();
    // A data request names the page, not its .data URL.
    const data = await refusal(authenticateAdmin(database.db, request("/admin/speakers.data?_routes=x"), options()));
    expect(data.headers.get("Location")).toBe("/admin/login?redirectTo=%2Fadmin%2Fspeakers");
  });

  /** A session cookie in the given state, and the time at which to present it. */
  async function sessionIn(state: string) {
    const { admin, token } = await signedIn();
    if (state === "removed account") await removeAdmin(database.db, admin.email);
    if (state === "password reset") await resetAdminPassword(database.db, admin.email, "a brand new password");
    const cookie = state === "unknown token" ? randomBytes(32).toString("base64url") : token;
    return { cookie, now: state === "expired" ? at(IDLE_TIMEOUT_MS + 1) : at(1000) };
  }

  it.each([
    ["expired", AUTH_MESSAGES.expired],
    ["removed account", AUTH_MESSAGES.unauthorized],
    ["password reset", AUTH_MESSAGES.unauthorized],
    ["unknown token", AUTH_MESSAGES.unauthorized],
  ])("refuses a session (%s): pages redirect with a message and lose the cookie, actions get 401", async (state, message) => {
    const get = await sessionIn(state);
    const page = await refusal(authenticateAdmin(database.db, request("/admin/attendees", { token: get.cookie }), options(get.now)));
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/admin/login?redirectTo=%2Fadmin%2Fattendees");
    const cookies = page.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith("ys_admin=; Path=/; Max-Age=0"))).toBe(true);
    expect(flashText(cookies)).toContain(message);

    const post = await sessionIn(state);
    const refused = await refusal(
      authenticateAdmin(database.db, request("/admin/attendees", { method: "POST", token: post.cookie }), options(post.now)),
    );
    expect(refused.status).toBe(401);
    expect(refused.headers.get("Set-Cookie")).toMatch(/^ys_admin=; /);
    expect(await refused.json()).toEqual({ error: message });
  });

  it("answers an action without any session with 401 and nothing else", async () => {
    const refused = await refusal(authenticateAdmin(database.db, request("/admin/attendees", { method: "POST" }), options()));
    expect(refused.status).toBe(401);
    expect(refused.headers.get("Set-Cookie")).toBeNull();
    expect(await refused.json()).toEqual({ error: AUTH_MESSAGES.unauthorized });
  });

  it("refuses a state-changing request from another site with 403, even with a valid session", async () => {
    const { token } = await signedIn();
    const cases: Record<string, string>[] = [
      { Origin: "https://evil.example" },
      { Origin: "null" },
      { Referer: "https://evil.example/form" },
      {},
    ];
    for (const headers of cases) {
      for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
        const response = await refusal(authenticateAdmin(database.db, request("/admin/attendees", { method, token, headers }), options()));
        expect(response.status, `${method} ${JSON.stringify(headers)}`).toBe(403);
      }
    }
    // Our own pages, under the request's origin or the public URL, pass.
    for (const headers of <Record<string, string>[]>[
      { Origin: ORIGIN },
      { Origin: "https://summit.example.org" },
      { Referer: `${ORIGIN}/admin` },
    ]) {
      const admin = await authenticateAdmin(database.db, request("/admin/attendees", { method: "POST", token, headers }), options());
      expect(admin.name).toBe("Ada Admin");
    }
  });

  it("gives the sign-in page the admin when there is one, and signs out", async () => {
    const { admin, token } = await signedIn();
    expect(await getOptionalAdmin(request("/admin/login", { token }), database.db, t0)).toMatchObject({ id: admin.id });
    expect(await getOptionalAdmin(request("/admin/login"), database.db, t0)).toBeNull();

    const clear = await signOut(database.db, request("/admin/logout", { method: "POST", token }));
    expect(clear).toMatch(/^ys_admin=; Path=\/; Max-Age=0; .*HttpOnly; SameSite=Lax$/);
    expect(
      await database.db
        .select()
        .from(admin_sessions)
        .where(eq(admin_sessions.id, hashToken(token))),
    ).toEqual([]);
    expect(await getOptionalAdmin(request("/admin/login", { token }), database.db, t0)).toBeNull();
  });
});
