import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { attendees, outreach_sources } from "~/db/schema";
import { isLanguage, LANGUAGE_PARAM } from "~/i18n/languages";
import { ensureBrowserIdIn } from "~/modules/booking-protection/browser-id.server";
import type { TypedCode } from "./codes";
import { referralCookie, referralIn } from "./referral.server";
import { countVisit, type VisitedLink, type VisitOutcome } from "./visits.server";

// Following a tracked link: a source's /r/<code> (or ?ref= / utm_source= on any public page) or an
// attendee's invite link /i/<code>. The visit is counted (visits.server.ts), the browser gets the
// source cookie unless an earlier tracked link within 30 days has it already (referral.server.ts),
// and the visitor lands on the page. A code that names nothing, or an archived source, lands the
// same way without counting or a cookie: a mistyped poster link must still reach the summit.

/** Who followed the link, as the request tells it. */
export type Follower = {
  cookieHeader: string | null | undefined;
  userAgent: string;
  clientIp: string;
  /** the site is reached over https: cookies are then Secure (and named __Host-…) */
  secure: boolean;
  method: string;
};

export type Followed = { found: boolean; setCookies: string[]; outcome?: VisitOutcome };

// The programs that fetch a link to show its preview (WhatsApp, Facebook, X, Telegram…) or to index
// it. They are not people: their fetches neither count nor get a cookie. They still follow the
// redirect, so a shared short link shows the landing page's card.
const CRAWLER =
  /bot\b|crawler|spider|facebookexternalhit|facebookcatalog|whatsapp\/|skypeuripreview|embedly|pinterest|google-inspectiontool|vkshare|preview/i;

function isCrawler(userAgent: string): boolean {
  return CRAWLER.test(userAgent);
}

/** The link a code names while it may be followed: an active source, or a current attendee's invite code. */
async function linkOf(db: DbOrTx, typed: TypedCode): Promise<VisitedLink | null> {
  if (typed.via === "source") {
    const [source] = await db
      .select({ id: outreach_sources.id })
      .from(outreach_sources)
      .where(and(eq(outreach_sources.code, typed.code), isNull(outreach_sources.archived_at)));
    return source ? { via: "source", sourceId: source.id } : null;
  }
  const [inviter] = await db.select({ id: attendees.id }).from(attendees).where(eq(attendees.invite_code, typed.code));
  return inviter ? { via: "invite", inviterId: inviter.id } : null;
}

/** Counts the visit and gives the cookies for following `typed` (null: a code that cannot be one). */
export async function followTrackedLink(db: DbOrTx, typed: TypedCode | null, follower: Follower, now = new Date()): Promise<Followed> {
  const link = typed ? await linkOf(db, typed) : null;
  if (!typed || !link) return { found: false, setCookies: [] };
  if (follower.method !== "GET" || isCrawler(follower.userAgent)) return { found: true, setCookies: [] };
  const setCookies: string[] = [];
  const browser = ensureBrowserIdIn(follower.cookieHeader, follower.secure);
  if (browser.setCookie) setCookies.push(browser.setCookie);
  const outcome = await countVisit(db, { link, browserId: browser.id, clientIp: follower.clientIp, now });
  // The first tracked link within 30 days wins: an earlier one's cookie stays as it is.
  if (!referralIn(follower.cookieHeader, follower.secure, now)) {
    setCookies.push(referralCookie({ via: typed.via, code: typed.code, since: now }, follower.secure, now));
  }
  return { found: true, setCookies, outcome };
}

/** Where a short link lands: the landing page, in the language the link asked for (?lang=). */
export function landingFor(url: URL): string {
  const language = url.searchParams.get(LANGUAGE_PARAM);
  return isLanguage(language) ? `/?${LANGUAGE_PARAM}=${language}` : "/";
}

/** The parameters a tracked page link carries, read by trackedParam and dropped from where it lands. */
const TRACKING_PARAMS = ["ref", "utm_source"];

/** The code a page's ?ref= (or, without one, utm_source=) names, or null. */
export function trackedParam(url: URL): string | null {
  for (const name of TRACKING_PARAMS) {
    const value = url.searchParams.get(name);
    if (value) return value;
  }
  return null;
}

/** The origin a request's own path is read against: never a real host, so nothing can point elsewhere by it. */
const OWN_ORIGIN = "http://site.invalid";

/**
 * A request target (`req.originalUrl`) read as this site's path and query, or null when it is not
 * one (an absolute-form target). Read after our own origin, so a path starting `//host` stays a
 * path on this site instead of naming a host, as `new URL(path, base)` would read it.
 */
export function ownRequestUrl(target: string): URL | null {
  if (!target.startsWith("/")) return null;
  try {
    const url = new URL(`${OWN_ORIGIN}${target}`);
    return url.origin === OWN_ORIGIN ? url : null;
  } catch {
    return null;
  }
}

/**
 * `url`'s path and query without ref and the utm_ parameters: the page the tracked link was for,
 * always a path on this site. A path starting with two slashes (or a backslash, which browsers
 * read as one) would be a protocol-relative address in a Location header and send the browser to
 * another host: the leading run collapses to one slash. Null if the result would still leave the site.
 */
export function withoutTracking(url: URL): string | null {
  const kept = new URLSearchParams();
  for (const [name, value] of url.searchParams) if (name !== "ref" && !name.startsWith("utm_")) kept.append(name, value);
  const query = kept.toString();
  const location = `${url.pathname.replace(/^[/\\]+/, "/")}${query ? `?${query}` : ""}`;
  // Belt and braces: resolved as a browser resolves a Location, it must still be this site.
  return new URL(location, OWN_ORIGIN).origin === OWN_ORIGIN ? location : null;
}
