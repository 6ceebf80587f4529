// The phone rule of the registration form (browser and server alike, ADR 014): a Nigerian
// number, 0 plus 10 digits or +234 plus 10 digits, or another country's number written with
// its + code. Spaces, hyphens and brackets may sit between the digits ("(0803) 123-4567").
// Two ways people write a Nigerian number are read as one too: the trunk 0 kept after the
// country code ("+234 0803 123 4567") and the ten digits without their 0 ("8031234567").
//
// A small check, not libphonenumber-js: its metadata alone is about 19 KB gzipped, more than
// the whole /register script. The Nigerian part follows the library's metadata for Nigeria
// (10-digit national numbers start 20, 7, 8 or 9), and phone.test.ts holds the two to the
// same verdict; the server stores and searches numbers through the library (phone.server.ts).
import { messageKey } from "~/i18n/message-key";

/** What may separate the digits. */
const SEPARATORS = /[\s\-()]/g;
const NATIONAL = /^(?:20|[789]\d)\d{8}$/;
const NATIONAL_DIGITS = 10;
// The digits after 0, +234 or +2340 (the trunk 0 people keep after the code: it is no part of a national number).
const WITH_PREFIX = /^(?:\+2340?|0)(\d*)$/;
// Ten digits without their 0; with one too few or too many still read as meant so, to say which.
const WITHOUT_PREFIX = /^[789]\d{8,10}$/;
// E.164 allows 15 digits with the country code; fewer than 7 is no number anywhere.
const OTHER_COUNTRY = /^\+(?!234)[1-9]\d{6,14}$/;

/** The national digits of a number written the Nigerian way (right or not), or null for any other writing. */
function nigerianDigits(compact: string): string | null {
  return WITH_PREFIX.exec(compact)?.[1] ?? (WITHOUT_PREFIX.test(compact) ? compact : null);
}

/**
 * What is wrong with a phone number, as a message key saying what (a digit short, a digit too
 * many, not a Nigerian number, a character that is no digit), or null when it is a number.
 */
export function phoneProblem(value: string): string | null {
  const compact = value.replace(SEPARATORS, "");
  if (OTHER_COUNTRY.test(compact)) return null;
  if (!/^\+?\d+$/.test(compact)) return compact === "" ? "validation.phone" : "validation.phoneCharacters";
  const national = nigerianDigits(compact);
  if (!national) return "validation.phone";
  const missing = NATIONAL_DIGITS - national.length;
  if (missing > 0) return messageKey("validation.phoneShort", { count: missing });
  if (missing < 0) return messageKey("validation.phoneLong", { count: -missing });
  return NATIONAL.test(national) ? null : "validation.phoneNotNigerian";
}

export function isPhoneNumber(value: string): boolean {
  return phoneProblem(value) === null;
}

/** A Nigerian number as the form reads it, in E.164 (+2348031234567); null for another country's or no number. */
export function nigerianPhone(value: string): string | null {
  const national = nigerianDigits(value.replace(SEPARATORS, ""));
  return national && NATIONAL.test(national) ? `+234${national}` : null;
}
