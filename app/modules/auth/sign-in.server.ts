import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import { clientNetwork } from "~/client-network.server";
import type { DbOrTx } from "~/db/client.server";
import { admin_sign_in_pending, admin_users } from "~/db/schema";
import type { Keyring } from "~/keys.server";
import { verifyAdminCredentials } from "./accounts.server";
import { deviceIdFor, knownDeviceId, rememberDevice } from "./known-device.server";
import { claimLoginAttempt, codeStillAdmits, markAttemptStage, markAttemptSucceeded } from "./rate-limit.server";
import { type AuthOptions, type SessionAdmin, startSession } from "./session.server";
import {
  clearPendingCookie,
  isSecureRequest,
  PENDING_CODE_MS,
  PENDING_ENROL_MS,
  pendingCookie,
  pendingCookieName,
  readCookie,
} from "./session-policy";
import { checkSecondFactor, confirmEnrolment, hasTwoFactor, pendingEnrolment } from "./two-factor.server";

// Signing in, in one or two steps. The password first, under the attempt limit; then, for an
// account with an authenticator (or an organiser who must enrol one), a second step. Between
// the two the browser holds only a short-lived, httpOnly, SameSite=Strict cookie naming a
// half-finished sign-in: no session exists until the code is right.

export type SignInOptions = AuthOptions & { ip: string; keyring: Keyring };

export type SignInResult =
  /** `setCookie` the session; `deviceCookie` remembers this device for the next sign-in. */
  | { status: "ok"; admin: SessionAdmin; setCookie: string; deviceCookie: string }
  | { status: "second-factor"; step: "code" | "enrol"; admin: SessionAdmin; setCookie: string }
  /** `withCode`: the password and code posted together, and the pair was not right (never says which). */
  | { status: "invalid"; withCode?: true }
  /** `codeAdmits`: refused by a ceiling others can fill; the password with a code still signs in now. */
  | { status: "locked"; retryAfterMs: number; codeAdmits: boolean };

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * The password step. A refused attempt never reaches the password check; an unknown e-mail is
 * counted and answered as a wrong password. The attempt stays a failure until the sign-in is
 * complete, so someone holding the password gets no fresh tries at the code from it.
 */
export async function signIn(
  db: DbOrTx,
  request: Request,
  credentials: { email: string; password: string; code?: string; redirectTo: string },
  options: SignInOptions,
): Promise<SignInResult> {
  const network = clientNetwork(options.ip);
  const device = knownDeviceId(request, options.keyring);
  if (credentials.code) return signInWithCode(db, request, { ...credentials, code: credentials.code }, options);
  const claim = await claimLoginAttempt(db, { email: credentials.email, network, device }, options.now);
  if (claim.status === "refused") return { status: "locked", retryAfterMs: claim.retryAfterMs, codeAdmits: codeStillAdmits(claim.reason) };

  const found = await verifyAdminCredentials(db, credentials.email, credentials.password);
  if (!found) return { status: "invalid" };
  const admin: SessionAdmin = { id: found.id, email: found.email, name: found.name, role: found.role };

  const step = (await hasTwoFactor(db, admin.id))
    ? "code"
    : options.requireTwoFactor === "organisers" && admin.role === "organiser"
      ? "enrol"
      : null;
  if (step) {
    // The password was right: no failure, but no success (no recognised network) before the code.
    await markAttemptStage(db, claim.attemptId, "verified");
    // The enrolment's secret is made now (a POST), so the next page only shows it.
    if (step === "enrol") await pendingEnrolment(db, admin, options.keyring);
    const setCookie = await createPendingSignIn(db, request, admin.id, {
      step,
      network,
      redirectTo: credentials.redirectTo,
      now: options.now,
    });
    return { status: "second-factor", step, admin, setCookie };
  }
  return finish(db, request, admin, claim.attemptId, options);
}

/** A finished sign-in: the attempt a success with this device, a new session, the device remembered. */
async function finish(db: DbOrTx, request: Request, admin: SessionAdmin, attemptId: string, options: SignInOptions) {
  const device = deviceIdFor(request, options.keyring);
  await markAttemptSucceeded(db, attemptId, device);
  const setCookie = await startSession(db, request, admin.id, options);
  return { status: "ok" as const, admin, setCookie, deviceCookie: rememberDevice(request, device, options.keyring) };
}

/**
 * The password and the code in one post: the way in while the account's ceilings hold password
 * posts (others failing from elsewhere). Only the network's (or device's) own wait and the
 * ceiling of wrong codes after a right password apply; the answer to any wrong pair is the same,
 * so it tells a guesser nothing about the password. An account without an authenticator never
 * gets in this way (its password alone would otherwise be checked past the ceilings).
 */
