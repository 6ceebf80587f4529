import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection, DbOrTx } from "~/db/client.server";
import { createKeyring } from "~/keys.server";
import { deviceIdFor, knownDeviceId, rememberDevice } from "./known-device.server";
import {
  ACCOUNT_CEILING,
  CODE_CEILING,
  claimLoginAttempt,
  FREE_FAILURES,
  markAttemptStage,
  markAttemptSucceeded,
  NETWORK_CEILING,
} from "./rate-limit.server";

// Issue 40: the door is not held out. A device that signed in before (its signed cookie) is
// recognised on any network and slowed only by its own failures; past the ceilings the password
// with a code still gets a try; wrong codes after a right password have a ceiling of their own.

const keyring = createKeyring("known-device-test-secret-known-device-test");
const email = () => `door-${randomBytes(4).toString("hex")}@example.org`;
const network = () => `v4:10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
const t0 = new Date("2025-08-10T09:00:00Z");
const at = (ms: number) => new Date(t0.getTime() + ms);
const withCookie = (setCookie: string, origin = "https://summit.example.org") =>
  new Request(`${origin}/admin/login`, { method: "POST", headers: { Cookie: setCookie.split(";")[0] ?? "" } });

describe("the remembered device's cookie", () => {
  it("names a signed id, read back only with our key and under the request's cookie name", () => {
    const id = randomUUID();
    const cookie = rememberDevice(new Request("https://summit.example.org/admin/login"), id, keyring);
    expect(cookie).toMatch(/^__Host-ys_device=1\.[0-9a-f-]{36}\.[\w-]{32}; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Strict; Secure$/);
    expect(knownDeviceId(withCookie(cookie), keyring)).toBe(id);
    expect(deviceIdFor(withCookie(cookie), keyring)).toBe(id);
    // Another secret's key, a changed id, a plain-http name over https: no device.
    expect(knownDeviceId(withCookie(cookie), createKeyring("another-secret-another-secret-another-1"))).toBeNull();
    expect(knownDeviceId(withCookie(cookie.replace(id, randomUUID())), keyring)).toBeNull();
    expect(knownDeviceId(withCookie(cookie.replace("__Host-ys_device", "ys_device")), keyring)).toBeNull();
    expect(deviceIdFor(new Request("https://summit.example.org/admin/login"), keyring)).not.toBe(id);
  });
});

describe.each(DATABASE_KINDS)("known devices and codes past the ceilings on %s", (kind) => {
  let database: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.close());

  async function fail(db: DbOrTx, victim: string, from: string, when: Date, device: string | null = null) {
    const claim = await claimLoginAttempt(db, { email: victim, network: from, device }, when);
    if (claim.status !== "allowed") throw new Error(`expected allowed, got ${JSON.stringify(claim)}`);
  }

  it("lets a device that signed in before through 25 networks' failures and a stranger on its own network", async () => {
    const db = database.db;
    const door = email();
    const phone = randomUUID();
    const home = network();
    const claim = await claimLoginAttempt(db, { email: door, network: home, device: phone }, at(0));
    if (claim.status !== "allowed") throw new Error("first sign-in refused");
    await markAttemptSucceeded(db, claim.attemptId, phone);

    // The carrier's address the phone will be on is also a stranger's, who fails past the free tries…
    const carrier = network();
    for (let i = 0; i < FREE_FAILURES; i++) await fail(db, door, carrier, at(1000 + i));
    // …and 25 networks fail once each: the account's ceiling is reached for every network it does not know.
    for (let i = 0; i < 25; i++) {
      const claimed = await claimLoginAttempt(db, { email: door, network: network() }, at(1010 + i));
      expect(claimed.status).toBe(i < ACCOUNT_CEILING - FREE_FAILURES ? "allowed" : "refused");
    }
    expect(await claimLoginAttempt(db, { email: door, network: carrier }, at(1100))).toMatchObject({ status: "refused", reason: "delay" });
    expect(await claimLoginAttempt(db, { email: door, network: network() }, at(1100))).toMatchObject({
      status: "refused",
      reason: "account",
    });
    // The phone, on that network or any new one: in.
    expect(await claimLoginAttempt(db, { email: door, network: carrier, device: phone }, at(1100))).toMatchObject({
      status: "allowed",
      recognised: true,
    });
    // Its own failures still slow it (the one above was its first; four more free).
    for (let i = 0; i < FREE_FAILURES - 1; i++) await fail(db, door, network(), at(1200 + i), phone);
    expect(await claimLoginAttempt(db, { email: door, network: network(), device: phone }, at(1300))).toMatchObject({
      status: "refused",
      reason: "delay",
    });
    // A device id the account never signed in with is no one's key.
    expect(await claimLoginAttempt(db, { email: door, network: network(), device: randomUUID() }, at(1300))).toMatchObject({
      status: "refused",
      reason: "account",
    });
  });

  it("past the ceilings lets the password with a code try; wrong codes after a right password stop at their own ceiling", async () => {
    const db = database.db;
    const door = email();
    for (let i = 0; i < ACCOUNT_CEILING; i++) await fail(db, door, network(), at(i));
    const sprayer = network();
    for (let i = 0; i < NETWORK_CEILING; i++) await fail(db, email(), sprayer, at(100 + i));
    expect(await claimLoginAttempt(db, { email: door, network: network() }, at(500))).toMatchObject({ reason: "account" });
    // A new network, and even the sprayer's: the pair may be tried.
    expect((await claimLoginAttempt(db, { email: door, network: network(), kind: "both" }, at(500))).status).toBe("allowed");
    expect((await claimLoginAttempt(db, { email: email(), network: sprayer }, at(500))).status).toBe("refused");
    expect((await claimLoginAttempt(db, { email: email(), network: sprayer, kind: "both" }, at(500))).status).toBe("allowed");

    // Someone holding the password guesses codes from many networks: CODE_CEILING an hour.
    for (let i = 0; i < CODE_CEILING; i++) {
      const claim = await claimLoginAttempt(db, { email: door, network: network(), kind: "both" }, at(1000 + i));
      if (claim.status !== "allowed") throw new Error(`code ${i} refused`);
      await markAttemptStage(db, claim.attemptId, "code");
    }
    expect(await claimLoginAttempt(db, { email: door, network: network(), kind: "both" }, at(2000))).toMatchObject({
      status: "refused",
      reason: "codes",
    });
    expect(await claimLoginAttempt(db, { email: door, network: network(), kind: "code" }, at(2000))).toMatchObject({ reason: "codes" });
    // A wrong password with a code is a password's failure: it never fills the codes' ceiling.
    const other = email();
    for (let i = 0; i < CODE_CEILING + 5; i++) {
      expect((await claimLoginAttempt(db, { email: other, network: network(), kind: "both" }, at(3000 + i))).status).toBe("allowed");
    }
  });
});
