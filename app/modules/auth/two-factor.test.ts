import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { admin_recovery_codes, admin_sessions, admin_two_factor, audit_log } from "~/db/schema";
import { KEY_PURPOSES, MAX_GENERATION } from "~/key-generations";
import { createKeyring } from "~/keys.server";
import { createAdmin } from "./accounts.server";
import { createSession } from "./session.server";
import {
  checkSecondFactor,
  checkTotp,
  confirmEnrolment,
  hasTwoFactor,
  pendingEnrolment,
  RECOVERY_CODE_COUNT,
  removeTwoFactor,
  replaceRecoveryCodes,
  resetTwoFactor,
  twoFactorStatus,
} from "./two-factor.server";
import { openSecret, sealSecret } from "./two-factor-secret.server";

const SECRET = "two-factor-test-secret-two-factor-test";
const keyring = createKeyring(SECRET);
const t0 = new Date("2025-08-10T09:00:10Z");
const at = (ms: number) => new Date(t0.getTime() + ms);
const unique = () => `tf-${randomBytes(4).toString("hex")}@example.org`;
/** The code an authenticator app shows for the secret as the page displays it. */
const codeFor = (shown: string, when: Date) =>
  TOTP.generate({ secret: Secret.fromBase32(shown.replace(/\s/g, "")), timestamp: when.getTime() });

describe("the sealed secret", () => {
  it("round-trips with the key id kept beside it, and opens for no other account, key or tampered byte", () => {
    const adminId = "3f1c1a3e-8a57-4a52-a3a3-0e8b0c6a3b11";
    const secret = randomBytes(20);
    const stored = sealSecret(secret, adminId, keyring);
    expect(stored.keyId).toBe("1");
    expect(stored.sealed).not.toContain(secret.toString("base64url"));
    expect(openSecret(stored, adminId, keyring)).toEqual(secret);
    // Two seals of one secret differ (a random IV each time).
    expect(sealSecret(secret, adminId, keyring).sealed).not.toBe(stored.sealed);
    expect(openSecret(stored, "00000000-0000-0000-0000-000000000000", keyring)).toBeNull();
    expect(openSecret(stored, adminId, createKeyring("another-secret-another-secret-another"))).toBeNull();
    const raw = Buffer.from(stored.sealed, "base64url");
    raw[raw.length - 1] = (raw[raw.length - 1] ?? 0) ^ 1;
    expect(openSecret({ ...stored, sealed: raw.toString("base64url") }, adminId, keyring)).toBeNull();
    expect(openSecret({ ...stored, sealed: "" }, adminId, keyring)).toBeNull();
    expect(openSecret({ ...stored, keyId: "7" }, adminId, keyring)).toBeNull();
    // Rotated: generation 2 seals, generation 1 still opens what it sealed.
    const rotated = createKeyring(SECRET, { "two-factor": [2, 1] });
    expect(openSecret(stored, adminId, rotated)).toEqual(secret);
    expect(sealSecret(secret, adminId, rotated).keyId).toBe("2");
    // Up to the last generation a one-character key id can name ("z" = 35), under its own purpose.
    expect(KEY_PURPOSES).toContain("two-factor");
    const last = createKeyring(SECRET, { "two-factor": [MAX_GENERATION, 1] });
    const sealedLast = sealSecret(secret, adminId, last);
    expect(sealedLast.keyId).toBe("z");
    expect(openSecret(sealedLast, adminId, last)).toEqual(secret);
    expect(openSecret(sealedLast, adminId, rotated)).toBeNull();
  });
});

