// Pure rules of the admin session: expiry, cookies, origins and redirect
// targets. No database and no clock of their own, so tests can pin every case.

export const SESSION_COOKIE = "ys_admin";
/** A session ends after this long without a request (sliding). */
export const IDLE_TIMEOUT_MS = 12 * 60 * 60 * 1000;
/** …and in any case this long after sign-in. */
export const ABSOLUTE_TIMEOUT_MS = 7 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often: one write a minute instead of one per request. */
export const TOUCH_INTERVAL_MS = 60 * 1000;

export const LOGIN_PATH = "/admin/login";
const ADMIN_HOME = "/admin";

export const AUTH_MESSAGES = {
  success: "Login successful!",
  invalid: "Invalid email or password. Please check your credentials.",
  unauthorized: "Unauthorized access. Admin access only.",
  expired: "Your session has expired. Please sign in again.",
  loggedOut: "Logged out successfully",
  crossOrigin: "This request did not come from this site. Please reload the page and try again.",
  checkinOnly: "This account is for check-in at the door only.",
  enrolFirst: "Set up your authenticator app on the Account security page first.",
  pendingExpired: "Your sign-in took too long. Please enter your e-mail and password again.",
  codeInvalid: "That code is not right. Please check your authenticator app and try again.",
  codeReplayed: "That code was just used. Please wait for the next code in your app.",
  // Past the ceilings others can fill: the password and a code together still sign in now.
  lockedUseCode: (wait: string) =>
    `${wait} Or sign in now: enter your password again with the code from your authenticator app (or a recovery code). A phone that has signed in here before gets in with its password.`,
  invalidWithCode: "The password or the code is not right. Please check both and try again.",
} as const;

/** The account security page (the authenticator app, recovery codes). */
export const SECURITY_PATH = "/admin/security";
/** The second step of signing in: the authenticator code, or enrolling one. */
export const SECOND_FACTOR_PATH = "/admin/login/two-factor";

/** The check-in page, the one page a check-in account may use. */
export const CHECKIN_HOME = "/admin/check-in";

export type SessionTimes = { last_seen_at: Date; expires_at: Date };

/** "expired" once idle for IDLE_TIMEOUT_MS or past the absolute expiry. */
export function sessionState(session: SessionTimes, now: Date): "active" | "expired" {
  if (now.getTime() >= session.expires_at.getTime()) return "expired";
  if (now.getTime() - session.last_seen_at.getTime() >= IDLE_TIMEOUT_MS) return "expired";
  return "active";
}

/** Whether this request should record activity (the sliding part of the expiry). */
export function needsTouch(session: SessionTimes, now: Date): boolean {
  return now.getTime() - session.last_seen_at.getTime() >= TOUCH_INTERVAL_MS;
}

/** The absolute expiry of a session started now. */
export function absoluteExpiry(now: Date): Date {
  return new Date(now.getTime() + ABSOLUTE_TIMEOUT_MS);
}

/** The value of one cookie in a Cookie header, or null. */
export function readCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(value) || null;
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * The session cookie's name. Over https it is `__Host-` prefixed: browsers then accept it
 * only with Secure, Path=/ and no Domain, so neither a plain-http page nor a sibling
 * subdomain can plant or overwrite it. Browsers refuse that prefix without Secure, so plain
 * http (a laptop on localhost) keeps the bare name.
 */
export function sessionCookieName(secure: boolean): string {
  return secure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
}

/**
 * Whether the browser reached us over https, directly or through a proxy TRUST_PROXY
 * believes: @react-router/express builds the Request's URL from Express's req.protocol,
 * which reads X-Forwarded-Proto only from trusted proxies. Per request, not from
 * PUBLIC_URL: the site answers on its https name and on http://localhost alike.
 */
export function isSecureRequest(request: Request): boolean {
  return new URL(request.url).protocol === "https:";
}

type CookieOptions = { secure: boolean; maxAgeMs?: number };

