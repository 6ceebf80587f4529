import { data, redirect } from "react-router";
import { getDb } from "~/db/db.server";
import { appKeyring } from "~/keys.server";
import { logger } from "~/logger.server";
import { makeToast } from "~/ui/toast";
import { redirectWithToast } from "~/ui/toast.server";
import { lockoutMessage } from "./rate-limit.server";
import { codeSchema, loginSchema } from "./schemas";
import { assertSameOrigin, authOptions, signOut } from "./session.server";
import { AUTH_MESSAGES, isSameOrigin, LOGIN_PATH, SECOND_FACTOR_PATH, safeRedirectTo } from "./session-policy";
import { cancelPendingSignIn, completeSignIn, findPendingSignIn, signIn } from "./sign-in.server";
import { pendingEnrolment } from "./two-factor.server";

type FieldErrors = { email?: string; password?: string; code?: string };

/**
 * The sign-in form: refuses another site's post, validates, applies the per-e-mail
 * lockout, and on success redirects with the new session cookie and a toast.
 */
export async function signInAction(request: Request, form: FormData, ip: string) {
  const options = authOptions();
  const email = String(form.get("email") ?? "");
  const redirectTo = safeRedirectTo(form.get("redirectTo"));
  // withCode: the form asks for the authenticator's code with the password (the account's ceilings are reached).
  const fail = (status: number, error: string, fieldErrors: FieldErrors = {}, headers?: HeadersInit, withCode = false) =>
    data({ error, fieldErrors, email: email.trim(), withCode, toast: makeToast("error", error) }, { status, headers });
  // A sign-in posted from another site (login CSRF) is refused before anything is checked.
  if (!isSameOrigin(request, options.publicUrl)) return fail(403, AUTH_MESSAGES.crossOrigin);

  // The browser already requires both fields; this covers a form posted without that check.
  const parsed = loginSchema.safeParse({ email, password: form.get("password") ?? "" });
  if (!parsed.success) {
    const fieldErrors: FieldErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if ((field === "email" || field === "password") && !fieldErrors[field]) fieldErrors[field] = issue.message;
    }
    return fail(400, Object.values(fieldErrors).join(", "), fieldErrors);
  }

  // A code typed with the password: the way in past the ceilings (sign-in.server.ts, signInWithCode).
  const typedCode = String(form.get("code") ?? "").trim();
  const code = typedCode ? codeSchema.safeParse({ code: typedCode }) : null;
  if (code && !code.success) return fail(400, AUTH_MESSAGES.invalidWithCode, { code: AUTH_MESSAGES.invalidWithCode }, undefined, true);

  const db = await getDb();
  const result = await signIn(
    db,
    request,
    { ...parsed.data, code: code?.data.code, redirectTo },
    { ...options, ip, keyring: appKeyring() },
  );
  if (result.status === "locked") {
    logger().warn({ ip, codeAdmits: result.codeAdmits }, "admin sign-in refused: too many failed attempts");
    const wait = lockoutMessage(result.retryAfterMs);
    const retryAfter = { "Retry-After": String(Math.ceil(result.retryAfterMs / 1000)) };
    // The same offer for every account past a ceiling, known or not, with an app or not.
    if (result.codeAdmits) return fail(429, AUTH_MESSAGES.lockedUseCode(wait), {}, retryAfter, true);
    return fail(429, wait, {}, retryAfter, Boolean(code));
  }
  if (result.status === "invalid" && result.withCode) {
    logger().info({ ip }, "admin sign-in with a code failed");
    return fail(401, AUTH_MESSAGES.invalidWithCode, { code: AUTH_MESSAGES.invalidWithCode }, undefined, true);
  }
  if (result.status === "invalid") {
    logger().info({ ip }, "admin sign-in failed");
    // The same answer for an unknown e-mail and a wrong password: the form does not reveal who is an admin.
    return fail(401, AUTH_MESSAGES.invalid, { email: AUTH_MESSAGES.invalid });
  }
  if (result.status === "second-factor") {
    logger().info({ adminId: result.admin.id, ip, step: result.step }, "admin password accepted; second factor due");
    return redirect(SECOND_FACTOR_PATH, { headers: { "Set-Cookie": result.setCookie } });
  }
  logger().info({ adminId: result.admin.id, ip }, "admin signed in");
  return redirectWithToast(redirectTo, "success", AUTH_MESSAGES.success, { headers: cookies([result.setCookie, result.deviceCookie]) });
}

