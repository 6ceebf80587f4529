import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNotNull, isNull, lt, ne, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import type { DbOrTx } from "~/db/client.server";
import { admin_recovery_codes, admin_sessions, admin_sign_in_pending, admin_two_factor, admin_users, emailEquals } from "~/db/schema";
import type { Keyring } from "~/keys.server";
import { type AuditActor, recordAudit } from "~/modules/audit/audit.server";
import { openSecret, sealSecret } from "./two-factor-secret.server";

// The second factor: a time-based code (TOTP, RFC 6238: SHA-1, 6 digits, 30 s, what every
// authenticator app reads from a QR code) and ten one-time recovery codes for a lost phone.
// otpauth does the RFC; this file keeps the secret sealed, refuses a code twice and counts
// recovery codes down. Throttling wrong codes is the sign-in's limit (rate-limit.server.ts).

const ISSUER = "Youth Summit admin";
const PERIOD_SECONDS = 30;
/** One step either side: a phone whose clock is up to 30 s off still works. */
const WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;

export type CodeCheck = "ok" | "invalid" | "replayed";

function totp(secret: Buffer, label: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD_SECONDS,
    secret: new Secret({ buffer: new Uint8Array(secret).buffer }),
  });
}

/** What a person types: spaces and dashes dropped, letters lower-cased. */
function normalise(code: string): string {
  return code
    .normalize("NFKC")
    .replace(/[\s-]+/g, "")
    .toLowerCase();
}

const isTotpCode = (code: string) => /^\d{6}$/.test(code);

const hashRecoveryCode = (code: string) => createHash("sha256").update(normalise(code)).digest("hex");

/** 80 random bits as four groups of four base32 letters: abcd-efgh-ijkl-mnop. */
function newRecoveryCode(): string {
  const text = new Secret({ size: 10 }).base32.toLowerCase();
  return text.match(/.{4}/g)?.join("-") ?? text;
}

/** Whether the account has a confirmed authenticator. */
export async function hasTwoFactor(db: DbOrTx, adminId: string): Promise<boolean> {
  const [row] = await db
    .select({ admin_id: admin_two_factor.admin_id })
    .from(admin_two_factor)
    .where(and(eq(admin_two_factor.admin_id, adminId), isNotNull(admin_two_factor.confirmed_at)));
  return Boolean(row);
}

export type TwoFactorStatus = { enrolled: boolean; recoveryCodesLeft: number; enrolling: boolean };

export async function twoFactorStatus(db: DbOrTx, adminId: string): Promise<TwoFactorStatus> {
  const [row] = await db
    .select({
      confirmed: sql<boolean>`${admin_two_factor.confirmed_at} is not null`,
      left: sql<number>`(select count(*)::int from ${admin_recovery_codes} where ${admin_recovery_codes.admin_id} = ${adminId} and ${admin_recovery_codes.used_at} is null)`,
    })
    .from(admin_two_factor)
    .where(eq(admin_two_factor.admin_id, adminId));
  return { enrolled: Boolean(row?.confirmed), enrolling: Boolean(row && !row.confirmed), recoveryCodesLeft: row?.left ?? 0 };
}

export type Enrolment = { secret: string; uri: string; qrDataUrl: string };

/**
 * The authenticator to be enrolled: the one already waiting for its first code (a reload shows
 * the same QR code as before), else a new random secret. Null when one is confirmed already.
 */
export async function pendingEnrolment(db: DbOrTx, admin: { id: string; email: string }, keyring: Keyring): Promise<Enrolment | null> {
  const [row] = await db.select().from(admin_two_factor).where(eq(admin_two_factor.admin_id, admin.id));
  if (row?.confirmed_at) return null;
  let secret = row ? openSecret({ keyId: row.key_id, sealed: row.secret }, admin.id, keyring) : null;
  if (!secret) {
    secret = randomBytes(20);
    const { keyId, sealed } = sealSecret(secret, admin.id, keyring);
    await db
      .insert(admin_two_factor)
      .values({ admin_id: admin.id, key_id: keyId, secret: sealed })
      .onConflictDoUpdate({
        target: admin_two_factor.admin_id,
        set: { key_id: keyId, secret: sealed, last_step: 0 },
        where: isNull(admin_two_factor.confirmed_at),
      });
  }
  const otp = totp(secret, admin.email);
  const uri = otp.toString();
  const svg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return {
    secret: otp.secret.base32.match(/.{1,4}/g)?.join(" ") ?? otp.secret.base32,
    uri,
    qrDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
  };
}

/**
 * Checks a 6-digit code against the account's authenticator (a confirmed one, or with
 * `pending` the one being enrolled). A code is accepted once: the step it belongs to is
 * written as the last one used, in the same statement that checks it is newer, so two
 * requests racing with one code cannot both pass.
 */
export async function checkTotp(
  db: DbOrTx,
  adminId: string,
  code: string,
  now: Date,
  keyring: Keyring,
  options: { pending?: boolean } = {},
): Promise<CodeCheck> {
  const token = normalise(code);
  if (!isTotpCode(token)) return "invalid";
  const [row] = await db
    .select()
    .from(admin_two_factor)
    .where(
      and(
        eq(admin_two_factor.admin_id, adminId),
        options.pending ? isNull(admin_two_factor.confirmed_at) : isNotNull(admin_two_factor.confirmed_at),
      ),
    );
  const secret = row ? openSecret({ keyId: row.key_id, sealed: row.secret }, adminId, keyring) : null;
  if (!row || !secret) return "invalid";
  const timestamp = now.getTime();
  const delta = totp(secret, "").validate({ token, timestamp, window: WINDOW });
  if (delta === null) return "invalid";
  const step = TOTP.counter({ period: PERIOD_SECONDS, timestamp }) + delta;
  const used = await db
    .update(admin_two_factor)
    .set({ last_step: step })
    .where(and(eq(admin_two_factor.admin_id, adminId), lt(admin_two_factor.last_step, step)))
    .returning({ admin_id: admin_two_factor.admin_id });
  return used.length > 0 ? "ok" : "replayed";
}

