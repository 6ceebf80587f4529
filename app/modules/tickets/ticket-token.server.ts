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

/** The 128-bit HMAC of `value` for one purpose (`purpose` keeps a ticket's signature from passing as anything else's). */
function signature(purpose: string, value: string, secret: string): Buffer {
  if (!secret) throw new Error("signed tokens need a secret");
  return createHmac("sha256", secret)
    .update(purpose + value)
    .digest()
    .subarray(0, SIGNATURE_BYTES);
}

/** "<value>.<signature>" for a value matching `chars`. */
export function signToken(purpose: string, value: string, secret: string, chars: RegExp): string {
  if (!chars.test(value)) throw new Error(`cannot sign ${JSON.stringify(value)} for ${purpose}`);
  return `${value}.${signature(purpose, value, secret).toString("base64url")}`;
}

/** The value a token was signed for; null for anything malformed or forged. */
export function verifyToken(purpose: string, token: string, secret: string, chars: RegExp): string | null {
  if (typeof token !== "string" || token.length > 64 + 1 + SIGNATURE_LENGTH) return null;
  const dot = token.lastIndexOf(".");
  if (dot < 1) return null;
  const value = token.slice(0, dot);
  const given = token.slice(dot + 1);
  if (!chars.test(value) || !SIGNATURE_CHARS.test(given)) return null;
  const expected = signature(purpose, value, secret);
  const actual = Buffer.from(given, "base64url");
  // base64url decoding ignores stray trailing bits; comparing the re-encoded form rejects those variants.
  if (actual.length !== expected.length || actual.toString("base64url") !== given) return null;
  return timingSafeEqual(actual, expected) ? value : null;
}

export function signTicketToken(ticketId: string, secret: string): string {
  return signToken(PURPOSE, ticketId, secret, TICKET_ID_CHARS);
}

/** The ticket ID a token was issued for; null for anything malformed or forged. */
export function verifyTicketToken(token: string, secret: string): string | null {
  return verifyToken(PURPOSE, token, secret, TICKET_ID_CHARS);
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
