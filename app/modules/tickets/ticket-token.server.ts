import { createHmac, timingSafeEqual } from "node:crypto";
import type { KeyPurpose } from "~/key-generations";
import { keyringFor } from "~/keys.server";

// Signed tokens: "<value>.<key id><signature>". The key id (one character) names which
// generation of the purpose's key signed it (app/keys.server.ts), so a purpose's key can be
// rotated while the previous one is still accepted. Only the first 128 bits of the HMAC are
// kept to keep QR codes small; that is still far beyond guessing.
//
// Two credentials, never interchangeable (docs/decisions/010-two-credentials.md):
// - the DOOR CODE (QR code on the ticket, the ticket page and the badge) names a ticket ID and
//   admits at the door. It is photographed, printed and handed to volunteers, so it opens
//   nothing else.
// - the SELF-SERVICE TOKEN (only in the person's own e-mail) names one registration by its
//   random id and opens the ticket page, cancel, "Download my data" and "Delete my data". A new
//   registration has a new id, so a token reaches only the registration it was issued for.
const SIGNATURE_BYTES = 16;
const SIGNATURE_LENGTH = 22; // base64url of 16 bytes, no padding
const SIGNATURE_CHARS = /^[A-Za-z0-9_-]{22}$/;
const KEY_ID = /^[1-9a-z]$/;
// Generated IDs are ZYS-<base36>-<6 base36>; any upper-case ID with hyphens is accepted
// so tickets issued in another format still verify. The signature is the real check.
const TICKET_ID_CHARS = /^[0-9A-Z][0-9A-Z-]{0,63}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function hmac(key: Buffer | string, purpose: string, value: string): Buffer {
  return createHmac("sha256", key)
    .update(purpose + value)
    .digest()
    .subarray(0, SIGNATURE_BYTES);
}

/** True when `given` (base64url) is exactly `expected`, compared in constant time. */
function sameSignature(given: string, expected: Buffer): boolean {
  if (!SIGNATURE_CHARS.test(given)) return false;
  const actual = Buffer.from(given, "base64url");
  // base64url decoding ignores stray trailing bits; comparing the re-encoded form rejects those variants.
  if (actual.length !== expected.length || actual.toString("base64url") !== given) return false;
  return timingSafeEqual(actual, expected);
}

/** "<value>.<key id><signature>" for a value matching `chars`, with the purpose's current key. */
export function signToken(purpose: KeyPurpose, value: string, secret: string, chars: RegExp): string {
  if (!chars.test(value)) throw new Error(`cannot sign ${JSON.stringify(value)} for ${purpose}`);
  const { id, key } = keyringFor(secret).current(purpose);
  return `${value}.${id}${hmac(key, purpose, value).toString("base64url")}`;
}

/**
 * The value a token was signed for; null for anything malformed, forged, or signed with a key
 * no longer accepted. `legacy` also accepts the earlier format (no key id, the HMAC of
 * `<legacy><value>` under the raw secret) for tokens already out in the world.
 */
export function verifyToken(purpose: KeyPurpose, token: string, secret: string, chars: RegExp, legacy?: string): string | null {
  if (typeof token !== "string" || token.length > 64 + 2 + SIGNATURE_LENGTH) return null;
  const dot = token.lastIndexOf(".");
  if (dot < 1) return null;
  const value = token.slice(0, dot);
  const signed = token.slice(dot + 1);
  if (!chars.test(value)) return null;
  if (signed.length === SIGNATURE_LENGTH + 1 && KEY_ID.test(signed[0] ?? "")) {
    const key = keyringFor(secret).byId(purpose, signed[0] ?? "");
    return key && sameSignature(signed.slice(1), hmac(key, purpose, value)) ? value : null;
  }
  if (legacy && signed.length === SIGNATURE_LENGTH) {
    if (!secret) throw new Error("signed tokens need a secret");
    return sameSignature(signed, hmac(secret, legacy, value)) ? value : null;
  }
  return null;
}

/** The door code of a ticket: what the QR code carries. */
export function signDoorCode(ticketId: string, secret: string): string {
  return signToken("door", ticketId, secret, TICKET_ID_CHARS);
}

/** The ticket ID a door code was issued for, also for the first tickets' codes (ticket:v1); null when forged. */
export function verifyDoorCode(code: string, secret: string): string | null {
  return verifyToken("door", code, secret, TICKET_ID_CHARS, "ticket:v1:");
}

/** The self-service token of one registration (its id), for the person's own e-mail only. */
export function signSelfServiceToken(registrationId: string, secret: string): string {
  return signToken("self-service", registrationId, secret, UUID);
}

/** The registration id a self-service token was issued for; null for anything else, door codes included. */
export function verifySelfServiceToken(token: string, secret: string): string | null {
  return verifyToken("self-service", token, secret, UUID);
}

const SHORT_TOKEN = /^([A-Za-z0-9_-]{22})([1-9a-z][A-Za-z0-9_-]{22})$/;

/**
 * A token naming a uuid ("<uuid>.<key id><signature>"), written short for an SMS (paid by the
 * 160 characters): the id's 16 bytes in base64url (22 characters instead of 36), then the same
 * key id and signature, 45 characters. expandShortToken gives back the token it stands for.
 */
export function shortToken(token: string): string {
  const dot = token.lastIndexOf(".");
  return Buffer.from(token.slice(0, dot).replaceAll("-", ""), "hex").toString("base64url") + token.slice(dot + 1);
}

/** The self-service token, short (the ticket page's link in an SMS: /t/…). */
export function shortSelfServiceToken(registrationId: string, secret: string): string {
  return shortToken(signSelfServiceToken(registrationId, secret));
}

/** The token a short one stands for (not verified: the page it opens does that), or null. */
export function expandShortToken(short: string): string | null {
  const match = SHORT_TOKEN.exec(short);
  if (!match?.[1] || !match[2]) return null;
  const bytes = Buffer.from(match[1], "base64url");
  // Stray trailing bits decode too; only the one canonical spelling of the id is accepted.
  if (bytes.length !== 16 || bytes.toString("base64url") !== match[1]) return null;
  const hex = bytes.toString("hex");
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return `${id}.${match[2]}`;
}

/**
 * The code in what a scanner read: the code itself, or a ticket page URL (…/tickets/<code>),
 * as the first tickets' QR codes and phone camera apps give it.
 */
export function extractDoorCode(scanned: string): string {
  const text = scanned.trim();
  const match = /\/tickets\/([^/?#\s]+)\/?(?:[?#].*)?$/.exec(text);
  if (!match?.[1]) return text;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}
