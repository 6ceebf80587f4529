// The ticket ID format: "prefix ZYS, then the current time in base 36, then 6 random base-36
// characters, all upper-cased and joined by hyphens". The random part comes from
// Web Crypto (in Node 20+ and browsers alike), not Math.random: ticket IDs are
// typed in at the door, so they must not be guessable from one another.

const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";
const RANDOM_LENGTH = 6;
// 252 = 7 × 36: bytes at or above it are redrawn, so every character is equally likely.
const UNBIASED_LIMIT = 252;

const TICKET_ID_PREFIX = "ZYS";
export const TICKET_ID_PATTERN = /^ZYS-[0-9A-Z]{1,12}-[0-9A-Z]{6}$/;

export function generateTicketId(now: number = Date.now()): string {
  return `${TICKET_ID_PREFIX}-${Math.floor(now).toString(36)}-${randomBase36(RANDOM_LENGTH)}`.toUpperCase();
}

export function isTicketId(value: string): boolean {
  return TICKET_ID_PATTERN.test(value);
}

function randomBase36(length: number): string {
  let out = "";
  const bytes = new Uint8Array(16);
  while (out.length < length) {
    globalThis.crypto.getRandomValues(bytes);
    for (const byte of bytes) {
      if (byte >= UNBIASED_LIMIT) continue;
      out += ALPHABET[byte % 36];
      if (out.length === length) break;
    }
  }
  return out;
}