/** Uses up one recovery code; false when it is not one of the account's unused codes. */
async function spendRecoveryCode(db: DbOrTx, adminId: string, code: string, now: Date): Promise<boolean> {
  const used = await db
    .update(admin_recovery_codes)
    .set({ used_at: now })
    .where(
      and(
        eq(admin_recovery_codes.admin_id, adminId),
        eq(admin_recovery_codes.code_hash, hashRecoveryCode(code)),
        isNull(admin_recovery_codes.used_at),
      ),
    )
    .returning({ id: admin_recovery_codes.id });
  return used.length > 0;
}

/** The second step of a sign-in: a current code, or one of the recovery codes. */
export async function checkSecondFactor(db: DbOrTx, adminId: string, code: string, now: Date, keyring: Keyring): Promise<CodeCheck> {
  if (isTotpCode(normalise(code))) return checkTotp(db, adminId, code, now, keyring);
  return (await spendRecoveryCode(db, adminId, code, now)) ? "ok" : "invalid";
}

/** Ten new recovery codes in place of any old ones; the plain codes are returned once and never stored. */
export async function replaceRecoveryCodes(db: DbOrTx, adminId: string): Promise<string[]> {
  return db.transaction((tx) => writeRecoveryCodes(tx, adminId));
}

async function writeRecoveryCodes(tx: DbOrTx, adminId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.delete(admin_recovery_codes).where(eq(admin_recovery_codes.admin_id, adminId));
  await tx.insert(admin_recovery_codes).values(codes.map((code) => ({ admin_id: adminId, code_hash: hashRecoveryCode(code) })));
  return codes;
}

/**
 * Confirms the authenticator being enrolled with a current code; its recovery codes, or the
 * code's verdict. Turning two steps on ends the account's other sessions, in the same
 * transaction: a session opened with the password alone (perhaps by whoever made the owner
 * turn it on) must not outlive the change. `keepSessionId` is the session that turned it on
 * (Account security), null when none exists yet (the enrolment step of a sign-in).
 */
export async function confirmEnrolment(
  db: DbOrTx,
  adminId: string,
  code: string,
  now: Date,
  keyring: Keyring,
  keepSessionId: string | null,
): Promise<{ status: "ok"; recoveryCodes: string[] } | { status: "invalid" | "replayed" }> {
  const check = await checkTotp(db, adminId, code, now, keyring, { pending: true });
  if (check !== "ok") return { status: check };
  const recoveryCodes = await db.transaction(async (tx) => {
    await tx
      .update(admin_two_factor)
      .set({ confirmed_at: now })
      .where(and(eq(admin_two_factor.admin_id, adminId), isNull(admin_two_factor.confirmed_at)));
    const mine = eq(admin_sessions.admin_id, adminId);
    await tx.delete(admin_sessions).where(keepSessionId ? and(mine, ne(admin_sessions.id, keepSessionId)) : mine);
    return writeRecoveryCodes(tx, adminId);
  });
  return { status: "ok", recoveryCodes };
}

/** Removes the authenticator and the recovery codes (the caller has checked a code or the password). */
export async function removeTwoFactor(db: DbOrTx, adminId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(admin_recovery_codes).where(eq(admin_recovery_codes.admin_id, adminId));
    await tx.delete(admin_two_factor).where(eq(admin_two_factor.admin_id, adminId));
  });
}

/**
 * For a lost phone (npm run admin -- reset-two-factor): removes the second factor, ends the
 * account's sessions and half-finished sign-ins, and records who did it. False for an unknown account.
 */
export async function resetTwoFactor(db: DbOrTx, email: string, actor: AuditActor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [admin] = await tx
      .select({ id: admin_users.id, email: admin_users.email })
      .from(admin_users)
      .where(emailEquals(admin_users.email, email))
      .for("update");
    if (!admin) return false;
    const [removed] = await tx
      .delete(admin_two_factor)
      .where(eq(admin_two_factor.admin_id, admin.id))
      .returning({ confirmed: admin_two_factor.confirmed_at });
    await tx.delete(admin_recovery_codes).where(eq(admin_recovery_codes.admin_id, admin.id));
    await tx.delete(admin_sign_in_pending).where(eq(admin_sign_in_pending.admin_id, admin.id));
    await tx.delete(admin_sessions).where(eq(admin_sessions.admin_id, admin.id));
    await recordAudit(tx, actor, {
      action: "admin.two-factor.reset",
      entity: "admin",
      entityId: admin.id,
      details: { account: admin.email, hadTwoFactor: Boolean(removed?.confirmed) },
    });
    return true;
  });
}

/** Half-finished sign-ins past their time; for the hourly clean-up. */
export async function purgeExpiredSignIns(db: DbOrTx, now: Date): Promise<void> {
  await db.delete(admin_sign_in_pending).where(lt(admin_sign_in_pending.expires_at, now));
}
