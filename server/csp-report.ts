import express, { type RequestHandler } from "express";
import type { Logger } from "pino";
import { clientNetwork } from "~/client-network.server";

// Where browsers report what the Content-Security-Policy blocked (or, with CSP_REPORT_ONLY,
// would block). Anyone can post here, so it is the cheapest way into the log: a report is read
// only up to a few kilobytes, each network (clientNetwork) may send a handful in ten minutes,
// and the line written keeps the directive and the blocked origin, never a page's path or
// query (a ticket page's address holds its token; docs/PRIVACY.md).

/** A real report is well under 1 KB; a page with several violations sends several. */
export const CSP_REPORT_MAX_BYTES = 4 * 1024;
/** Reports a network may send per window; more are answered 429 and not read. */
export const CSP_REPORTS_PER_WINDOW = 20;
const WINDOW_MS = 10 * 60_000;
/** Networks remembered at once: a flood of addresses cannot grow the map past this. */
const MAX_NETWORKS = 10_000;

const TYPES = ["application/csp-report", "application/reports+json", "application/json"];

/** What the log keeps of a report: the directive and where the blocked thing came from (scheme and host, or a keyword such as inline). */
export function summarizeCspReport(body: unknown): { directive: string; blocked: string } {
  const first = Array.isArray(body) ? body[0] : body;
  const outer = (first ?? {}) as Record<string, unknown>;
  const report = (outer["csp-report"] ?? outer.body ?? outer) as Record<string, unknown>;
  const text = (...keys: string[]) => {
    for (const key of keys) if (typeof report[key] === "string") return report[key] as string;
    return "";
  };
  const directive = text("effective-directive", "effectiveDirective", "violated-directive", "violatedDirective").split(" ")[0] ?? "";
  return {
    directive: /^[a-z-]{1,40}$/.test(directive) ? directive : "unknown",
    blocked: originOf(text("blocked-uri", "blockedURL", "blockedUri")),
  };
}

function originOf(uri: string): string {
  if (/^[a-z-]{1,20}$/.test(uri)) return uri; // inline, eval, data, blob, self…
  try {
    const url = new URL(uri);
    return url.host ? `${url.protocol}//${url.host}` : url.protocol.replace(/:$/, "");
  } catch {
    return "unknown";
  }
}

export function cspReports(log: Pick<Logger, "warn">): RequestHandler[] {
  const windows = new Map<string, { start: number; count: number }>();
  const parse = express.json({ type: TYPES, limit: CSP_REPORT_MAX_BYTES });
  const limit: RequestHandler = (req, res, next) => {
    const length = Number(req.headers["content-length"] ?? Number.NaN);
    // Unknown or too long: refused before a byte of it is read.
    if (!(length <= CSP_REPORT_MAX_BYTES)) return void res.setHeader("Connection", "close").status(413).end();
    const network = clientNetwork(req.ip ?? "") || "unknown";
    const now = Date.now();
    let window = windows.get(network);
    if (!window || now - window.start >= WINDOW_MS) {
      if (windows.size >= MAX_NETWORKS) {
        for (const [key, old] of windows) if (now - old.start >= WINDOW_MS) windows.delete(key);
        if (windows.size >= MAX_NETWORKS) windows.clear();
      }
      window = { start: now, count: 0 };
      windows.set(network, window);
    }
    if (++window.count > CSP_REPORTS_PER_WINDOW) return void res.setHeader("Connection", "close").status(429).end();
    // A body the parser refuses (malformed, too long after all) is answered here: the default
    // error handler would print the parser's message, which can quote the body.
    parse(req, res, (error?: unknown) => (error ? void res.status(400).end() : next()));
  };
  const record: RequestHandler = (req, res) => {
    const summary = summarizeCspReport(req.body);
    log.warn(summary, "content security policy: a browser reported a violation");
    res.status(204).end();
  };
  return [limit, record];
}
