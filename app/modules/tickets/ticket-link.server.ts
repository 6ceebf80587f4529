import { getConfig } from "~/config.server";
import { logger } from "~/logger.server";
import { signTicketToken } from "./ticket-token.server";

// Where a ticket lives on the web: /tickets/<signed token>. The e-mail, the success
// modal, the calendar invite and the admin's details page all link there.

export type TicketLinkKeys = { publicUrl: string; secret: string };

/** The site's address and the secret that signs ticket tokens, from the configuration. */
export function ticketLinkKeys(): TicketLinkKeys {
  const config = getConfig();
  return { publicUrl: config.publicUrl, secret: config.sessionSecret };
}

export function ticketPageUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, "")}/tickets/${encodeURIComponent(token)}`;
}

/** The ticket page of a ticket ID; null for an imported ID outside the signed format, which has no page. */
export function ticketPageUrlForId(ticketId: string, keys: TicketLinkKeys): string | null {
  try {
    return ticketPageUrl(keys.publicUrl, signTicketToken(ticketId, keys.secret));
  } catch (error) {
    logger().warn({ err: error, ticketId }, "no ticket page for this ticket ID");
    return null;
  }
}
