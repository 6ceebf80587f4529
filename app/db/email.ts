// How e-mail addresses are checked and compared. No imports: the sign-in, registration and
// settings forms check addresses in the browser with the same rule, and the mail transport
// checks every recipient with it again just before sending.

/**
 * A bare address and nothing else: `local@domain.tld`. The local part is the characters the
 * HTML standard allows in an <input type="email"> (letters, digits and .!#$%&'*+/=?^_`{|}~-),
 * the domain is dot-separated labels of letters, digits and inner hyphens, at least two of them.
 * Everything a mail library reads as more than an address is outside it: a display name
 * (`A <victim@example.com>`), quotes, `,` and `;` (lists), `:` (groups), parentheses
 * (comments), backslashes, whitespace, control characters and NUL (docs/decisions/010).
 */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** The longest address SMTP carries (RFC 5321's 256-octet path, less its angle brackets). */
export const EMAIL_MAX_LENGTH = 254;

/** The forms' one message for an address that is not one. */
export const EMAIL_MESSAGE = "validation.email";

/** True for a bare address as EMAIL_PATTERN defines it, within EMAIL_MAX_LENGTH. */
export function isBareEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
}

/**
 * Trimmed and lower-cased: the form the unique indexes on attendees and admin accounts
 * compare (lower(trim(email)), schema.ts), so every lookup meets the index.
 */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The big public mail providers: their addresses belong to millions of unrelated people. The
 * booking protection does not count them as one domain (booking-protection/hold-decision.server.ts), and "Did
 * you mean …?" knows them as what people meant to type (person/email-suggestion.ts).
 */
export const PUBLIC_MAIL_PROVIDERS = [
  "gmail.com",
  "googlemail.com",
  "yahoo.com",
  "yahoo.co.uk",
  "ymail.com",
  "rocketmail.com",
  "hotmail.com",
  "hotmail.co.uk",
  "outlook.com",
  "live.com",
  "msn.com",
  "icloud.com",
  "me.com",
  "aol.com",
  "mail.com",
  "email.com",
  "gmx.com",
  "protonmail.com",
  "proton.me",
  "zoho.com",
  "yandex.com",
] as const;
