import { data } from "react-router";
import { getConfig } from "~/config.server";
import { getDb } from "~/db/db.server";
import { exportBySelfService, registrationBySelfServiceToken } from "~/modules/attendees/personal-data.server";
import { PRIVATE_HEADERS } from "~/ui/private-page";
import type { Route } from "./+types/ticket-data";

// /tickets/<token>/my-data.json: 'Download my data', everything stored about the ticket's holder.
export async function loader({ params }: Route.LoaderArgs) {
  const db = await getDb();
  const reach = await registrationBySelfServiceToken(db, params.token, getConfig().sessionSecret);
  const personal = reach ? await exportBySelfService(db, reach) : undefined;
  if (!personal) throw data("Not Found", { status: 404 });
  return new Response(JSON.stringify(personal, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": 'attachment; filename="my-data.json"',
      ...PRIVATE_HEADERS,
    },
  });
}
