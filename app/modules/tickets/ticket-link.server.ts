import { getConfig } from "~/config.server";
import { signSelfServiceToken } from "./ticket-token.server";

// Where a ticket lives on the web: /tickets/<self-service token>, the person's own link. Only
// their e-mails carry it (and the admin's details page, for organisers helping them).

export type TicketLinkKeys = { publicUrl: string; secret: string };

/** The site's address and the secret that signs ticket tokens, from the configuration. */
export function ticketLinkKeys(): TicketLinkKeys {
  const config = getConfig();
  return { publicUrl: config.publicUrl, secret: config.sessionSecret };
}

export function ticketPageUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, "")}/tickets/${encodeURIComponent(token)}`;
}

/** The ticket page of a registration, by its id. */
export function ticketPageUrlForRegistration(registrationId: string, keys: TicketLinkKeys): string {
  return ticketPageUrl(keys.publicUrl, signSelfServiceToken(registrationId, keys.secret));
}
