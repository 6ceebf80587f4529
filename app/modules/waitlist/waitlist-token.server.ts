import { shortToken, signToken, verifyToken } from "~/modules/tickets/ticket-token.server";

// A waitlist entry's link (/waitlist/<id>.<signature>), in the e-mails sent to the person: it
// shows their place or their offer, and lets them claim, decline or leave. Signed like a
// ticket, under its own key, so one can never stand in for the other. Only the person's own
// e-mails carry it. Links from before keys per purpose (waitlist:v1 under the raw secret)
// still work: each names one entry by its random id, which no later entry shares.
const LEGACY = "waitlist:v1:";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function signWaitlistToken(id: string, secret: string): string {
  return signToken("waitlist", id, secret, UUID);
}

/** The waitlist entry's id; null for anything malformed or forged. */
export function verifyWaitlistToken(token: string, secret: string): string | null {
  return verifyToken("waitlist", token, secret, UUID, LEGACY);
}

export function waitlistPageUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, "")}/waitlist/${encodeURIComponent(token)}`;
}

/** The entry's page as a short link (/w/…), for an SMS. */
export function shortWaitlistUrl(publicUrl: string, id: string, secret: string): string {
  return `${publicUrl.replace(/\/+$/, "")}/w/${shortWaitlistToken(id, secret)}`;
}

/** The end of the short offer link (/w/<this>): a WhatsApp template's button adds it to its fixed address. */
export function shortWaitlistToken(id: string, secret: string): string {
  return shortToken(signWaitlistToken(id, secret));
}
