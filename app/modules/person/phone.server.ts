import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import { nigerianPhone } from "./phone";

// Phone numbers on the server, through libphonenumber-js (its "min" metadata: validity by
// country, no formatting examples): the registration form's number as stored, and a search
// text read as a number. Nigerian numbers without a + are read as Nigerian (ADR 014), and so are
// the two writings the form's rule reads as Nigerian that the library does not (phone.ts):
// "+234 0803…" and "803…" without its 0.

/** The number as stored: E.164 (+2348031234567) when it is a real number, else as typed (trimmed). */
export function storedPhone(phone: string): string {
  const parsed = parsePhoneNumberFromString(nigerianPhone(phone) ?? phone.trim(), "NG");
  return parsed?.isValid() ? parsed.number : phone.trim();
}

/**
 * A search text that is a phone number, in E.164, or null: "0803 123 4567", "+234 803 123 4567",
 * "08031234567" and "8031234567" all read as +2348031234567. Only digits and the separators
 * people type, so a name or an e-mail address is never taken for a number.
 */
export function phoneSearchKey(text: string): string | null {
  const compact = text.trim();
  if (!/^\+?[\d\s\-().]{7,24}$/.test(compact)) return null;
  const parsed = parsePhoneNumberFromString(nigerianPhone(compact) ?? compact, "NG");
  return parsed?.isValid() ? parsed.number : null;
}

/** A stored Nigerian number as people write it (+2348031234567 → "0803 123 4567"); any other as stored. */
export function localPhone(stored: string): string {
  const match = /^\+234(\d{3})(\d{3})(\d{4})$/.exec(stored);
  return match ? `0${match[1]} ${match[2]} ${match[3]}` : stored;
}

/**
 * A stored number as the attendee CSV writes it: "234 803 123 4567", the country code first
 * without its "+", the groups apart. A spreadsheet keeps it as text (the spaces make it no
 * number: no "2.34803E+12", no digits lost on saving) and shows no apostrophe; bulk-SMS tools
 * read it as an international number once they drop the spaces. It starts with a digit, so it
 * cannot start a formula. A number stored as typed (no real number) comes back unchanged, and the
 * CSV kit's escaping puts its ' before it when it starts like a formula.
 */
export function spreadsheetPhone(stored: string): string {
  if (!stored.startsWith("+")) return stored;
  const parsed = parsePhoneNumberFromString(stored);
  return parsed?.isValid() && parsed.number === stored ? parsed.formatInternational().slice(1) : stored;
}
