import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { MAX_GENERATION } from "~/key-generations";
import { keyringFor } from "~/keys.server";
import { CODE_LENGTH, normalizeCode, SERIAL_LENGTH, toBase32 } from "./certificate-code";

// The verification code: a random serial (40 bits) and an HMAC of it under the "certificate"
// key (40 bits), both in base32. The serial names the certificate's row; the signature lets the
// server refuse an altered or invented code before looking anything up, and makes guessing
// hopeless: a valid code is one in 2^40 of the codes with a real serial, and the page that
// checks them is throttled. The code itself holds nothing about the person or the event: only
// the server can say what it certifies. The key is rotated like the others (docs/SECURITY.md);
// a code signed under any generation still accepted verifies, so rotating does not void
// certificates already in people's files unless organisers drop the old generation.

const PURPOSE = "certificate";
const SIGNATURE_LENGTH = CODE_LENGTH - SERIAL_LENGTH;

function signature(key: Buffer, serial: string): string {
  return toBase32(
    createHmac("sha256", key)
      .update(PURPOSE + serial)
      .digest(),
    SIGNATURE_LENGTH,
  );
}

/** A fresh random serial (8 base32 characters). */
export function newSerial(): string {
  return toBase32(randomBytes(5), SERIAL_LENGTH);
}

/** The full code (16 characters, unformatted) for a serial, signed with the current key. */
export function certificateCode(serial: string, secret: string): string {
  return serial + signature(keyringFor(secret).current(PURPOSE).key, serial);
}

/** The serial a typed or scanned code names, or null when it is malformed, altered or never signed. */
export function verifyCertificateCode(input: string, secret: string): string | null {
  const code = normalizeCode(input);
  if (!code) return null;
  const serial = code.slice(0, SERIAL_LENGTH);
  const given = Buffer.from(code.slice(SERIAL_LENGTH));
  const keyring = keyringFor(secret);
  let valid = false;
  // The code carries no key id (it would cost a character people type): every generation still
  // accepted is tried, each in constant time, and all of them, so timing says nothing either.
  for (let generation = 1; generation <= MAX_GENERATION; generation++) {
    const key = keyring.byId(PURPOSE, generation.toString(36));
    if (key && timingSafeEqual(given, Buffer.from(signature(key, serial)))) valid = true;
  }
  return valid ? serial : null;
}
