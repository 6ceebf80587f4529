import { getDb } from "~/db/db.server";
import { CALENDAR_FILENAME } from "~/modules/tickets/calendar.server";
import { ticketLinkKeys } from "~/modules/tickets/ticket-link.server";
import { ticketCalendarFile } from "~/modules/tickets/tickets.server";
import { PRIVATE_HEADERS } from "~/ui/private-page";
import type { Route } from "./+types/ticket-ics";

/** GET /tickets/:token/calendar.ics — the calendar invite for a valid ticket token. */
export async function loader({ params }: Route.LoaderArgs) {
  const ics = await ticketCalendarFile(await getDb(), params.token, ticketLinkKeys());
  if (ics === null) {
    return new Response("Not Found", { status: 404, headers: { ...PRIVATE_HEADERS, "Content-Type": "text/plain; charset=utf-8" } });
  }
  return new Response(ics, {
    headers: {
      ...PRIVATE_HEADERS,
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${CALENDAR_FILENAME}"`,
    },
  });
}
