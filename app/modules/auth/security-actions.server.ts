import { data, redirect } from "react-router";
import { clientNetwork } from "~/client-network.server";
import type { Db } from "~/db/client.server";
import { appKeyring } from "~/keys.server";
import { recordAudit } from "~/modules/audit/audit.server";
import { makeToast } from "~/ui/toast";
import { redirectWithToast } from "~/ui/toast.server";
import { verifyAdminCredentials } from "./accounts.server";
import { claimLoginAttempt, lockoutMessage, markAttemptSucceeded } from "./rate-limit.server";
import { codeSchema, confirmIdentitySchema } from "./schemas";
import { authOptions, type SessionAdmin, sessionIdOf } from "./session.server";
import { AUTH_MESSAGES, SECURITY_PATH } from "./session-policy";
import { checkTotp, confirmEnrolment, pendingEnrolment, removeTwoFactor, replaceRecoveryCodes, twoFactorStatus } from "./two-factor.server";

// The Account security page: an organiser sets up an authenticator app, gets new recovery
// codes, or turns it off. The last two need a current code or the password, so a session
// left open on a shared computer cannot quietly take the second factor away. Every code or
// password typed here counts against the same limit as the sign-in's.

const SECURITY_MESSAGES = {
  enabled: "Two-step sign-in is on. Keep your recovery codes somewhere safe.",
  disabled: "Two-step sign-in is off.",
  regenerated: "New recovery codes. The old ones no longer work.",
  proofInvalid: "That is neither a current code nor your password.",
} as const;

export async function securityPage(db: Db, admin: SessionAdmin) {
  const status = await twoFactorStatus(db, admin.id);
  const enrolment = status.enrolling ? await pendingEnrolment(db, admin, appKeyring()) : null;
  return { status, enrolment, required: authOptions().requireTwoFactor === "organisers" };
}

export async function securityAction(db: Db, admin: SessionAdmin, request: Request, form: FormData, ip: string) {
  const intent = String(form.get("intent") ?? "");
  // Which form the answer belongs to, so an error shows under the field that was sent.
  const fail = (status: number, error: string) =>
    data({ intent, error, toast: makeToast("error", error), recoveryCodes: null }, { status });
  const now = new Date();
  const keyring = appKeyring();
  if (intent === "start") {
    await pendingEnrolment(db, admin, keyring);
    return redirect(SECURITY_PATH);
  }

  // Everything below checks something typed: it is throttled like a sign-in.
  const claim = await claimLoginAttempt(db, { email: admin.email, network: clientNetwork(ip) }, now);
  if (claim.status === "refused") return fail(429, lockoutMessage(claim.retryAfterMs));

  if (intent === "confirm") {
    const parsed = codeSchema.safeParse({ code: form.get("code") ?? "" });
    if (!parsed.success) return fail(400, parsed.error.issues[0]?.message ?? AUTH_MESSAGES.codeInvalid);
    // This session stays signed in; the account's others end (confirmEnrolment).
    const confirmed = await confirmEnrolment(db, admin.id, parsed.data.code, now, keyring, sessionIdOf(request));
    if (confirmed.status !== "ok")
      return fail(400, confirmed.status === "replayed" ? AUTH_MESSAGES.codeReplayed : AUTH_MESSAGES.codeInvalid);
    await markAttemptSucceeded(db, claim.attemptId);
    await recordAudit(db, admin, { action: "admin.two-factor.enable", entity: "admin", entityId: admin.id });
    return data({ intent, error: null, toast: makeToast("success", SECURITY_MESSAGES.enabled), recoveryCodes: confirmed.recoveryCodes });
  }

  if (intent !== "regenerate" && intent !== "disable") throw data("Unknown action", { status: 400 });
  const parsed = confirmIdentitySchema.safeParse({ proof: form.get("proof") ?? "" });
  if (!parsed.success) return fail(400, parsed.error.issues[0]?.message ?? SECURITY_MESSAGES.proofInvalid);
  const proof = parsed.data.proof;
  const proven = /^\s*\d{3}\s?\d{3}\s*$/.test(proof)
    ? (await checkTotp(db, admin.id, proof, now, keyring)) === "ok"
    : Boolean(await verifyAdminCredentials(db, admin.email, proof));
  if (!proven) return fail(400, SECURITY_MESSAGES.proofInvalid);
  await markAttemptSucceeded(db, claim.attemptId);

  if (intent === "regenerate") {
    const recoveryCodes = await replaceRecoveryCodes(db, admin.id);
    await recordAudit(db, admin, { action: "admin.two-factor.recovery-codes", entity: "admin", entityId: admin.id });
    return data({ intent, error: null, toast: makeToast("success", SECURITY_MESSAGES.regenerated), recoveryCodes });
  }
  await db.transaction(async (tx) => {
    await removeTwoFactor(tx, admin.id);
    await recordAudit(tx, admin, { action: "admin.two-factor.disable", entity: "admin", entityId: admin.id });
  });
  return redirectWithToast(SECURITY_PATH, "success", SECURITY_MESSAGES.disabled);
}
