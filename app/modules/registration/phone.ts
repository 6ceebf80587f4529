// The phone rule of the registration form (browser and server alike, ADR 014): a Nigerian
// number, 0 plus 10 digits or +234 plus 10 digits, or another country's number written with
// its + code. Spaces, hyphens and brackets may sit between the digits ("(0803) 123-4567").
//
// A small check, not libphonenumber-js: its metadata alone is about 19 KB gzipped, more than
// the whole /register script. The Nigerian part follows the library's metadata for Nigeria
// (10-digit national numbers start 20, 7, 8 or 9), and phone.test.ts holds the two to the
// same verdict; the server stores and searches numbers through the library (phone.server.ts).

/** What may separate the digits. */
const SEPARATORS = /[\s\-()]/g;
const NIGERIAN = /^(?:0|\+234)(?:20|[789]\d)\d{8}$/;
// E.164 allows 15 digits with the country code; fewer than 7 is no number anywhere.
const OTHER_COUNTRY = /^\+(?!234)[1-9]\d{6,14}$/;

export function isPhoneNumber(value: string): boolean {
  const compact = value.replace(SEPARATORS, "");
  return NIGERIAN.test(compact) || OTHER_COUNTRY.test(compact);
}
