import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import { clientNetwork } from "~/client-network.server";
import type { DbOrTx } from "~/db/client.server";
import { admin_sign_in_pending, admin_users } from "~/db/schema";
import type { Keyring } from "~/keys.server";
import { verifyAdminCredentials } from "./accounts.server";
import { claimLoginAttempt, markAttemptSucceeded } from "./rate-limit.server";
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
  | { status: "ok"; admin: SessionAdmin; setCookie: string }
  | { status: "second-factor"; step: "code" | "enrol"; admin: SessionAdmin; setCookie: string }
  | { status: "invalid" }
  | { status: "locked"; retryAfterMs: number };

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * The password step. A refused attempt never reaches the password check; an unknown e-mail is
 * counted and answered as a wrong password. The attempt stays a failure until the sign-in is
 * complete, so someone holding the password gets no fresh tries at the code from it.
 */
export async function signIn(
  db: DbOrTx,
  request: Request,
  credentials: { email: string; password: string; redirectTo: string },
  options: SignInOptions,
): Promise<SignInResult> {
  const network = clientNetwork(options.ip);
  const claim = await claimLoginAttempt(db, { email: credentials.email, network }, options.now);
  if (claim.status === "refused") return { status: "locked", retryAfterMs: claim.retryAfterMs };

  const found = await verifyAdminCredentials(db, credentials.email, credentials.password);
  if (!found) return { status: "invalid" };
  const admin: SessionAdmin = { id: found.id, email: found.email, name: found.name, role: found.role };

  const step = (await hasTwoFactor(db, admin.id))
    ? "code"
    : options.requireTwoFactor === "organisers" && admin.role === "organiser"
      ? "enrol"
      : null;
  if (step) {
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
  await markAttemptSucceeded(db, claim.attemptId);
  return { status: "ok", admin, setCookie: await startSession(db, request, admin.id, options) };
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

  const claim = await claimLoginAttempt(db, { email: pending.admin.email, network: clientNetwork(options.ip) }, options.now);
  if (claim.status === "refused") return { status: "locked", retryAfterMs: claim.retryAfterMs };

  let recoveryCodes: string[] | undefined;
  if (pending.step === "enrol") {
    const confirmed = await confirmEnrolment(db, pending.admin.id, code, options.now, options.keyring);
    if (confirmed.status !== "ok") return { status: confirmed.status };
    recoveryCodes = confirmed.recoveryCodes;
  } else {
    const check = await checkSecondFactor(db, pending.admin.id, code, options.now, options.keyring);
    if (check !== "ok") return { status: check };
  }
  await markAttemptSucceeded(db, claim.attemptId);
  // One use: a second post with the same cookie finds nothing.
  await db.delete(admin_sign_in_pending).where(eq(admin_sign_in_pending.id, pending.id));
  const session = await startSession(db, request, pending.admin.id, options);
  return { status: "ok", redirectTo: pending.redirectTo, setCookies: [session, clearPendingCookie({ secure })], recoveryCodes };
}

/** "Start again": forgets the half-finished sign-in. */
export async function cancelPendingSignIn(db: DbOrTx, request: Request, now: Date): Promise<string> {
  const pending = await findPendingSignIn(db, request, now);
  if (pending) await db.delete(admin_sign_in_pending).where(eq(admin_sign_in_pending.id, pending.id));
  return clearPendingCookie({ secure: isSecureRequest(request) });
}
