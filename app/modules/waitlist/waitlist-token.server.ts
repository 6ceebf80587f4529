import { signToken, verifyToken } from "~/modules/tickets/ticket-token.server";

// A waitlist entry's link (/waitlist/<id>.<signature>), in the e-mails sent to the person: it
// shows their place or their offer, and lets them claim, decline or leave. Signed like a
// ticket, under its own purpose, so one can never stand in for the other.
const PURPOSE = "waitlist:v1:";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function signWaitlistToken(id: string, secret: string): string {
  return signToken(PURPOSE, id, secret, UUID);
}

/** The waitlist entry's id; null for anything malformed or forged. */
export function verifyWaitlistToken(token: string, secret: string): string | null {
  return verifyToken(PURPOSE, token, secret, UUID);
}

export function waitlistPageUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, "")}/waitlist/${encodeURIComponent(token)}`;
}
