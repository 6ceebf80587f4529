import { eq, type SQL } from "drizzle-orm";
import { attendees } from "~/db/schema";
import { phoneSearchKey } from "~/modules/person/phone.server";
import { readTicketId } from "~/modules/tickets/ticket-id";

/**
 * What a search text says besides a name (ADR 014): a phone number in any form (stored in
 * E.164, attendees_phone_idx) or a ticket ID however it was typed, as conditions on attendees,
 * each compared whole through its index. Shared by the attendee list and the door's search.
 */
export function holderMatches(text: string): SQL[] {
  const matches: SQL[] = [];
  const phone = phoneSearchKey(text);
  if (phone) matches.push(eq(attendees.phone, phone));
  const ticketId = readTicketId(text);
  if (ticketId) matches.push(eq(attendees.ticket_id, ticketId));
  return matches;
}
