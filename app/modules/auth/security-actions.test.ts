import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { admin_sessions, admin_two_factor, audit_log } from "~/db/schema";
import { appKeyring } from "~/keys.server";
import { createAdmin } from "./accounts.server";
import { securityAction } from "./security-actions.server";
import { createSession, hashToken } from "./session.server";
import { pendingEnrolment, twoFactorStatus } from "./two-factor.server";

// The Account security page's posts: turning on needs a current code; new recovery codes and
// turning off need a current code or the password; each is audited.

vi.stubEnv("SESSION_SECRET", "test-secret-test-secret-test-secret-42");
const PASSWORD = "correct horse battery";

type Answer = { data: { intent: string; error: string | null; recoveryCodes: string[] | null }; init: ResponseInit | null };
const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe.each(DATABASE_KINDS)("Account security on %s", (kind) => {
  let database: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.close());

  it("turns on with a code, makes new codes with the password, refuses a wrong proof, turns off with a code", async () => {
    const { db } = database;
    const found = await createAdmin(db, { email: `sec-${randomBytes(4).toString("hex")}@example.org`, password: PASSWORD });
    const admin = { id: found.id, email: found.email, name: found.name, role: found.role };
    const request = new Request("http://localhost/admin/security", { method: "POST" });
    const post = (fields: Record<string, string>) =>
      securityAction(db, admin, request, form(fields), "10.4.4.4") as Promise<Answer | Response>;

    const started = await post({ intent: "start" });
    expect(started).toBeInstanceOf(Response);
    const [row] = await db.select().from(admin_two_factor).where(eq(admin_two_factor.admin_id, admin.id));
    expect(row).toMatchObject({ key_id: "1", confirmed_at: null });
    const shown = (await pendingEnrolment(db, admin, appKeyring()))?.secret.replace(/\s/g, "") ?? "";
    const code = (aheadMs = 0) => TOTP.generate({ secret: Secret.fromBase32(shown), timestamp: Date.now() + aheadMs });

    const first = code();
    const on = (await post({ intent: "confirm", code: first })) as Answer;
    expect(on.data.recoveryCodes).toHaveLength(10);
    const wrong = (await post({ intent: "regenerate", proof: "not my password" })) as Answer;
    expect(wrong.init?.status).toBe(400);
    expect(wrong.data).toMatchObject({
      intent: "regenerate",
      error: "That is neither a current code nor your password.",
      recoveryCodes: null,
    });
    const fresh = (await post({ intent: "regenerate", proof: PASSWORD })) as Answer;
    expect(fresh.data.recoveryCodes).toHaveLength(10);
    expect(fresh.data.recoveryCodes).not.toEqual(on.data.recoveryCodes);
    // The code used to turn it on cannot turn it off again; the next one can.
    expect(((await post({ intent: "disable", proof: first })) as Answer).init?.status).toBe(400);
    expect((await twoFactorStatus(db, admin.id)).enrolled).toBe(true);
    const off = await post({ intent: "disable", proof: code(30_000) });
    expect(off).toBeInstanceOf(Response);
    expect(await twoFactorStatus(db, admin.id)).toEqual({ enrolled: false, enrolling: false, recoveryCodesLeft: 0 });
    const actions = (await db.select().from(audit_log).where(eq(audit_log.entity_id, admin.id))).map((a) => a.action).sort();
    expect(actions).toEqual(["admin.two-factor.disable", "admin.two-factor.enable", "admin.two-factor.recovery-codes"]);
  });

  it("turning two steps on ends the account's other sessions; the session that turned it on stays", async () => {
    const { db } = database;
    const found = await createAdmin(db, { email: `sec-${randomBytes(4).toString("hex")}@example.org`, password: PASSWORD });
    const admin = { id: found.id, email: found.email, name: found.name, role: found.role };
    const other = await createAdmin(db, { email: `sec-${randomBytes(4).toString("hex")}@example.org`, password: PASSWORD });
    const now = new Date();
    const mine = await createSession(db, admin.id, { now });
    const stolen = await createSession(db, admin.id, { now });
    const elsewhere = await createSession(db, other.id, { now });
    const request = new Request("http://localhost/admin/security", { method: "POST", headers: { Cookie: `ys_admin=${mine.token}` } });
    const post = (fields: Record<string, string>) =>
      securityAction(db, admin, request, form(fields), "10.4.4.5") as Promise<Answer | Response>;
    await post({ intent: "start" });
    const shown = (await pendingEnrolment(db, admin, appKeyring()))?.secret.replace(/\s/g, "") ?? "";
    const on = (await post({
      intent: "confirm",
      code: TOTP.generate({ secret: Secret.fromBase32(shown), timestamp: Date.now() }),
    })) as Answer;
    expect(on.data.recoveryCodes).toHaveLength(10);
    const left = (await db.select({ id: admin_sessions.id, admin: admin_sessions.admin_id }).from(admin_sessions)).filter(
      (s) => s.admin === admin.id || s.admin === other.id,
    );
    expect(left.map((s) => s.id).sort()).toEqual([hashToken(mine.token), hashToken(elsewhere.token)].sort());
    expect(left.some((s) => s.id === hashToken(stolen.token))).toBe(false);
  });
});
