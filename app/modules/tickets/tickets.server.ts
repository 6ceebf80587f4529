import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { attendees } from "~/db/schema";
import { formatEventDate } from "~/modules/settings/event-time";
import { getSettings } from "~/modules/settings/settings.server";
import { ticketCalendar } from "./calendar.server";
import { qrSvg } from "./qr.server";
import { type TicketLinkKeys, ticketPageUrl } from "./ticket-link.server";
import { verifyTicketToken } from "./ticket-token.server";

export type TicketHolder = { full_name: string; ticket_id: string };

/**
 * The holder of a valid ticket token: only the name and ticket ID, all the ticket
 * page shows. Null for a forged token or a ticket whose attendee was deleted.
 */
export async function findTicketByToken(db: DbOrTx, token: string, secret: string): Promise<TicketHolder | null> {
  const ticketId = verifyTicketToken(token, secret);
  if (!ticketId) return null;
  const [row] = await db
    .select({ full_name: attendees.full_name, ticket_id: attendees.ticket_id })
    .from(attendees)
    .where(eq(attendees.ticket_id, ticketId))
    .limit(1);
  return row ?? null;
}

/** What the ticket page shows for a valid token: holder, event facts and the QR code; null for a forged or deleted ticket. */
export async function ticketPage(db: DbOrTx, token: string, secret: string) {
  const ticket = await findTicketByToken(db, token, secret);
  if (!ticket) return null;
  const settings = await getSettings(db);
  return {
    ticket: { fullName: ticket.full_name, ticketId: ticket.ticket_id },
    event: { name: settings.event_name, date: formatEventDate(settings.event_date), time: settings.event_time, venue: settings.venue },
    // The QR code carries the signed token, so check-in can tell a real ticket from a made-up one.
    qrSvg: await qrSvg(token),
    calendarHref: `/tickets/${encodeURIComponent(token)}/calendar.ics`,
  };
}

/** The calendar invite (.ics text) of a valid ticket token; null for a forged or deleted ticket. */
export async function ticketCalendarFile(db: DbOrTx, token: string, keys: TicketLinkKeys): Promise<string | null> {
  const ticket = await findTicketByToken(db, token, keys.secret);
  if (!ticket) return null;
  return ticketCalendar({
    settings: await getSettings(db),
    ticketId: ticket.ticket_id,
    fullName: ticket.full_name,
    ticketUrl: ticketPageUrl(keys.publicUrl, token),
  });
}
