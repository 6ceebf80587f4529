import { data } from "react-router";
import { exportPersonalData } from "~/modules/attendees/personal-data.server";
import { requireAdmin } from "~/modules/auth/session.server";
import type { Route } from "./+types/attendee-data";

// /admin/attendees/:id/data.json: everything stored about an attendee, for a request made to the organisers.
export async function loader({ request, params }: Route.LoaderArgs) {
  const { admin, db } = await requireAdmin(request);
  const personal = await exportPersonalData(db, admin, params.id);
  if (!personal) throw data("Attendee not found", { status: 404 });
  return new Response(JSON.stringify(personal, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="attendee-${params.id}.json"`,
      "Cache-Control": "no-store",
    },
  });
}
