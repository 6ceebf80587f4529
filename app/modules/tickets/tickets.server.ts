import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { attendees } from "~/db/schema";
import { formatEventDate } from "~/modules/settings/event-time";
import { getSettings } from "~/modules/settings/settings.server";
import { ticketCalendar } from "./calendar.server";
import { findCancelledTicket } from "./cancel.server";
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

/**
 * What the ticket page shows for a valid token: holder, event facts and the QR code, or,
 * for a registration its holder cancelled, that it is cancelled; null for a forged token or
 * a deleted registration.
 */
export async function ticketPage(db: DbOrTx, token: string, secret: string) {
  const ticket = await findTicketByToken(db, token, secret);
  const cancelled = ticket ? undefined : await findCancelledByToken(db, token, secret);
  if (!ticket && !cancelled) return null;
  const settings = await getSettings(db);
  const event = { name: settings.event_name, date: formatEventDate(settings.event_date), time: settings.event_time, venue: settings.venue };
  if (!ticket)
    return {
      state: "cancelled" as const,
      token,
      ticket: { fullName: cancelled?.full_name ?? "", ticketId: cancelled?.ticket_id ?? "" },
      cancelledAt: cancelled?.cancelled_at ?? new Date(),
      event,
    };
  return {
    state: "active" as const,
    token,
    ticket: { fullName: ticket.full_name, ticketId: ticket.ticket_id },
    event,
    // The QR code carries the signed token, so check-in can tell a real ticket from a made-up one.
    qrSvg: await qrSvg(token),
    calendarHref: `/tickets/${encodeURIComponent(token)}/calendar.ics`,
    cancelHref: `/tickets/${encodeURIComponent(token)}/cancel`,
  };
}

async function findCancelledByToken(db: DbOrTx, token: string, secret: string) {
  const ticketId = verifyTicketToken(token, secret);
  return ticketId ? findCancelledTicket(db, ticketId) : undefined;
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