function cookieHeader(name: string, value: string, maxAgeSeconds: number, sameSite: "Lax" | "Strict", secure: boolean): string {
  return [
    `${name}=${encodeURIComponent(value)}`,
    "Path=/",
    `Max-Age=${maxAgeSeconds}`,
    ...(maxAgeSeconds === 0 ? ["Expires=Thu, 01 Jan 1970 00:00:00 GMT"] : []),
    "HttpOnly",
    `SameSite=${sameSite}`,
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

/** Set-Cookie for the session token: httpOnly, SameSite=Lax, Secure and `__Host-` over https. */
export function sessionCookie(token: string, options: CookieOptions): string {
  const maxAge = Math.floor((options.maxAgeMs ?? ABSOLUTE_TIMEOUT_MS) / 1000);
  return cookieHeader(sessionCookieName(options.secure), token, maxAge, "Lax", options.secure);
}

/** Set-Cookie that removes the session cookie. */
export function clearSessionCookie(options: { secure: boolean }): string {
  return cookieHeader(sessionCookieName(options.secure), "", 0, "Lax", options.secure);
}

// The half-signed-in state (password right, second factor due) lives in a cookie of its own,
// for minutes, sent only to our own pages (Strict): the session is created after the code.
const PENDING_COOKIE = "ys_signin";
export const PENDING_CODE_MS = 5 * 60 * 1000;
/** Enrolling takes longer: installing an app, scanning, typing. */
export const PENDING_ENROL_MS = 15 * 60 * 1000;

export function pendingCookieName(secure: boolean): string {
  return secure ? `__Host-${PENDING_COOKIE}` : PENDING_COOKIE;
}

export function pendingCookie(token: string, options: { secure: boolean; maxAgeMs: number }): string {
  return cookieHeader(pendingCookieName(options.secure), token, Math.floor(options.maxAgeMs / 1000), "Strict", options.secure);
}

export function clearPendingCookie(options: { secure: boolean }): string {
  return cookieHeader(pendingCookieName(options.secure), "", 0, "Strict", options.secure);
}

// A device that finished a sign-in is remembered by a signed id in a cookie of its own, for as
// long as a sign-in keeps a network recognised: the failures of others do not hold it out
// (rate-limit.server.ts). It opens nothing by itself: the password is still needed.
const DEVICE_COOKIE = "ys_device";
const DEVICE_MEMORY_MS = 30 * 24 * 60 * 60 * 1000;

export function deviceCookieName(secure: boolean): string {
  return secure ? `__Host-${DEVICE_COOKIE}` : DEVICE_COOKIE;
}

export function deviceCookie(value: string, options: { secure: boolean }): string {
  return cookieHeader(deviceCookieName(options.secure), value, Math.floor(DEVICE_MEMORY_MS / 1000), "Strict", options.secure);
}

export function isStateChanging(method: string): boolean {
  return !["GET", "HEAD", "OPTIONS"].includes(method.toUpperCase());
}

function originOf(value: string | null): string | null {
  if (!value || value === "null") return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/**
 * Whether a request comes from one of our own pages: its Origin (or, without one,
 * its Referer) is the request's own origin or the configured public URL's.
 * Browsers send Origin with every POST, so a request with neither is refused.
 */
export function isSameOrigin(request: Request, publicUrl: string): boolean {
  const origin = request.headers.get("Origin");
  const claimed = origin !== null ? originOf(origin) : originOf(request.headers.get("Referer"));
  if (!claimed) return false;
  return claimed === new URL(request.url).origin || claimed === originOf(publicUrl);
}

/**
 * The page a request is for, as the browser shows it: React Router's data
 * requests (/admin/attendees.data?_routes=…) name the page /admin/attendees.
 */
export function pagePath(request: Request): string {
  const url = new URL(request.url);
  let pathname = url.pathname;
  if (pathname.endsWith("/_.data")) pathname = pathname.slice(0, -"_.data".length);
  else if (pathname.endsWith(".data")) pathname = pathname.slice(0, -".data".length);
  url.searchParams.delete("_routes");
  url.searchParams.delete("index");
  const search = url.searchParams.toString();
  return `${pathname}${search ? `?${search}` : ""}`;
}

/** Only admin pages of this site are redirect targets (no open redirect, no loop back to login). */
export function safeRedirectTo(value: unknown): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return ADMIN_HOME;
  let url: URL;
  try {
    url = new URL(value, "http://internal.invalid");
  } catch {
    return ADMIN_HOME;
  }
  if (url.origin !== "http://internal.invalid") return ADMIN_HOME;
  const { pathname } = url;
  if (pathname !== ADMIN_HOME && !pathname.startsWith(`${ADMIN_HOME}/`)) return ADMIN_HOME;
  if (pathname.startsWith(LOGIN_PATH) || pathname.startsWith("/admin/logout")) return ADMIN_HOME;
  return `${pathname}${url.search}`;
}

/** /admin/login, with the page to return to after signing in (omitted for the dashboard). */
export function loginUrl(returnTo: string): string {
  const target = safeRedirectTo(returnTo);
  return target === ADMIN_HOME ? LOGIN_PATH : `${LOGIN_PATH}?${new URLSearchParams({ redirectTo: target })}`;
}