async function signInWithCode(
  db: DbOrTx,
  request: Request,
  credentials: { email: string; password: string; code: string },
  options: SignInOptions,
): Promise<SignInResult> {
  const network = clientNetwork(options.ip);
  const device = knownDeviceId(request, options.keyring);
  const claim = await claimLoginAttempt(db, { email: credentials.email, network, device, kind: "both" }, options.now);
  if (claim.status === "refused") return { status: "locked", retryAfterMs: claim.retryAfterMs, codeAdmits: false };
  const found = await verifyAdminCredentials(db, credentials.email, credentials.password);
  if (!found) return { status: "invalid", withCode: true };
  // From here the attempt is a code's: it counts against the codes' ceiling until it succeeds.
  await markAttemptStage(db, claim.attemptId, "code");
  if (!(await hasTwoFactor(db, found.id))) return { status: "invalid", withCode: true };
  const check = await checkSecondFactor(db, found.id, credentials.code, options.now, options.keyring);
  if (check !== "ok") return { status: "invalid", withCode: true };
  return finish(db, request, { id: found.id, email: found.email, name: found.name, role: found.role }, claim.attemptId, options);
}

async function createPendingSignIn(
  db: DbOrTx,
  request: Request,
  adminId: string,
  info: { step: "code" | "enrol"; network: string; redirectTo: string; now: Date },
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const lifetime = info.step === "enrol" ? PENDING_ENROL_MS : PENDING_CODE_MS;
  // Clean-up on the way: half-finished sign-ins past their time.
  await db.delete(admin_sign_in_pending).where(lt(admin_sign_in_pending.expires_at, info.now));
  await db.insert(admin_sign_in_pending).values({
    id: hashToken(token),
    admin_id: adminId,
    step: info.step,
    network: info.network,
    redirect_to: info.redirectTo,
    created_at: info.now,
    expires_at: new Date(info.now.getTime() + lifetime),
  });
  return pendingCookie(token, { secure: isSecureRequest(request), maxAgeMs: lifetime });
}

export type PendingSignIn = { id: string; step: "code" | "enrol"; redirectTo: string; admin: SessionAdmin };

/** The half-finished sign-in this browser's cookie names, while it lasts. */
export async function findPendingSignIn(db: DbOrTx, request: Request, now: Date): Promise<PendingSignIn | null> {
  const token = readCookie(request.headers.get("Cookie"), pendingCookieName(isSecureRequest(request)));
  if (!token) return null;
  const [row] = await db
    .select({
      id: admin_sign_in_pending.id,
      step: admin_sign_in_pending.step,
      redirectTo: admin_sign_in_pending.redirect_to,
      admin: { id: admin_users.id, email: admin_users.email, name: admin_users.name, role: admin_users.role },
    })
    .from(admin_sign_in_pending)
    .innerJoin(admin_users, eq(admin_users.id, admin_sign_in_pending.admin_id))
    .where(and(eq(admin_sign_in_pending.id, hashToken(token)), gt(admin_sign_in_pending.expires_at, now)))
    .limit(1);
  return row ?? null;
}

export type SecondFactorResult =
  | { status: "ok"; redirectTo: string; setCookies: string[]; recoveryCodes?: string[] }
  | { status: "expired"; setCookies: string[] }
  | { status: "invalid" | "replayed" }
  | { status: "locked"; retryAfterMs: number };

/**
 * The second step: the authenticator's code or a recovery code (or, while enrolling, the new
 * authenticator's first code). Wrong codes count against the same limit as wrong passwords.
 * Only now is the session created, and the half-finished sign-in ended.
 */
export async function completeSignIn(db: DbOrTx, request: Request, code: string, options: SignInOptions): Promise<SecondFactorResult> {
  const secure = isSecureRequest(request);
  const pending = await findPendingSignIn(db, request, options.now);
  if (!pending) return { status: "expired", setCookies: [clearPendingCookie({ secure })] };

  const claim = await claimLoginAttempt(
    db,
    { email: pending.admin.email, network: clientNetwork(options.ip), device: knownDeviceId(request, options.keyring), kind: "code" },
    options.now,
  );
  if (claim.status === "refused") return { status: "locked", retryAfterMs: claim.retryAfterMs };

  let recoveryCodes: string[] | undefined;
  if (pending.step === "enrol") {
    // No session of this browser yet: every session of the account ends (confirmEnrolment).
    const confirmed = await confirmEnrolment(db, pending.admin.id, code, options.now, options.keyring, null);
    if (confirmed.status !== "ok") return { status: confirmed.status };
    recoveryCodes = confirmed.recoveryCodes;
  } else {
    const check = await checkSecondFactor(db, pending.admin.id, code, options.now, options.keyring);
    if (check !== "ok") return { status: check };
  }
  // One use: a second post with the same cookie finds nothing.
  await db.delete(admin_sign_in_pending).where(eq(admin_sign_in_pending.id, pending.id));
  const done = await finish(db, request, pending.admin, claim.attemptId, options);
  return {
    status: "ok",
    redirectTo: pending.redirectTo,
    setCookies: [done.setCookie, clearPendingCookie({ secure }), done.deviceCookie],
    recoveryCodes,
  };
}

/** "Start again": forgets the half-finished sign-in. */
export async function cancelPendingSignIn(db: DbOrTx, request: Request, now: Date): Promise<string> {
  const pending = await findPendingSignIn(db, request, now);
  if (pending) await db.delete(admin_sign_in_pending).where(eq(admin_sign_in_pending.id, pending.id));
  return clearPendingCookie({ secure: isSecureRequest(request) });
}
