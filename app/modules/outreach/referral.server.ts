import { INVITE_CODE_LENGTH, OUTREACH_CODE_ALPHABET, SOURCE_CODE_LENGTH } from "~/db/outreach-codes";

// The source cookie: which tracked link brought this browser, and when. Set when someone follows
// a source's link (/r/<code>, ?ref=, utm_source) or an attendee's invite link (/i/<code>), read
// when they register. First party, HttpOnly (no script reads it), SameSite=Lax (sent when the
// visitor comes back by a link), Secure on an https site, for 30 days.
//
// The attribution rule: the first tracked link followed within 30 days wins. While the cookie
// lives, another tracked link still counts its visit but does not replace it; once it expires,
// the next tracked link sets a new one. It holds the link's code and the time, nothing else.

type ReferralVia = "source" | "invite";
export type Referral = { via: ReferralVia; code: string; since: Date };

export const REFERRAL_DAYS = 30;
const REFERRAL_MS = REFERRAL_DAYS * 86_400_000;
const NAME = "summit_ref";
// As the browser-id cookie: a "__Host-" name is kept only if Secure, for this host alone.
const SECURE_NAME = `__Host-${NAME}`;
const VALUE = new RegExp(`^([ri])\\.([${OUTREACH_CODE_ALPHABET}]{${SOURCE_CODE_LENGTH},${INVITE_CODE_LENGTH}})\\.(\\d{1,12})$`);

/** The referral a Cookie header carries while it is within its 30 days, else null. */
export function referralIn(cookieHeader: string | null | undefined, secure: boolean, now = new Date()): Referral | null {
  const name = secure ? SECURE_NAME : NAME;
  for (const part of (cookieHeader ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key !== name) continue;
    const match = VALUE.exec(rest.join("="));
    if (!match) return null;
    const [, kind, code = "", seconds] = match;
    const via: ReferralVia = kind === "r" ? "source" : "invite";
    if (code.length !== (via === "source" ? SOURCE_CODE_LENGTH : INVITE_CODE_LENGTH)) return null;
    const since = new Date(Number(seconds) * 1000);
    return isCurrent(since, now) ? { via, code, since } : null;
  }
  return null;
}

/** The referral of a request (its Cookie header), as referralIn. */
export function referralOf(request: Request, secure: boolean, now = new Date()): Referral | null {
  return referralIn(request.headers.get("Cookie"), secure, now);
}

/** Within the 30 days, and not from the future (a minute's clock difference aside). */
export function isCurrent(since: Date, now: Date): boolean {
  const age = now.getTime() - since.getTime();
  return age < REFERRAL_MS && age > -60_000;
}

/** The Set-Cookie header that gives the browser `referral`, to expire 30 days after it began. */
export function referralCookie(referral: Referral, secure: boolean, now = new Date()): string {
  const value = `${referral.via === "source" ? "r" : "i"}.${referral.code}.${Math.floor(referral.since.getTime() / 1000)}`;
  const maxAge = Math.max(0, Math.floor((referral.since.getTime() + REFERRAL_MS - now.getTime()) / 1000));
  const attributes = ["Path=/", `Max-Age=${maxAge}`, "HttpOnly", "SameSite=Lax", ...(secure ? ["Secure"] : [])];
  return `${secure ? SECURE_NAME : NAME}=${value}; ${attributes.join("; ")}`;
}
