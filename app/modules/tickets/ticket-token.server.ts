import { createHmac, createPrivateKey, createPublicKey, hkdfSync, type KeyObject, sign, timingSafeEqual, verify } from "node:crypto";
import { type KeyPurpose, MAX_GENERATION } from "~/key-generations";
import { keyringFor } from "~/keys.server";
import { doorMessage, parseDoorCode, TICKET_ID_CHARS } from "./door-code";

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

// The door code is signed with Ed25519, not an HMAC, so that a door can check it with only the
// public key: offline, a ticket issued after the door downloaded its list still scans green
// (docs/decisions/019-offline-door.md). The private key of each "door" generation is derived
// from that generation's key, so it is kept, backed up and rotated exactly like the others.
// The signature is 64 bytes (86 characters): the QR code grows from about 45 to 108 characters,
// still a small code (version 7) that a cheap phone camera reads at arm's length.
// PKCS#8 wrapping of a raw 32-byte Ed25519 seed (RFC 8410), the form Node's crypto imports.
const ED25519_PKCS8_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");

type DoorKeyPair = { privateKey: KeyObject; publicKey: KeyObject; raw: string };
const doorKeyPairs = new Map<Buffer, DoorKeyPair>();

/** The Ed25519 key pair of one generation of the door key (cached: keyrings keep their Buffers). */
function doorKeyPair(doorKey: Buffer): DoorKeyPair {
  let pair = doorKeyPairs.get(doorKey);
  if (!pair) {
    const seed = Buffer.from(hkdfSync("sha256", doorKey, "", "ed25519 door code", 32));
    const privateKey = createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]), format: "der", type: "pkcs8" });
    const publicKey = createPublicKey(privateKey);
    pair = { privateKey, publicKey, raw: publicKey.export({ format: "jwk" }).x ?? "" };
    doorKeyPairs.set(doorKey, pair);
  }
  return pair;
}

/** The door code of a ticket, what the QR code carries: "<ticket ID>.<key id><Ed25519 signature>". */
export function signDoorCode(ticketId: string, secret: string): string {
  if (!TICKET_ID_CHARS.test(ticketId)) throw new Error(`cannot sign ${JSON.stringify(ticketId)} for door`);
  const { id, key } = keyringFor(secret).current("door");
  const signature = sign(null, Buffer.from(doorMessage(ticketId)), doorKeyPair(key).privateKey);
  return `${ticketId}.${id}${signature.toString("base64url")}`;
}

/**
 * The ticket ID a door code was issued for; null when forged. Accepts the Ed25519 codes and,
 * for tickets already sent, the HMAC codes before them (with a key id, and the first tickets'
 * ticket:v1 ones).
 */
export function verifyDoorCode(code: string, secret: string): string | null {
  // Read as the door's page reads it offline (door-code.ts); anything but an Ed25519 code is
  // an HMAC code or nothing, which verifyToken tells apart.
  const parts = parseDoorCode(code);
  if (parts?.kind !== "ed25519") return verifyToken("door", code, secret, TICKET_ID_CHARS, "ticket:v1:");
  const key = keyringFor(secret).byId("door", parts.keyId);
  const bytes = Buffer.from(parts.signature, "base64url");
  // Stray trailing bits decode too: only the one canonical spelling is accepted.
  if (!key || bytes.length !== 64 || bytes.toString("base64url") !== parts.signature) return null;
  return verify(null, Buffer.from(doorMessage(parts.ticketId)), doorKeyPair(key).publicKey, bytes) ? parts.ticketId : null;
}

/** The public keys a door needs to check codes offline: every accepted generation, the signing one first. */
export function doorPublicKeys(secret: string): { id: string; publicKey: string }[] {
  const ring = keyringFor(secret);
  const ids = [ring.current("door").id, ...Array.from({ length: MAX_GENERATION }, (_, i) => (i + 1).toString(36))];
  const keys: { id: string; publicKey: string }[] = [];
  for (const id of new Set(ids)) {
    const key = ring.byId("door", id);
    if (key) keys.push({ id, publicKey: doorKeyPair(key).raw });
  }
  return keys;
}

// A self-service token names the registration's id and, once an organiser has changed the
// person's address or phone, the version of their link ("<id>~<version>"): the link sent to the
// old address then stops opening anything (self-service.server.ts checks the version). Version 0
// is the bare id, so every link already sent stays as it was.
const SELF_SERVICE_VALUE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?:~[1-9][0-9]{0,5})?$/;
const MAX_TOKEN_VERSION = 999_999;

export type SelfServiceClaim = { id: string; version: number };

/** The self-service token of one registration (its id and link version), for the person's own messages only. */
export function signSelfServiceToken(registrationId: string, secret: string, version = 0): string {
  if (!Number.isInteger(version) || version < 0 || version > MAX_TOKEN_VERSION) throw new Error(`bad token version ${version}`);
  return signToken("self-service", version === 0 ? registrationId : `${registrationId}~${version}`, secret, SELF_SERVICE_VALUE);
}

/**
 * The registration id and link version a self-service token was issued for; null for anything
 * else, door codes included. Whether that version is still the valid one is the database's to
 * say (selfServiceRegistration in self-service.server.ts).
 */
export function readSelfServiceToken(token: string, secret: string): SelfServiceClaim | null {
  const value = verifyToken("self-service", token, secret, SELF_SERVICE_VALUE);
  if (!value) return null;
  const [id = "", version] = value.split("~");
  return { id, version: version ? Number(version) : 0 };
}

const SHORT_TOKEN = /^([A-Za-z0-9_-]{22})(?:~([1-9][0-9]{0,5})~)?([1-9a-z][A-Za-z0-9_-]{22})$/;

/**
 * A token naming a uuid ("<uuid>[~<version>].<key id><signature>"), written short for an SMS
 * (paid by the 160 characters): the id's 16 bytes in base64url (22 characters instead of 36), the
 * version between tildes if any, then the same key id and signature: 45 characters for version 0.
 * expandShortToken gives back the token it stands for.
 */
export function shortToken(token: string): string {
  const dot = token.lastIndexOf(".");
  const [id = "", version] = token.slice(0, dot).split("~");
  const short = Buffer.from(id.replaceAll("-", ""), "hex").toString("base64url");
  return `${short}${version ? `~${version}~` : ""}${token.slice(dot + 1)}`;
}

/** The self-service token, short (the ticket page's link in an SMS: /t/…). */
export function shortSelfServiceToken(registrationId: string, secret: string, version = 0): string {
  return shortToken(signSelfServiceToken(registrationId, secret, version));
}

/** The token a short one stands for (not verified: the page it opens does that), or null. */
export function expandShortToken(short: string): string | null {
  const match = SHORT_TOKEN.exec(short);
  if (!match?.[1] || !match[3]) return null;
  const bytes = Buffer.from(match[1], "base64url");
  // Stray trailing bits decode too; only the one canonical spelling of the id is accepted.
  if (bytes.length !== 16 || bytes.toString("base64url") !== match[1]) return null;
  const hex = bytes.toString("hex");
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return `${id}${match[2] ? `~${match[2]}` : ""}.${match[3]}`;
}

export { extractDoorCode } from "./door-code";