describe.each(DATABASE_KINDS)("two factors on %s", (kind) => {
  let database: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.close());

  async function enrolled() {
    const db = database.db;
    const admin = await createAdmin(db, { email: unique(), password: "correct horse battery" });
    const enrolment = await pendingEnrolment(db, admin, keyring);
    if (!enrolment) throw new Error("no enrolment");
    const confirmed = await confirmEnrolment(db, admin.id, codeFor(enrolment.secret, t0), t0, keyring, null);
    if (confirmed.status !== "ok") throw new Error(`enrolment failed: ${confirmed.status}`);
    return { admin, shown: enrolment.secret, recoveryCodes: confirmed.recoveryCodes };
  }

  it("enrols: the same QR code until confirmed, stored sealed, confirmed by a current code only", async () => {
    const db = database.db;
    const admin = await createAdmin(db, { email: unique(), password: "correct horse battery" });
    const first = await pendingEnrolment(db, admin, keyring);
    if (!first) throw new Error("no enrolment");
    expect(first.uri).toMatch(
      /^otpauth:\/\/totp\/Youth%20Summit%20admin:tf-[0-9a-f]+%40example\.org\?issuer=Youth%20Summit%20admin&secret=[A-Z2-7]+&algorithm=SHA1&digits=6&period=30$/,
    );
    expect(first.qrDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(first.secret).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
    expect((await pendingEnrolment(db, admin, keyring))?.secret).toBe(first.secret);
    const [row] = await db.select().from(admin_two_factor).where(eq(admin_two_factor.admin_id, admin.id));
    expect(row?.secret).not.toContain(first.secret.replace(/\s/g, ""));
    expect(await twoFactorStatus(db, admin.id)).toEqual({ enrolled: false, enrolling: true, recoveryCodesLeft: 0 });

    expect(await confirmEnrolment(db, admin.id, "000000", t0, keyring, null)).toEqual({ status: "invalid" });
    expect(await confirmEnrolment(db, admin.id, codeFor(first.secret, at(-5 * 60_000)), t0, keyring, null)).toEqual({ status: "invalid" });
    expect(await hasTwoFactor(db, admin.id)).toBe(false);
    const confirmed = await confirmEnrolment(db, admin.id, codeFor(first.secret, t0), t0, keyring, null);
    expect(confirmed.status).toBe("ok");
    if (confirmed.status !== "ok") return;
    expect(confirmed.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(confirmed.recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of confirmed.recoveryCodes) expect(code).toMatch(/^[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}$/);
    const hashes = await db.select().from(admin_recovery_codes).where(eq(admin_recovery_codes.admin_id, admin.id));
    expect(hashes.map((h) => h.code_hash).join()).not.toContain(confirmed.recoveryCodes[0]);
    expect(await twoFactorStatus(db, admin.id)).toEqual({ enrolled: true, enrolling: false, recoveryCodesLeft: RECOVERY_CODE_COUNT });
    expect(await pendingEnrolment(db, admin, keyring)).toBeNull();
  });

  it("accepts a current code once, with a step of clock drift either way, and refuses it replayed", async () => {
    const db = database.db;
    const { admin, shown } = await enrolled();
    const next = at(30_000);
    const code = codeFor(shown, next);
    expect(await checkTotp(db, admin.id, ` ${code.slice(0, 3)} ${code.slice(3)} `, next, keyring)).toBe("ok");
    expect(await checkTotp(db, admin.id, code, next, keyring)).toBe("replayed");
    expect(await checkTotp(db, admin.id, code, at(45_000), keyring)).toBe("replayed");
    // The phone 30 s ahead or behind still works, for a step not used yet.
    expect(await checkTotp(db, admin.id, codeFor(shown, at(90_000)), at(60_000), keyring)).toBe("ok");
    expect(await checkTotp(db, admin.id, codeFor(shown, at(120_000)), at(150_000), keyring)).toBe("ok");
    // An older step than the last one used is refused even if it would still be in the window.
    expect(await checkTotp(db, admin.id, codeFor(shown, at(90_000)), at(150_000), keyring)).not.toBe("ok");
    for (const nasty of ["", "12345", "1234567", "١٢٣٤٥٦", "12\u00003456", "\ud800123456", "abcdef"]) {
      expect(await checkTotp(db, admin.id, nasty, at(150_000), keyring), JSON.stringify(nasty)).toBe("invalid");
    }
  });

  it("lets two requests with one code race: exactly one passes", async () => {
    const db = database.db;
    const { admin, shown } = await enrolled();
    const when = at(60_000);
    const code = codeFor(shown, when);
    const results = await Promise.all([1, 2, 3].map(() => checkTotp(db, admin.id, code, when, keyring)));
    expect(results.sort()).toEqual(["ok", "replayed", "replayed"]);
  });

  it("takes each recovery code once, in any case and spacing; new codes void the old", async () => {
    const db = database.db;
    const { admin, recoveryCodes } = await enrolled();
    const [first = "", second = ""] = recoveryCodes;
    expect(await checkSecondFactor(db, admin.id, ` ${first.toUpperCase().replace(/-/g, " ")} `, t0, keyring)).toBe("ok");
    expect(await checkSecondFactor(db, admin.id, first, t0, keyring)).toBe("invalid");
    expect((await twoFactorStatus(db, admin.id)).recoveryCodesLeft).toBe(RECOVERY_CODE_COUNT - 1);
    const fresh = await replaceRecoveryCodes(db, admin.id);
    expect(await checkSecondFactor(db, admin.id, second, t0, keyring)).toBe("invalid");
    expect(await checkSecondFactor(db, admin.id, fresh[0] ?? "", t0, keyring)).toBe("ok");
    // Another account's code is no use here.
    const other = await enrolled();
    expect(await checkSecondFactor(db, admin.id, other.recoveryCodes[0] ?? "", t0, keyring)).toBe("invalid");
  });

  it("turns off, and resets from the command line: audited, sessions ended, unknown accounts false", async () => {
    const db = database.db;
    const { admin } = await enrolled();
    await removeTwoFactor(db, admin.id);
    expect(await twoFactorStatus(db, admin.id)).toEqual({ enrolled: false, enrolling: false, recoveryCodesLeft: 0 });

    const lost = await enrolled();
    await createSession(db, lost.admin.id, { now: new Date() });
    const actor = { id: null, email: "Command line (npm run admin)" };
    expect(await resetTwoFactor(db, ` ${lost.admin.email.toUpperCase()}`, actor)).toBe(true);
    expect(await hasTwoFactor(db, lost.admin.id)).toBe(false);
    expect(await db.select().from(admin_sessions).where(eq(admin_sessions.admin_id, lost.admin.id))).toEqual([]);
    const [entry] = await db.select().from(audit_log).where(eq(audit_log.entity_id, lost.admin.id));
    expect(entry).toMatchObject({
      action: "admin.two-factor.reset",
      admin_email: "Command line (npm run admin)",
      details: { account: lost.admin.email, hadTwoFactor: true },
    });
    expect(await resetTwoFactor(db, unique(), actor)).toBe(false);
  });
});
