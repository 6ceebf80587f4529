import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { admin_sessions } from "~/db/schema";
import { createKeyring } from "~/keys.server";
import { createAdmin } from "./accounts.server";
import { FREE_FAILURES } from "./rate-limit.server";
import { PENDING_CODE_MS } from "./session-policy";
import { completeSignIn, findPendingSignIn, type SignInOptions, signIn } from "./sign-in.server";
import { confirmEnrolment, hasTwoFactor, pendingEnrolment } from "./two-factor.server";

const PASSWORD = "correct horse battery";
const keyring = createKeyring("sign-in-test-secret-sign-in-test-secret");
const t0 = new Date("2025-08-10T09:00:10Z");
const at = (ms: number) => new Date(t0.getTime() + ms);
const unique = () => `si-${randomBytes(4).toString("hex")}@example.org`;
const options = (now = t0, requireTwoFactor: "organisers" | "none" = "none", ip = "10.1.2.3"): SignInOptions => ({
  now,
  publicUrl: "https://summit.example.org",
  requireTwoFactor,
  ip,
  keyring,
});
const codeFor = (shown: string, when: Date) =>
  TOTP.generate({ secret: Secret.fromBase32(shown.replace(/\s/g, "")), timestamp: when.getTime() });

/** A request from the browser holding these Set-Cookie values (name=value parts only). */
function browser(origin: string, setCookies: string[] = []) {
  const cookie = setCookies.map((c) => c.split(";")[0]).join("; ");
  return (path: string) =>
    new Request(`${origin}${path}`, { method: "POST", headers: cookie ? { Cookie: cookie, Origin: origin } : { Origin: origin } });
}

