import { getConfig } from "~/config.server";
import { shortSelfServiceToken, signSelfServiceToken } from "./ticket-token.server";

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

/** The ticket page of a registration, by its id and its link's version (attendees.token_version). */
export function ticketPageUrlForRegistration(registrationId: string, keys: TicketLinkKeys, version = 0): string {
  return ticketPageUrl(keys.publicUrl, signSelfServiceToken(registrationId, keys.secret, version));
}

/** The ticket page's short link (/t/…), for an SMS: it redirects to the page itself. */
export function shortTicketUrl(registrationId: string, keys: TicketLinkKeys, version = 0): string {
  return `${keys.publicUrl.replace(/\/+$/, "")}/t/${shortSelfServiceToken(registrationId, keys.secret, version)}`;
}
