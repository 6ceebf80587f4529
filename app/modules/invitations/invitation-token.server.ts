import { type Language, withLanguage } from "~/i18n/languages";
import { signToken, verifyToken } from "~/modules/tickets/ticket-token.server";

// The link in every invitation that stops them (/future-editions/<id>.<signature>): it names one
// opt-in by its random id, signed under a key of its own ("invitation"), so no other link of
// the site (a ticket, a waitlist place) can stand in for it, nor it for them. Only the
// person's mailbox receives it.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function signInvitationToken(invitationId: string, secret: string): string {
  return signToken("invitation", invitationId, secret, UUID);
}

/** The opt-in's id; null for anything malformed, forged, or signed with a key no longer accepted. */
export function verifyInvitationToken(token: string, secret: string): string | null {
  return verifyToken("invitation", token, secret, UUID);
}

/** The page that stops the invitations, opening in the person's language. */
export function withdrawUrl(publicUrl: string, invitationId: string, secret: string, language: Language): string {
  const token = signInvitationToken(invitationId, secret);
  return withLanguage(`${publicUrl.replace(/\/+$/, "")}/future-editions/${encodeURIComponent(token)}`, language);
}
