import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { attendees } from "~/db/schema";
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
