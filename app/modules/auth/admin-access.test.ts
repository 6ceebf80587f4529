import { randomBytes } from "node:crypto";
import path from "node:path";
import { getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { adminLayouts, adminRoutes, adminUrl } from "#tests/support/admin-session.ts";
import { heldDb } from "#tests/support/held-db.ts";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { createAttendee } from "~/db/factories";
import * as schema from "~/db/schema";
import { createAdmin, removeAdmin } from "./accounts.server";
import { hashToken } from "./session.server";

// Every admin route's loader and action, called the way React Router calls
// them, refuses a request without a valid session or from another site: no
// data comes back and nothing in the database changes. The list of routes comes
// from app/routes.ts, so a new admin page is checked without touching this file.
// (tests/e2e/admin-access.spec.ts walks the same routes over HTTP.)

vi.stubEnv("SESSION_SECRET", "test-secret-test-secret-test-secret-42");
vi.stubEnv("PUBLIC_URL", "http://localhost:3000");
const ORIGIN = "http://localhost:3000";

vi.mock("~/db/db.server", () => import("#tests/support/held-db.ts"));

type RouteModule = {
  loader?: (args: unknown) => unknown;
  action?: (args: unknown) => unknown;
};
const appDir = path.resolve(import.meta.dirname, "../..");
const loadModule = (file: string): Promise<RouteModule> => import(path.join(appDir, file));

const HOUR = 3_600_000;

describe.each(DATABASE_KINDS)("admin access control on %s", (kind) => {
  let database: DbConnection;
  let attendee: Awaited<ReturnType<typeof createAttendee>>;
  let validToken: string;
  let adminId: string;
  let removedToken: string;
  let checkinToken: string;
  const unknownToken = randomBytes(32).toString("base64url");
  // A fresh expired session for every request: the first look at one ends it.
  const STATES: Record<string, () => Promise<string | null>> = {
    "no session": async () => null,
    "expired session": () => addSession(adminId, new Date(Date.now() - 13 * HOUR), new Date(Date.now() + 24 * HOUR)),
    "removed account": async () => removedToken,
    "unknown session": async () => unknownToken,
  };

  async function addSession(adminId: string, lastSeen: Date, expires: Date): Promise<string> {
    const token = randomBytes(32).toString("base64url");
    await database.db
      .insert(schema.admin_sessions)
      .values({ id: hashToken(token), admin_id: adminId, created_at: lastSeen, last_seen_at: lastSeen, expires_at: expires });
    return token;
  }

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    heldDb.db = database.db;
    attendee = await createAttendee(database.db, { full_name: "Zainab Secret-Person" });
    const admin = await createAdmin(database.db, {
      email: `admin-${randomBytes(4).toString("hex")}@example.org`,
      password: "x".repeat(12),
    });
    adminId = admin.id;
    const now = Date.now();
    validToken = await addSession(admin.id, new Date(now), new Date(now + 24 * HOUR));
    const removed = await createAdmin(database.db, {
      email: `gone-${randomBytes(4).toString("hex")}@example.org`,
      password: "x".repeat(12),
    });
    removedToken = await addSession(removed.id, new Date(now), new Date(now + 24 * HOUR));
    await removeAdmin(database.db, removed.email);
    const door = await createAdmin(database.db, {
      email: `door-${randomBytes(4).toString("hex")}@example.org`,
      password: "x".repeat(12),
      role: "checkin",
    });
    checkinToken = await addSession(door.id, new Date(now), new Date(now + 24 * HOUR));
  });
  afterAll(async () => {
    heldDb.db = undefined;
    await database?.close();
  });

  /** Everything the admin area could change, as text (sessions and sign-in attempts aside). */
  async function snapshot(): Promise<string> {
    const tables = (Object.values(schema) as unknown[]).filter((t): t is PgTable => is(t, PgTable));
    const skip = new Set(["admin_sessions", "login_attempts"]);
    const parts: string[] = [];
    for (const table of tables.filter((t) => !skip.has(getTableName(t)))) {
      const rows = await database.db.select().from(table);
      parts.push(`${getTableName(table)}:${JSON.stringify(rows.map((r) => JSON.stringify(r)).sort())}`);
    }
    return parts.join("\n");
  }

  function request(url: string, method: string, cookie: string | null, headers: Record<string, string> = {}) {
    const h = new Headers(headers);
    if (cookie) h.set("Cookie", `ys_admin=${cookie}`);
    const init: RequestInit = { method, headers: h };
    if (method !== "GET") {
      // A body an attendee or settings form might send: none of it may take effect.
      init.body = new URLSearchParams({ intent: "delete", id: attendee.id, attendeeId: attendee.id, email: attendee.email });
    }
    return new Request(`${ORIGIN}${url}`, init);
  }

  /** Calls a loader or action; returns the Response it threw or returned, failing on anything else. */
  async function call(handler: (args: unknown) => unknown, req: Request, params: Record<string, string>): Promise<Response> {
    let outcome: unknown;
    try {
      outcome = await handler({ request: req, params, context: { clientIp: "10.9.9.9" }, url: new URL(req.url), pattern: "" });
    } catch (thrown) {
      outcome = thrown;
    }
    if (!(outcome instanceof Response)) throw new Error(`not refused: returned ${JSON.stringify(outcome)?.slice(0, 300)}`);
    return outcome;
  }

  async function expectNoData(response: Response) {
    const body = await response.clone().text();
    for (const secret of [attendee.email, attendee.full_name, attendee.ticket_id]) expect(body).not.toContain(secret);
  }

  const routes = adminRoutes();
  const guarded = [
    ...routes.map((r) => ({ label: `/${r.path}`, file: r.file, path: r.path })),
    ...adminLayouts().map((file) => ({ label: file, file, path: "admin" })),
  ];

  it("reads the admin routes from the route table", () => {
    const paths = routes.map((r) => r.path);
    expect(paths).toEqual(expect.arrayContaining(["admin", "admin/attendees", "admin/attendees/:id", "admin/settings", "admin/activity"]));
    expect(paths).not.toContain("admin/login");
  });

  it("lets a valid session in (so the refusals below are about the session)", async () => {
    const { loader } = await loadModule(adminLayouts()[0] ?? "");
    expect(await loader?.({ request: request("/admin", "GET", validToken), params: {}, context: {} })).toMatchObject({
      admin: { name: "Admin User" },
    });
  });

  it.each(guarded)("$label: pages without a valid session go to the sign-in page", async ({ file, path: routePath }) => {
    const { loader } = await loadModule(file);
    if (!loader) return;
    const before = await snapshot();
    const url = adminUrl(routePath, attendee.id);
    const params = { id: attendee.id };
    for (const [state, cookie] of Object.entries(STATES)) {
      for (const variant of [url, `${url}.data`]) {
        const response = await call(loader, request(variant, "GET", await cookie()), params);
        await expectNoData(response);
        if (response.status === 404) continue; // a not-yet-built page that answers nothing at all
        expect(response.status, `${state} GET ${variant}`).toBe(302);
        expect(response.headers.get("Location"), `${state} GET ${variant}`).toMatch(/^\/admin\/login(\?|$)/);
      }
    }
    expect(await snapshot()).toBe(before);
  });

  it.each(guarded)("$label: actions without a valid session or from another site are refused", async ({ file, path: routePath }) => {
    const { action } = await loadModule(file);
    if (!action) return;
    const before = await snapshot();
    const url = adminUrl(routePath, attendee.id);
    const params = { id: attendee.id };
    const sameSite = { Origin: ORIGIN };
    const valid = async () => validToken;
    const cases: [string, () => Promise<string | null>, Record<string, string>, number][] = [
      ...Object.entries(STATES).map(([state, cookie]): [string, () => Promise<string | null>, Record<string, string>, number] => [
        state,
        cookie,
        sameSite,
        401,
      ]),
      ["another site's form", valid, { Origin: "https://evil.example" }, 403],
      ["another site's referer", valid, { Referer: "https://evil.example/attack" }, 403],
      ["no origin at all", valid, {}, 403],
    ];
    for (const [state, cookie, headers, status] of cases) {
      for (const method of ["POST", "DELETE"]) {
        const response = await call(action, request(url, method, await cookie(), headers), params);
        expect(response.status, `${state} ${method} ${url}`).toBe(status);
        await expectNoData(response);
      }
    }
    expect(await snapshot()).toBe(before);
  });

  // The door's account: the admin frame and the check-in pages, and nothing else.
  const doorPages = (routePath: string) => routePath === "admin/check-in" || routePath.startsWith("admin/check-in/");
  const organiserOnly = routes.filter((r) => !doorPages(r.path));

  it.each(organiserOnly)("/$path: a check-in account is refused (403), the admin home sends it to check-in", async (route) => {
    const module = await loadModule(route.file);
    const before = await snapshot();
    const url = adminUrl(route.path, attendee.id);
    const params = { id: attendee.id };
    if (module.loader) {
      for (const variant of [url, route.path === "admin" ? "/admin/_.data" : `${url}.data`]) {
        const response = await call(module.loader, request(variant, "GET", checkinToken), params);
        await expectNoData(response);
        if (route.path === "admin") {
          expect(response.status, `GET ${variant}`).toBe(302);
          expect(response.headers.get("Location")).toBe("/admin/check-in");
        } else {
          expect(response.status, `GET ${variant}`).toBe(403);
        }
      }
    }
    if (module.action) {
      const response = await call(module.action, request(url, "POST", checkinToken, { Origin: ORIGIN }), params);
      expect(response.status, `POST ${url}`).toBe(403);
      await expectNoData(response);
    }
    expect(await snapshot()).toBe(before);
  });

  it("lets a check-in account into the admin frame, with only the door's navigation", async () => {
    const { loader } = await loadModule(adminLayouts()[0] ?? "");
    expect(await loader?.({ request: request("/admin/check-in", "GET", checkinToken), params: {}, context: {} })).toMatchObject({
      admin: { doorOnly: true },
    });
  });
});
