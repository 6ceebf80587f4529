import { createHmac, timingSafeEqual } from "node:crypto";

// A ticket token is "<ticket ID>.<signature>": the ticket page URL and the QR code
// carry it, and check-in verifies it, so a code someone made up (or a guessed ticket
// ID) is told apart from one we issued. Only the first 128 bits of the HMAC are kept
// to keep the QR code small; that is still far beyond guessing.
const SIGNATURE_BYTES = 16;
const SIGNATURE_LENGTH = 22; // base64url of 16 bytes, no padding
// Separates these signatures from anything else signed with the same secret (sessions).
const PURPOSE = "ticket:v1:";
// Generated IDs are ZYS-<base36>-<6 base36>; any upper-case ID with hyphens is accepted
// so tickets issued in another format still verify. The signature is the real check.
const TICKET_ID_CHARS = /^[0-9A-Z][0-9A-Z-]{0,63}$/;
const SIGNATURE_CHARS = /^[A-Za-z0-9_-]{22}$/;

function signature(ticketId: string, secret: string): Buffer {
  if (!secret) throw new Error("ticket tokens need a secret");
  return createHmac("sha256", secret)
    .update(PURPOSE + ticketId)
    .digest()
    .subarray(0, SIGNATURE_BYTES);
}

export function signTicketToken(ticketId: string, secret: string): string {
  if (!TICKET_ID_CHARS.test(ticketId)) throw new Error(`not a ticket ID: ${JSON.stringify(ticketId)}`);
  return `${ticketId}.${signature(ticketId, secret).toString("base64url")}`;
}

/** The ticket ID a token was issued for; null for anything malformed or forged. */
export function verifyTicketToken(token: string, secret: string): string | null {
  if (typeof token !== "string" || token.length > 64 + 1 + SIGNATURE_LENGTH) return null;
  const dot = token.lastIndexOf(".");
  if (dot < 1) return null;
  const ticketId = token.slice(0, dot);
  const given = token.slice(dot + 1);
  if (!TICKET_ID_CHARS.test(ticketId) || !SIGNATURE_CHARS.test(given)) return null;
  const expected = signature(ticketId, secret);
  const actual = Buffer.from(given, "base64url");
  // base64url decoding ignores stray trailing bits; comparing the re-encoded form rejects those variants.
  if (actual.length !== expected.length || actual.toString("base64url") !== given) return null;
  return timingSafeEqual(actual, expected) ? ticketId : null;
}

/**
 * The token in what a scanner read: the token itself, or a ticket page URL
 * (…/tickets/<token>), as a phone camera app would share it.
 */
export function extractTicketToken(scanned: string): string {
  const text = scanned.trim();
  const match = /\/tickets\/([^/?#\s]+)\/?(?:[?#].*)?$/.exec(text);
  if (!match?.[1]) return text;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}
