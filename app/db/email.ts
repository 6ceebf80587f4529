import { type AnyColumn, type SQL, sql } from "drizzle-orm";

// How e-mail addresses are compared: trimmed and lower-cased. The unique indexes on
// attendees and admin accounts (schema.ts) are on lower(trim(email)), so every lookup
// goes through these two and meets the index.

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** `column = address`, compared as the unique indexes compare. */
export function emailEquals(column: AnyColumn, email: string): SQL {
  return sql`lower(trim(${column})) = ${normalizeEmail(email)}`;
}