/**
 * The second step's page: the code form, or the new authenticator's QR code. Without a
 * half-finished sign-in (it ran out, or it just finished: the page then shows the new recovery
 * codes the action returned) `step` is null and the page offers the way back.
 */
export async function secondFactorPage(request: Request) {
  const db = await getDb();
  const pending = await findPendingSignIn(db, request, new Date());
  if (!pending) return { step: null, email: "", enrolment: null };
  const enrolment = pending.step === "enrol" ? await pendingEnrolment(db, pending.admin, appKeyring()) : null;
  return { step: pending.step, email: pending.admin.email, enrolment };
}

/** The second step: a code (or "start again"). The session cookie is set only here. */
export async function secondFactorAction(request: Request, form: FormData, ip: string) {
  const options = authOptions();
  const fail = (status: number, error: string, headers?: HeadersInit) =>
    data({ error, toast: makeToast("error", error), recoveryCodes: null, next: null }, { status, headers });
  if (!isSameOrigin(request, options.publicUrl)) return fail(403, AUTH_MESSAGES.crossOrigin);
  const db = await getDb();
  if (form.get("intent") === "cancel") {
    return redirect(LOGIN_PATH, { headers: { "Set-Cookie": await cancelPendingSignIn(db, request, options.now) } });
  }
  const parsed = codeSchema.safeParse({ code: form.get("code") ?? "" });
  if (!parsed.success) return fail(400, parsed.error.issues[0]?.message ?? AUTH_MESSAGES.codeInvalid);

  const result = await completeSignIn(db, request, parsed.data.code, { ...options, ip, keyring: appKeyring() });
  switch (result.status) {
    case "expired":
      return redirectWithToast(LOGIN_PATH, "error", AUTH_MESSAGES.pendingExpired, { headers: cookies(result.setCookies) });
    case "locked":
      logger().warn({ ip }, "admin second factor refused: too many failed attempts");
      return fail(429, lockoutMessage(result.retryAfterMs), { "Retry-After": String(Math.ceil(result.retryAfterMs / 1000)) });
    case "invalid":
    case "replayed":
      logger().info({ ip }, "admin second factor failed");
      return fail(401, result.status === "replayed" ? AUTH_MESSAGES.codeReplayed : AUTH_MESSAGES.codeInvalid);
    case "ok":
      logger().info({ ip }, "admin signed in with a second factor");
      // A new authenticator: its recovery codes are shown now, once, with the way on.
      if (result.recoveryCodes)
        return data(
          { error: null, toast: makeToast("success", AUTH_MESSAGES.success), recoveryCodes: result.recoveryCodes, next: result.redirectTo },
          { headers: cookies(result.setCookies) },
        );
      return redirectWithToast(result.redirectTo, "success", AUTH_MESSAGES.success, { headers: cookies(result.setCookies) });
  }
}

function cookies(setCookies: string[]): Headers {
  const headers = new Headers();
  for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  return headers;
}

/** Ends the admin's session (POST only; another site must not be able to sign an admin out). */
export async function signOutAction(request: Request) {
  const options = authOptions();
  assertSameOrigin(request, options.publicUrl);
  const clearCookie = await signOut(await getDb(), request);
  return redirectWithToast(LOGIN_PATH, "success", AUTH_MESSAGES.loggedOut, { headers: { "Set-Cookie": clearCookie } });
}
