import { requireStaff } from "~/modules/auth/session.server";
import { doorListResponse } from "~/modules/checkin/door-sync-actions.server";
import type { Route } from "./+types/check-in-list";

// /admin/check-in/list: what a door's device keeps to check people in offline (JSON).
export async function loader({ request }: Route.LoaderArgs) {
  const { admin, db } = await requireStaff(request);
  return doorListResponse(db, admin, new URL(request.url));
}
