// The ticket ID format: "prefix ZYS, then the current time in base 36, then 6 random base-36
// characters, all upper-cased and joined by hyphens". The random part comes from
// Web Crypto (in Node 20+ and browsers alike), not Math.random: ticket IDs are
// typed in at the door, so they must not be guessable from one another.
//
// The random part is drawn from the base-36 characters without the look-alikes 0/O and 1/I
// (ADR 014): a volunteer reading a printed or phone-screen ID cannot tell them apart. The time
// part is the spec's base 36 and keeps every character. IDs issued before keep working: the
// pattern and the lookup accept the whole base-36 alphabet.

/** 32 characters: 256 is a multiple of 32, so every byte maps to one character without bias. */
export const RANDOM_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
const RANDOM_LENGTH = 6;

const TICKET_ID_PREFIX = "ZYS";
/** Spaces, hyphens and dashes of every kind (what a phone keyboard may substitute), dots, underscores, slashes. */
const SEPARATORS = /[\s\p{Pd}._/]+/gu;
export const TICKET_ID_PATTERN = /^ZYS-[0-9A-Z]{1,12}-[0-9A-Z]{6}$/;

export function generateTicketId(now: number = Date.now()): string {
  return `${TICKET_ID_PREFIX}-${Math.floor(now).toString(36).toUpperCase()}-${randomPart(RANDOM_LENGTH)}`;
}

export function isTicketId(value: string): boolean {
  return TICKET_ID_PATTERN.test(value);
}

/**
 * A ticket ID as a person types it, read as the stored form, or null when it cannot be one:
 * any case; spaces, dots, underscores or nothing between the parts read as hyphens; a missing
 * "ZYS" is added. The last 6 characters are the random part, the rest the time (the time in
 * base 36 starts with "ZYS" only in the year 5000-odd, so a leading ZYS is always the prefix).
 */
export function readTicketId(typed: string): string | null {
  // Split by position, not by the separators typed: people copy IDs in chunks ("MWVZ N1KD 8MGRT4").
  let rest = typed.toUpperCase().replace(SEPARATORS, "");
  if (!/^[0-9A-Z]+$/.test(rest)) return null;
  if (rest.startsWith(TICKET_ID_PREFIX)) rest = rest.slice(TICKET_ID_PREFIX.length);
  const id = `${TICKET_ID_PREFIX}-${rest.slice(0, -RANDOM_LENGTH)}-${rest.slice(-RANDOM_LENGTH)}`;
  return isTicketId(id) ? id : null;
}

function randomPart(length: number): string {
  const bytes = new Uint8Array(length);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => RANDOM_ALPHABET[byte % RANDOM_ALPHABET.length]).join("");
}
