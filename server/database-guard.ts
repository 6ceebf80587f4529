import type { RequestHandler } from "express";
import type { DbConnection } from "~/db/client.server";
import { sendUnavailable } from "./unavailable-page";

// While PostgreSQL is out of reach (app/db/availability.server.ts), every page and action
// needs it and would fail anyway, after a connection attempt, with the generic error page.
// This answers them at once instead, with the 503 page that says so (and, for a form post,
// a form that sends what was typed again). Static files are served before this runs;
// /healthz goes on to say 503 itself, with its JSON. Nothing else changes: when the
// database is reachable, or is the embedded one that cannot go away, requests pass.

/** What Retry-After says: the tracker looks every second, an outage worth this page lasts longer. */
const RETRY_AFTER_SECONDS = 10;

export function databaseGuard(database: Pick<DbConnection, "availability">): RequestHandler {
  const availability = database.availability;
  return (req, res, next) => {
    if (!availability?.isDown() || req.path === "/healthz") return next();
    sendUnavailable(req, res, "database", RETRY_AFTER_SECONDS).catch(next);
  };
}
