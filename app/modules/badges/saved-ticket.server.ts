import type { DbOrTx } from "~/db/client.server";
import type { Language } from "~/i18n/languages";
import { translator } from "~/i18n/translate.server";
import { formatEventDate } from "~/modules/settings/event-time";
import { localizedSettings } from "~/modules/settings/localized-settings";
import { getSettings } from "~/modules/settings/settings.server";
import { findTicketBySavedTicketToken } from "~/modules/tickets/saved-ticket-token.server";
import { signDoorCode } from "~/modules/tickets/ticket-token.server";
import { findTicketByToken, type TicketHolder } from "~/modules/tickets/tickets.server";
import { ticketPng } from "./ticket-image.server";

/**
 * The PNG of "Save ticket" for the holder's own link (the ticket page's token), in `language`,
 * and its file name; null for anything the ticket page would not show as a ticket: a forged
 * token, a door code, a cancelled or erased registration.
 */
export async function savedTicket(db: DbOrTx, token: string, secret: string, language: Language) {
  const ticket = await findTicketByToken(db, token, secret);
  return ticket ? drawSavedTicket(db, ticket, secret, language) : null;
}

/**
 * The same PNG for the registration's answer's "Save ticket" (its short-lived token of its own,
 * tickets/saved-ticket-token.server.ts); null when the token is forged, lapsed or the ticket gone.
 */
export async function savedTicketFromAnswer(db: DbOrTx, token: string, secret: string, language: Language) {
  const ticket = await findTicketBySavedTicketToken(db, token, secret);
  return ticket ? drawSavedTicket(db, ticket, secret, language) : null;
}

async function drawSavedTicket(db: DbOrTx, ticket: TicketHolder, secret: string, language: Language) {
  const settings = localizedSettings(await getSettings(db), language);
  const t = translator(language, "public");
  const png = await ticketPng(
    {
      eventName: settings.event_name,
      fullName: ticket.full_name,
      ticketId: ticket.ticket_id,
      // Written here, as on the ticket page: the date in the holder's language.
      date: formatEventDate(settings.event_date, language),
      time: settings.event_time,
      venue: settings.venue,
      doorCode: signDoorCode(ticket.ticket_id, secret),
    },
    {
      admission: t("ticket.admission"),
      name: t("ticket.name"),
      ticketId: t("register.success.ticketId"),
      date: t("facts.date"),
      time: t("facts.time"),
      venue: t("facts.venue"),
      showAtDoor: t("ticket.showAtDoor"),
    },
  );
  return { png, filename: `ticket-${ticket.ticket_id}.png` };
}
