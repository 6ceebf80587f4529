// The outreach codes' shape, shared by the schema's checks, the code drawing and the admin form
// (client-safe: no database code here).

/**
 * The characters of every outreach code (a source's, an attendee's invite code): digits and
 * capitals without the ones read or heard as another — 0/O/Q, 1/I/L, 2/Z, 5/S, 6/G, 8/B, U/V.
 * The migration's SQL function draws from the same 25 (drizzle/0025_outreach.sql).
 */
export const OUTREACH_CODE_ALPHABET = "23456789ACDEFHJKMNPRTVWXY";
/** A source's code: read out on the radio, typed from a poster. 25^5 ≈ 9.8 million codes. */
export const SOURCE_CODE_LENGTH = 5;
/** An attendee's invite code: shared as a link, one per registration. 25^6 ≈ 244 million codes. */
export const INVITE_CODE_LENGTH = 6;
/** A source's name: long enough for "Poster — Talata Mafara, market square", short enough for a table cell. */
export const SOURCE_NAME_MAX = 80;
