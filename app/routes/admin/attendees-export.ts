import { exportAttendeesCsv } from "~/modules/attendees/csv.server";
import { parseAttendeeQuery } from "~/modules/attendees/schemas";
import { requireAdmin } from "~/modules/auth/session.server";
import type { Route } from "./+types/attendees-export";

// /admin/attendees/export.csv: every attendee, or with ?scope=filtered the list's
// current filter (q, gender, state). Streamed from the database in batches.

export async function loader({ request, url }: Route.LoaderArgs) {
  const { admin, db } = await requireAdmin(request);
  const filtered = url.searchParams.get("scope") === "filtered";
  const { page: _page, ...filter } = parseAttendeeQuery(url.searchParams);
  const gzip = /\bgzip\b/.test(request.headers.get("accept-encoding") ?? "");
  return exportAttendeesCsv(db, admin, { filter: filtered ? filter : null, gzip });
}
