import { type AnyColumn, sql } from "drizzle-orm";
import { check, customType, jsonb, text, timestamp } from "drizzle-orm/pg-core";
import { personColumns } from "../person-columns";

// Columns and checks several tables share. Column names are the product's data model word for
// word; tables it does not name (admin accounts, sessions, check-ins, outbox, media, audit) follow
// the same style.

export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** The organisers' texts in other languages (translations.ts); an object, whatever writes it. */
export const translations = <T>() =>
  jsonb("translations")
    .$type<T>()
    .notNull()
    .default({} as T);
export const translationsCheck = (table: string, column: AnyColumn) =>
  check(`${table}_translations_check`, sql`jsonb_typeof(${column}) = 'object'`);

export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/** Only a registration by USSD, by WhatsApp chat or a walk-in may lack an e-mail address; and the channel is one we know. */
export const emailCheck = (table: string, t: { email: AnyColumn; channel: AnyColumn }) =>
  check(`${table}_email_check`, sql`${t.email} is not null or ${t.channel} in ('ussd', 'door', 'whatsapp')`);
export const personChecks = (table: string, t: { email: AnyColumn; channel: AnyColumn }) => [
  emailCheck(table, t),
  check(`${table}_channel_check`, sql`${t.channel} in ('web', 'ussd', 'door', 'whatsapp')`),
];

/** A registration: the person and their ticket. */
export const registrationColumns = () => ({ ...personColumns(), ticket_id: text("ticket_id").notNull() });
