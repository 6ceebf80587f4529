import { and, eq, inArray, isNull, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { emailEquals, mail_outbox, type RegistrationChannel } from "./schema";

// Who a person is, for their rights (a copy of their data, erasure) and for "one registration
// each": their e-mail address, or for someone who registered without one (by USSD, where the
// network gave the number, or as a walk-in at the door, where they gave it to the volunteer) the
// phone number. A web registration's phone number is only what was typed (a family may share
// one), so it never stands for the person.

export type PersonKey = { email: string } | { ussdPhone: string };

type PersonRow = { email: string | null; phone: string; channel: RegistrationChannel };
type PersonTable = { email: AnyPgColumn; phone: AnyPgColumn; channel: AnyPgColumn };

/** The key of a stored registration (or waitlist entry, or past registration). */
export function personKeyOf(row: PersonRow): PersonKey {
  return row.email !== null ? { email: row.email } : { ussdPhone: row.phone };
}

/** Rows of `table` that are this person. */
export function isPerson(table: PersonTable, key: PersonKey): SQL {
  if ("email" in key) return emailEquals(table.email, key.email);
  return and(inArray(table.channel, ["ussd", "door", "whatsapp"]), isNull(table.email), eq(table.phone, key.ussdPhone)) as SQL;
}

/** Messages sent to this person's address or number, whichever registration they were for. */
export function messagesToPerson(key: PersonKey): SQL {
  if ("email" in key) return and(eq(mail_outbox.channel, "email"), emailEquals(mail_outbox.to_address, key.email)) as SQL;
  return and(inArray(mail_outbox.channel, ["sms", "whatsapp"]), eq(mail_outbox.to_address, key.ussdPhone)) as SQL;
}
