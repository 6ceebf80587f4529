import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { attendees } from "~/db/schema";
import { formatDateTime } from "~/i18n/format";
import { DEFAULT_LANGUAGE, type Language, languageOr } from "~/i18n/languages";
import { formatEventHours } from "~/modules/settings/event-hours";
import { formatEventDate } from "~/modules/settings/event-time";
import { localizedSettings } from "~/modules/settings/localized-settings";
import { getSettings } from "~/modules/settings/settings.server";
import { googleCalendarUrl, ticketCalendar } from "./calendar.server";
import { findCancelledById } from "./cancel.server";
import { findPastRegistration } from "./past-tickets.server";
import { qrSvg } from "./qr.server";
import { selfServiceRegistration } from "./self-service.server";
import type { TicketLinkKeys } from "./ticket-link.server";
import { signDoorCode, verifyDoorCode } from "./ticket-token.server";

export type TicketHolder = { id: string; full_name: string; ticket_id: string; language: string };

/**
 * The registration a self-service token was issued for, while it is active: only what the
 * ticket page shows. Null for a forged token, a door code, or a registration that is gone.
 */
export async function findTicketByToken(db: DbOrTx, token: string, secret: string): Promise<TicketHolder | null> {
  const id = await selfServiceRegistration(db, token, secret);
  return id ? activeTicket(db, id) : null;
}

async function activeTicket(db: DbOrTx, id: string): Promise<TicketHolder | null> {
  const [row] = await db
    .select({ id: attendees.id, full_name: attendees.full_name, ticket_id: attendees.ticket_id, language: attendees.language })
    .from(attendees)
    .where(eq(attendees.id, id))
    .limit(1);
  return row ?? null;
}

/**
 * What /tickets/<token> shows: for the person's own link, their ticket (holder, event facts,
 * the QR code with the door code) or, once cancelled, that it is cancelled; for a door code
 * (the QR code of a ticket, or a link from the first tickets' e-mails) only that it admits at
 * the door and how to get one's own link again, the same for every ticket so a photographed
 * badge reveals nothing. Null for anything forged or a registration that is gone.
 */
export async function ticketPage(
  db: DbOrTx,
  token: string,
  secret: string,
  language: Language = DEFAULT_LANGUAGE,
  /** the site's address, for the "Add to Google Calendar" link (the pages that show it pass it) */
  siteUrl?: string,
) {
  // The link's registration, once: active, cancelled or of a past edition (self-service.server.ts).
  const registrationId = await selfServiceRegistration(db, token, secret);
  const ticket = registrationId ? await activeTicket(db, registrationId) : null;
  const cancelled = registrationId && !ticket ? await findCancelledById(db, registrationId) : undefined;
  if (!ticket && !cancelled) {
    // A ticket of an earlier edition: its page says whose edition it was, and no more.
    const past = registrationId ? await findPastRegistration(db, registrationId, language) : undefined;
    if (past) return { state: "past" as const, token, registrationId, edition: past.name, date: past.date, fullName: past.full_name };
    return verifyDoorCode(token, secret) ? { state: "door-code" as const } : null;
  }
  const settings = localizedSettings(await getSettings(db), language);
  // Dates are written here, not in the browser: phones' browsers often lack Hausa's calendar words.
  const date = formatEventDate(settings.event_date, language);
  const event = { name: settings.event_name, date, time: formatEventHours(settings), venue: settings.venue };
  if (!ticket)
    return {
      state: "cancelled" as const,
      token,
      ticket: { fullName: cancelled?.full_name ?? "", ticketId: cancelled?.ticket_id ?? "" },
      cancelledAt: formatDateTime(language, cancelled?.cancelled_at ?? new Date()),
      event,
    };
  return {
    state: "active" as const,
    token,
    registrationId: ticket.id,
    ticket: { fullName: ticket.full_name, ticketId: ticket.ticket_id },
    event,
    // The QR code carries the door code: it admits at the door and opens nothing else.
    qrSvg: await qrSvg(signDoorCode(ticket.ticket_id, secret)),
    calendarHref: `/tickets/${encodeURIComponent(token)}/calendar.ics`,
    // The same entry for Google Calendar, with the site's address and the ticket ID, never this page's link.
    googleCalendarHref: siteUrl
      ? googleCalendarUrl({ settings, ticketId: ticket.ticket_id, fullName: ticket.full_name, siteUrl, language })
      : null,
    cancelHref: `/tickets/${encodeURIComponent(token)}/cancel`,
  };
}

/** The calendar invite (.ics text) of a valid self-service token; null for anything else. */
export async function ticketCalendarFile(db: DbOrTx, token: string, keys: TicketLinkKeys): Promise<string | null> {
  const ticket = await findTicketByToken(db, token, keys.secret);
  if (!ticket) return null;
  return ticketCalendar({
    settings: localizedSettings(await getSettings(db), languageOr(ticket.language)),
    ticketId: ticket.ticket_id,
    fullName: ticket.full_name,
    // The site's address, never the ticket's: a calendar gets shared and synced, the ticket link cancels and erases.
    siteUrl: keys.publicUrl,
    language: languageOr(ticket.language),
  });
}
