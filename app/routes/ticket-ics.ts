import { getConfig } from "~/config.server";
import { getDb } from "~/db/db.server";
import { getSettings } from "~/modules/settings/settings.server";
import { ticketCalendar } from "~/modules/tickets/calendar.server";
import { CALENDAR_FILENAME, ticketPageUrl } from "~/modules/tickets/ticket-email.server";
import { findTicketByToken } from "~/modules/tickets/tickets.server";
import type { Route } from "./+types/ticket-ics";

const PRIVATE_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

/** GET /tickets/:token/calendar.ics — the calendar invite for a valid ticket token. */
export async function loader({ params }: Route.LoaderArgs) {
  const config = getConfig();
  const db = await getDb();
  const ticket = await findTicketByToken(db, params.token, config.sessionSecret);
  if (!ticket) {
    return new Response("Not Found", { status: 404, headers: { ...PRIVATE_HEADERS, "Content-Type": "text/plain; charset=utf-8" } });
  }
  const settings = await getSettings(db);
  const ics = ticketCalendar({
    settings,
    ticketId: ticket.ticket_id,
    fullName: ticket.full_name,
    ticketUrl: ticketPageUrl(config.publicUrl, params.token),
  });
  return new Response(ics, {
    headers: {
      ...PRIVATE_HEADERS,
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${CALENDAR_FILENAME}"`,
    },
  });
}