describe.each(DATABASE_KINDS)("two-step sign-in on %s", (kind) => {
  let database: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.close());

  async function enrolledOrganiser() {
    const admin = await createAdmin(database.db, { email: unique(), password: PASSWORD });
    const enrolment = await pendingEnrolment(database.db, admin, keyring);
    const shown = enrolment?.secret ?? "";
    const confirmed = await confirmEnrolment(database.db, admin.id, codeFor(shown, at(-60_000)), at(-60_000), keyring, null);
    if (confirmed.status !== "ok") throw new Error("enrolment failed");
    return { admin, shown, recoveryCodes: confirmed.recoveryCodes };
  }

  const sessions = async (adminId: string) => database.db.select().from(admin_sessions).where(eq(admin_sessions.admin_id, adminId));

  it("asks an enrolled account for its code before any session, in a short-lived Strict cookie bound to this browser", async () => {
    const { admin, shown } = await enrolledOrganiser();
    const first = await signIn(
      database.db,
      browser("https://summit.example.org")("/admin/login"),
      { email: admin.email, password: PASSWORD, redirectTo: "/admin/attendees" },
      options(),
    );
    expect(first).toMatchObject({ status: "second-factor", step: "code" });
    if (first.status !== "second-factor") return;
    expect(first.setCookie).toMatch(/^__Host-ys_signin=[\w-]{43}; Path=\/; Max-Age=300; HttpOnly; SameSite=Strict; Secure$/);
    expect(await sessions(admin.id)).toEqual([]);

    const mine = browser("https://summit.example.org", [first.setCookie]);
    // Another browser (no cookie) has nothing to finish; a wrong code is refused.
    expect((await completeSignIn(database.db, browser("https://summit.example.org")("/x"), codeFor(shown, t0), options())).status).toBe(
      "expired",
    );
    expect(await completeSignIn(database.db, mine("/admin/login/two-factor"), "000000", options())).toEqual({ status: "invalid" });

    const done = await completeSignIn(database.db, mine("/admin/login/two-factor"), codeFor(shown, t0), options());
    expect(done).toMatchObject({ status: "ok", redirectTo: "/admin/attendees" });
    if (done.status !== "ok") return;
    expect(done.setCookies[0]).toMatch(/^__Host-ys_admin=[\w-]{43}; .*; Secure$/);
    expect(done.setCookies[1]).toMatch(/^__Host-ys_signin=; Path=\/; Max-Age=0;/);
    expect(await sessions(admin.id)).toHaveLength(1);
    // The half-finished sign-in is used up: the same cookie and a fresh code get nothing more.
    expect((await completeSignIn(database.db, mine("/x"), codeFor(shown, at(30_000)), options(at(30_000)))).status).toBe("expired");
  });

  it("lets the half-finished sign-in run out after 5 minutes, and a code be used once", async () => {
    const { admin, shown } = await enrolledOrganiser();
    const start = async (now: Date) => {
      const result = await signIn(
        database.db,
        browser("http://localhost:3000")("/admin/login"),
        { email: admin.email, password: PASSWORD, redirectTo: "/admin" },
        options(now),
      );
      if (result.status !== "second-factor") throw new Error(result.status);
      expect(result.setCookie).toMatch(/^ys_signin=/);
      return browser("http://localhost:3000", [result.setCookie]);
    };
    const late = await start(t0);
    expect(await findPendingSignIn(database.db, late("/x"), at(PENDING_CODE_MS - 1))).not.toBeNull();
    expect((await completeSignIn(database.db, late("/x"), codeFor(shown, at(PENDING_CODE_MS)), options(at(PENDING_CODE_MS)))).status).toBe(
      "expired",
    );

    const a = await start(at(PENDING_CODE_MS));
    const b = await start(at(PENDING_CODE_MS));
    const code = codeFor(shown, at(PENDING_CODE_MS));
    expect((await completeSignIn(database.db, a("/x"), code, options(at(PENDING_CODE_MS)))).status).toBe("ok");
    expect(await completeSignIn(database.db, b("/x"), code, options(at(PENDING_CODE_MS + 5_000)))).toEqual({ status: "replayed" });
  });

  it("takes a recovery code once, and throttles wrong codes like wrong passwords", async () => {
    const { admin, recoveryCodes } = await enrolledOrganiser();
    const start = async (now: Date, ip = "10.1.2.3") => {
      const result = await signIn(
        database.db,
        browser("http://localhost:3000")("/admin/login"),
        { email: admin.email, password: PASSWORD, redirectTo: "/admin" },
        options(now, "none", ip),
      );
      if (result.status !== "second-factor") throw new Error(result.status);
      return browser("http://localhost:3000", [result.setCookie]);
    };
    const code = recoveryCodes[0] ?? "";
    expect((await completeSignIn(database.db, (await start(t0))("/x"), code, options())).status).toBe("ok");
    expect((await completeSignIn(database.db, (await start(at(1000)))("/x"), code, options(at(1000)))).status).toBe("invalid");

    // Someone holding the password, guessing codes from another network: a right password is no
    // failure, but posting it again does not earn fresh tries at the code either.
    const thief = "102.89.1.1";
    const guesses: string[] = [];
    for (let i = 0; i < 8; i++) {
      const now = at(10_000 + i * 10);
      const step = await signIn(
        database.db,
        browser("http://localhost:3000")("/admin/login"),
        { email: admin.email, password: PASSWORD, redirectTo: "/admin" },
        options(now, "none", thief),
      );
      if (step.status !== "second-factor") {
        guesses.push(step.status);
        continue;
      }
      guesses.push(
        (await completeSignIn(database.db, browser("http://localhost:3000", [step.setCookie])("/x"), "123456", options(now, "none", thief)))
          .status,
      );
    }
    expect(guesses.filter((g) => g === "invalid").length).toBe(FREE_FAILURES);
    expect(guesses.at(-1)).toBe("locked");
    // The owner's own network is not held by it.
    expect((await completeSignIn(database.db, (await start(at(10_100)))("/x"), recoveryCodes[1] ?? "", options(at(10_100)))).status).toBe(
      "ok",
    );
  });

  it("with REQUIRE_TWO_FACTOR=organisers sends an organiser without an app to enrol first; the door keeps its password alone", async () => {
    const organiser = await createAdmin(database.db, { email: unique(), password: PASSWORD });
    const door = await createAdmin(database.db, { email: unique(), password: PASSWORD, role: "checkin" });
    const req = browser("http://localhost:3000")("/admin/login");
    const doorResult = await signIn(
      database.db,
      req,
      { email: door.email, password: PASSWORD, redirectTo: "/admin" },
      options(t0, "organisers"),
    );
    expect(doorResult.status).toBe("ok");
    const step = await signIn(
      database.db,
      req,
      { email: organiser.email, password: PASSWORD, redirectTo: "/admin" },
      options(t0, "organisers"),
    );
    expect(step).toMatchObject({ status: "second-factor", step: "enrol" });
    if (step.status !== "second-factor") return;
    expect(step.setCookie).toMatch(/Max-Age=900/);
    expect(await sessions(organiser.id)).toEqual([]);
    const shown = (await pendingEnrolment(database.db, organiser, keyring))?.secret ?? "";
    const done = await completeSignIn(
      database.db,
      browser("http://localhost:3000", [step.setCookie])("/x"),
      codeFor(shown, t0),
      options(t0, "organisers"),
    );
    expect(done).toMatchObject({ status: "ok", recoveryCodes: expect.any(Array) });
    expect(await hasTwoFactor(database.db, organiser.id)).toBe(true);
    expect(await sessions(organiser.id)).toHaveLength(1);
  });
});
