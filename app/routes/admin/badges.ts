import { requireAdmin } from "~/modules/auth/session.server";
import { exportBadgesPdf } from "~/modules/badges/badges.server";
import type { Route } from "./+types/badges";

// /admin/operations/badges.pdf?layout=sheet|single: every attendee's name badge, streamed
// as a PDF (eight to an A4 page with cut marks, or one 4 × 3 in badge per page). Organisers only.

export async function loader({ request, url }: Route.LoaderArgs) {
  const { admin, db } = await requireAdmin(request);
  return exportBadgesPdf(db, admin, url.searchParams);
}
