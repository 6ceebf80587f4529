import { randomBytes } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { createKeyring } from "~/keys.server";
import { createAdmin } from "./accounts.server";
import type { SignInOptions } from "./sign-in.server";
import { signIn } from "./sign-in.server";
import { confirmEnrolment, pendingEnrolment } from "./two-factor.server";

// Issue 40: 20 failures an hour from anywhere used to keep the door account out of every new
// network. A door that has its password and its code, or signs in from a phone it used before,
// now gets in; the guesser learns nothing more.

const PASSWORD = "correct horse battery";
const keyring = createKeyring("under-attack-test-secret-under-attack-test");
const t0 = new Date("2025-08-10T09:00:10Z");
const at = (ms: number) => new Date(t0.getTime() + ms);
const unique = () => `door-${randomBytes(4).toString("hex")}@example.org`;
const ip = () => `102.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
const options = (now: Date, from: string): SignInOptions => ({
  now,
  publicUrl: "https://summit.example.org",
  requireTwoFactor: "none",
  ip: from,
  keyring,
});
const login = (cookie = "") =>
  new Request("https://summit.example.org/admin/login", { method: "POST", headers: cookie ? { Cookie: cookie.split(";")[0] ?? "" } : {} });

describe.each(DATABASE_KINDS)("signing in while the account is attacked, on %s", (kind) => {
  let database: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.close());

  /** 25 networks each fail the door's password once. */
  async function attack(email: string, from: number) {
    for (let i = 0; i < 25; i++) {
      await signIn(database.db, login(), { email, password: `guess ${i}`, redirectTo: "/admin" }, options(at(from + i), ip()));
    }
  }

  it("a door with two steps signs in from a new network with its password and code; a wrong pair says neither", async () => {
    const door = await createAdmin(database.db, { email: unique(), password: PASSWORD, role: "checkin" });
    const shown = (await pendingEnrolment(database.db, door, keyring))?.secret.replace(/\s/g, "") ?? "";
    const code = (when: Date) => TOTP.generate({ secret: Secret.fromBase32(shown), timestamp: when.getTime() });
    expect((await confirmEnrolment(database.db, door.id, code(at(-60_000)), at(-60_000), keyring, null)).status).toBe("ok");
    await attack(door.email, 0);

    const phone = ip();
    const alone = await signIn(
      database.db,
      login(),
      { email: door.email, password: PASSWORD, redirectTo: "/admin" },
      options(at(1000), phone),
    );
    expect(alone).toMatchObject({ status: "locked", codeAdmits: true });
    // An unknown address past its ceiling is offered the same.
    const nobody = unique();
    await attack(nobody, 2000);
    expect(
      await signIn(database.db, login(), { email: nobody, password: "x", redirectTo: "/admin" }, options(at(3000), ip())),
    ).toMatchObject({
      status: "locked",
      codeAdmits: true,
    });

    // Wrong password with the right code, right password with a wrong code: the same answer.
    const wrongPassword = await signIn(
      database.db,
      login(),
      { email: door.email, password: "guess", code: code(at(4000)), redirectTo: "/admin" },
      options(at(4000), ip()),
    );
    const wrongCode = await signIn(
      database.db,
      login(),
      { email: door.email, password: PASSWORD, code: "000000", redirectTo: "/admin" },
      options(at(4000), ip()),
    );
    expect(wrongPassword).toEqual({ status: "invalid", withCode: true });
    expect(wrongCode).toEqual({ status: "invalid", withCode: true });

    const inside = await signIn(
      database.db,
      login(),
      { email: door.email, password: PASSWORD, code: code(at(60_000)), redirectTo: "/admin" },
      options(at(60_000), phone),
    );
    expect(inside).toMatchObject({ status: "ok", admin: { id: door.id } });
    if (inside.status !== "ok") return;
    expect(inside.deviceCookie).toMatch(/^__Host-ys_device=/);
  });

  it("an account without two steps gets nothing from the code form; a phone that signed in before gets in with its password", async () => {
    const door = await createAdmin(database.db, { email: unique(), password: PASSWORD, role: "checkin" });
    const first = await signIn(database.db, login(), { email: door.email, password: PASSWORD, redirectTo: "/admin" }, options(at(0), ip()));
    if (first.status !== "ok") throw new Error(first.status);
    await attack(door.email, 1000);

    const newNetwork = ip();
    const pair = { email: door.email, password: PASSWORD, code: "123456", redirectTo: "/admin" };
    expect(await signIn(database.db, login(), pair, options(at(2000), newNetwork))).toEqual({ status: "invalid", withCode: true });
    expect(
      await signIn(database.db, login(), { email: door.email, password: PASSWORD, redirectTo: "/admin" }, options(at(2000), newNetwork)),
    ).toMatchObject({ status: "locked", codeAdmits: true });
    // The phone's cookie, from yet another network: in, without a code.
    const back = await signIn(
      database.db,
      login(first.deviceCookie),
      { email: door.email, password: PASSWORD, redirectTo: "/admin" },
      options(at(2000), ip()),
    );
    expect(back).toMatchObject({ status: "ok", admin: { id: door.id } });
    // The same cookie with a wrong password is a failure like any other (and still no way round).
    expect(
      await signIn(
        database.db,
        login(first.deviceCookie),
        { email: door.email, password: "guess", redirectTo: "/admin" },
        options(at(3000), ip()),
      ),
    ).toEqual({ status: "invalid" });
  });
});
