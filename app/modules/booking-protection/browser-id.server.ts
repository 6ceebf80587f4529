import { randomBytes } from "node:crypto";

// The browser a public form was served to: a random id in a cookie of its own, so a form's
// stamp works only from the browser that loaded the page (human-check.server.ts), and a tracked
// link counts one visit a day per browser (modules/outreach, which keeps only a hash of it mixed
// with the day). It says nothing about the person and is not used for anything else.

const NAME = "summit_browser";
// Browsers keep a "__Host-" cookie only if it is Secure, for this host alone, on every path.
const SECURE_NAME = `__Host-${NAME}`;
const ID = /^[A-Za-z0-9_-]{22}$/;
const MAX_AGE_SECONDS = 30 * 86_400;

/** The browser id the request's cookie carries, or "" when it has none (or a malformed one). */
export function browserIdOf(request: Request, secure: boolean): string {
  return browserIdInCookies(request.headers.get("Cookie"), secure);
}

/** The browser id a Cookie header carries, or "". */
function browserIdInCookies(cookieHeader: string | null | undefined, secure: boolean): string {
  const name = secure ? SECURE_NAME : NAME;
  for (const part of (cookieHeader ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    const value = rest.join("=");
    if (key === name && ID.test(value)) return value;
  }
  return "";
}

/** The request's browser id, or a new one with the Set-Cookie header that gives it to the browser. */
export function ensureBrowserId(request: Request, secure: boolean): { id: string; setCookie?: string } {
  return ensureBrowserIdIn(request.headers.get("Cookie"), secure);
}

/** ensureBrowserId for a Cookie header (a tracked link followed through Express: modules/outreach). */
export function ensureBrowserIdIn(cookieHeader: string | null | undefined, secure: boolean): { id: string; setCookie?: string } {
  const existing = browserIdInCookies(cookieHeader, secure);
  if (existing) return { id: existing };
  const id = randomBytes(16).toString("base64url");
  const attributes = ["Path=/", `Max-Age=${MAX_AGE_SECONDS}`, "HttpOnly", "SameSite=Lax", ...(secure ? ["Secure"] : [])];
  return { id, setCookie: `${secure ? SECURE_NAME : NAME}=${id}; ${attributes.join("; ")}` };
}
