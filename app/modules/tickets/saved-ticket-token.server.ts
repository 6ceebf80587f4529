import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { attendees } from "~/db/schema";
import { TICKET_ID_CHARS } from "./door-code";
import { signToken, verifyToken } from "./ticket-token.server";
import type { TicketHolder } from "./tickets.server";

// "Save ticket" in the registration's answer (the success dialog, and the page without
// JavaScript). That answer is shown to whoever typed the address, so it must never carry the
// self-service token (the ticket page, cancel, the data rights: the person's own e-mail only,
// ADR 011). It carries a third credential instead: a token of its own purpose ("saved-ticket",
// its own key) naming the ticket ID and an expiry, which fetches the ticket's image and nothing
// else. The image shows what the answer already shows (the name typed, the ticket ID, the QR
// code's door code), so the token reveals nothing more, and it lapses soon after the answer.

/** Long enough to tap "Save ticket" on a slow connection, or come back to the answered page. */
export const SAVED_TICKET_TTL_MS = 2 * 60 * 60_000;

// "<ticket ID>~<expiry, seconds since 1970 in base 36>"
const VALUE = /^[0-9A-Z][0-9A-Z-]{0,47}~[0-9a-z]{1,8}$/;

/** The token of the answer's "Save ticket" for this ticket, good until SAVED_TICKET_TTL_MS from now. */
export function signSavedTicketToken(ticketId: string, secret: string, now = new Date()): string {
  if (!TICKET_ID_CHARS.test(ticketId)) throw new Error(`cannot sign ${JSON.stringify(ticketId)} for saved-ticket`);
  const expires = Math.floor((now.getTime() + SAVED_TICKET_TTL_MS) / 1000).toString(36);
  return signToken("saved-ticket", `${ticketId}~${expires}`, secret, VALUE);
}

/** The ticket ID a "Save ticket" token names while it has not lapsed; null for anything else (self-service tokens, door codes included). */
export function verifySavedTicketToken(token: string, secret: string, now = new Date()): string | null {
  const value = verifyToken("saved-ticket", token, secret, VALUE);
  if (!value) return null;
  const [ticketId, expires] = value.split("~");
  return ticketId && expires && Number.parseInt(expires, 36) * 1000 >= now.getTime() ? ticketId : null;
}

/** The active registration a "Save ticket" token names: gone (cancelled, erased) or lapsed is null. */
export async function findTicketBySavedTicketToken(
  db: DbOrTx,
  token: string,
  secret: string,
  now = new Date(),
): Promise<TicketHolder | null> {
  const ticketId = verifySavedTicketToken(token, secret, now);
  if (!ticketId) return null;
  const [row] = await db
    .select({ id: attendees.id, full_name: attendees.full_name, ticket_id: attendees.ticket_id, language: attendees.language })
    .from(attendees)
    .where(eq(attendees.ticket_id, ticketId))
    .limit(1);
  return row ?? null;
}
