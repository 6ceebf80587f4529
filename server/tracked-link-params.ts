import type { RequestHandler } from "express";
import type { Db } from "~/db/client.server";
import { logger } from "~/logger.server";
import { typedCode } from "~/modules/outreach/codes";
import { followTrackedLink, ownRequestUrl, trackedParam, withoutTracking } from "~/modules/outreach/tracked-link.server";
import { isAdminPath } from "./admin-path";

// ?ref=<code> (or utm_source=<code>) on any public page works as the source's short link: the
// visit is counted, the source cookie given, and the browser sent on (303) to the same page
// without the tracking parameters. Here, before React Router, so the page itself stays one
// response for everyone: the landing page keeps its shared cache and loads no script. A code
// that names nothing (utm_source=facebook, a typo) is left alone and the page answers as usual.

/** The app's own paths that never take a tracking parameter: the admin, data requests, the short links themselves. */
const UNTRACKED = /^\/(?:r|i|t|w|media|healthz|ussd|sms)(?:\/|$)|\.data$/;

export function trackedLinkParams(db: () => Promise<Db>): RequestHandler {
  return (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || isAdminPath(req.path) || UNTRACKED.test(req.path)) return next();
    // Never new URL(originalUrl, base): it reads "//attacker.example/x" as a host, and the redirect would go there.
    const url = ownRequestUrl(req.originalUrl);
    const param = url ? trackedParam(url) : null;
    const landing = url ? withoutTracking(url) : null;
    if (param === null || landing === null) return next();
    const follow = async () => {
      const followed = await followTrackedLink(await db(), typedCode(param), {
        cookieHeader: req.headers.cookie,
        userAgent: req.get("user-agent") ?? "",
        clientIp: req.ip ?? "",
        secure: req.secure,
        method: req.method,
      });
      if (!followed.found) return next();
      for (const cookie of followed.setCookies) res.append("Set-Cookie", cookie);
      res.setHeader("Cache-Control", "no-store");
      res.redirect(303, landing);
    };
    follow().catch((error: unknown) => {
      logger().error({ err: error }, "a tracked page link could not be counted");
      next();
    });
  };
}
