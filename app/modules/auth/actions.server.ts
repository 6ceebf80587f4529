import { data } from "react-router";
import { getDb } from "~/db/db.server";
import { logger } from "~/logger.server";
import { makeToast } from "~/ui/toast";
import { redirectWithToast } from "~/ui/toast.server";
import { lockoutMessage } from "./rate-limit.server";
import { loginSchema } from "./schemas";
import { assertSameOrigin, authOptions, signIn, signOut } from "./session.server";
import { AUTH_MESSAGES, isSameOrigin, LOGIN_PATH, safeRedirectTo } from "./session-policy";

type FieldErrors = { email?: string; password?: string };

/**
 * The sign-in form: refuses another site's post, validates, applies the per-e-mail
 * lockout, and on success redirects with the new session cookie and a toast.
 */
export async function signInAction(request: Request, form: FormData, ip: string) {
  const options = authOptions();
  const email = String(form.get("email") ?? "");
  const redirectTo = safeRedirectTo(form.get("redirectTo"));
  const fail = (status: number, error: string, fieldErrors: FieldErrors = {}, headers?: HeadersInit) =>
    data({ error, fieldErrors, email: email.trim(), toast: makeToast("error", error) }, { status, headers });
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

  const db = await getDb();
  const result = await signIn(db, request, parsed.data, { ...options, ip });
  if (result.status === "locked") {
    logger().warn({ ip }, "admin sign-in refused: too many failed attempts");
    return fail(429, lockoutMessage(result.retryAfterMs), {}, { "Retry-After": String(Math.ceil(result.retryAfterMs / 1000)) });
  }
  if (result.status === "invalid") {
    logger().info({ ip }, "admin sign-in failed");
    // The same answer for an unknown e-mail and a wrong password: the form does not reveal who is an admin.
    return fail(401, AUTH_MESSAGES.invalid, { email: AUTH_MESSAGES.invalid });
  }
  logger().info({ adminId: result.admin.id, ip }, "admin signed in");
  return redirectWithToast(redirectTo, "success", AUTH_MESSAGES.success, { headers: { "Set-Cookie": result.setCookie } });
}

/** Ends the admin's session (POST only; another site must not be able to sign an admin out). */
export async function signOutAction(request: Request) {
  const options = authOptions();
  assertSameOrigin(request, options.publicUrl);
  const clearCookie = await signOut(await getDb(), request, options);
  return redirectWithToast(LOGIN_PATH, "success", AUTH_MESSAGES.loggedOut, { headers: { "Set-Cookie": clearCookie } });
}
