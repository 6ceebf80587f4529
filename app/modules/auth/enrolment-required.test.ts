import { randomBytes } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { Db, DbConnection } from "~/db/client.server";
import { appKeyring } from "~/keys.server";
import { createAdmin } from "./accounts.server";
import { createSession, requireAdmin, requireStaff } from "./session.server";
import { confirmEnrolment, pendingEnrolment } from "./two-factor.server";

// REQUIRE_TWO_FACTOR=organisers and a session from before it (or after a reset): an organiser
// without an authenticator can open Account security and nothing else; the door is not asked.

vi.stubEnv("SESSION_SECRET", "test-secret-test-secret-test-secret-42");
vi.stubEnv("PUBLIC_URL", "http://localhost:3000");
vi.stubEnv("REQUIRE_TWO_FACTOR", "organisers");
const ORIGIN = "http://localhost:3000";

const holder: { db?: Db } = {};
vi.mock("~/db/db.server", () => ({ getDb: async () => holder.db }));

describe.each(DATABASE_KINDS)("enrolment required on %s", (kind) => {
  let database: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    holder.db = database.db;
  });
  afterAll(async () => database?.close());

  async function sessionOf(role: "organiser" | "checkin", enrolled = false) {
    const admin = await createAdmin(database.db, {
      email: `er-${randomBytes(4).toString("hex")}@example.org`,
      password: "x".repeat(12),
      role,
    });
    if (enrolled) {
      const shown = (await pendingEnrolment(database.db, admin, appKeyring()))?.secret ?? "";
      const code = TOTP.generate({ secret: Secret.fromBase32(shown.replace(/\s/g, "")), timestamp: Date.now() });
      expect((await confirmEnrolment(database.db, admin.id, code, new Date(), appKeyring(), null)).status).toBe("ok");
    }
    const { token } = await createSession(database.db, admin.id, { now: new Date() });
    return (path: string, method = "GET") =>
      new Request(`${ORIGIN}${path}`, { method, headers: { Cookie: `ys_admin=${token}`, Origin: ORIGIN } });
  }

  const thrown = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: unknown) => error as Response,
    );

  it("sends an organiser without an app to Account security, refuses its writes, and lets that page through", async () => {
    const as = await sessionOf("organiser");
    const page = await thrown(requireAdmin(as("/admin/attendees")));
    expect(page?.status).toBe(302);
    expect(page?.headers.get("Location")).toBe("/admin/security");
    const write = await thrown(requireAdmin(as("/admin/settings", "POST")));
    expect(write?.status).toBe(403);
    expect(await write?.json()).toEqual({ error: "Set up your authenticator app on the Account security page first." });
    expect((await thrown(requireStaff(as("/admin/check-in"))))?.headers.get("Location")).toBe("/admin/security");
    expect((await requireAdmin(as("/admin/security"))).admin.role).toBe("organiser");
    expect((await requireAdmin(as("/admin/security", "POST"))).admin.role).toBe("organiser");
  });

  it("lets an enrolled organiser and the door account through", async () => {
    expect((await requireAdmin((await sessionOf("organiser", true))("/admin/attendees"))).admin.role).toBe("organiser");
    expect((await requireStaff((await sessionOf("checkin"))("/admin/check-in"))).admin.role).toBe("checkin");
  });
});
