// A certificate's verification code as people see and type it: 16 letters and digits from
// Crockford's base32 (no I, L, O or U, so nothing reads as something else), in four groups:
// "7KQ2-M9XD-R4TB-8HWN". The first eight are the certificate's random serial, the last eight
// its signature (certificate-code.server.ts). Reading is forgiving: any case, spaces or dashes
// anywhere, and the letters people confuse with digits (O for 0, I and L for 1).

export const CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const SERIAL_LENGTH = 8;
export const CODE_LENGTH = 16;
/** Anything longer than a code with generous spacing is not one (and is not read further). */
export const CODE_INPUT_MAX = 40;

const CODE_CHARS = /^[0-9A-HJKMNP-TV-Z]{16}$/;

/** The 16 characters a typed or scanned code stands for, or null when it cannot be one. */
export function normalizeCode(input: string): string | null {
  if (typeof input !== "string" || input.length > CODE_INPUT_MAX) return null;
  const compact = input
    .toUpperCase()
    .replace(/[\s-]+/g, "")
    .replace(/O/g, "0")
    .replace(/[IL]/g, "1");
  return CODE_CHARS.test(compact) ? compact : null;
}

/** "7KQ2M9XDR4TB8HWN" → "7KQ2-M9XD-R4TB-8HWN". */
export function formatCode(code: string): string {
  return code.match(/.{1,4}/g)?.join("-") ?? code;
}

/** Base32 (Crockford) of the first `length` × 5 bits of `bytes`. */
export function toBase32(bytes: Uint8Array, length: number): string {
  let out = "";
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < length) {
      out += CODE_ALPHABET[(buffer >> (bits - 5)) & 31];
      bits -= 5;
    }
    buffer &= (1 << bits) - 1;
    if (out.length === length) break;
  }
  return out;
}
