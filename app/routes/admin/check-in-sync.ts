import { requestLanguage } from "~/i18n/language.server";
import { requireStaff } from "~/modules/auth/session.server";
import { doorSyncAction } from "~/modules/checkin/door-sync-actions.server";
import type { Route } from "./+types/check-in-sync";

// /admin/check-in/sync: a door's device sends the check-ins it recorded (JSON), offline or not.

// Opened as a page: signed out, to sign in like every admin address; signed in, only POST is taken.
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  return new Response("Send check-ins with POST.", { status: 405, headers: { Allow: "POST", "Cache-Control": "no-store" } });
}

export async function action({ request }: Route.ActionArgs) {
  // requireStaff refuses another site's request (403) and a missing session (401) first.
  const { admin, db } = await requireStaff(request);
  // A past edition's ticket is named in the volunteer's language, as at the online door.
  return doorSyncAction(db, admin, request, requestLanguage(request));
}
