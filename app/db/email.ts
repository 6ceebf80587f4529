// How e-mail addresses are checked and compared. No imports: the sign-in and
// registration forms check addresses in the browser with the same pattern.

/** something@something.something, no spaces: the rule the forms check. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Trimmed and lower-cased: the form the unique indexes on attendees and admin accounts
 * compare (lower(trim(email)), schema.ts), so every lookup meets the index.
 */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
