import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { editions, past_registrations } from "~/db/schema";
import type { Language } from "~/i18n/languages";
import { editionName } from "~/modules/settings/edition-name";
import { formatEventDate } from "~/modules/settings/event-time";

// Tickets of past editions, kept in past_registrations until that edition's retention purge
// (editions/past-editions.server.ts): the door and the ticket page name the edition a ticket
// belonged to instead of "not found".

export type PastTicket = { edition: number; name: string; date: string; outcome: string; full_name: string };

/** The past edition a ticket ID belongs to, named in `language` ("Second edition", "12 August 2026"). */
export async function findPastTicket(db: DbOrTx, ticketId: string, language: Language): Promise<PastTicket | undefined> {
  const [row] = await db
    .select({
      edition: editions.id,
      name: editions.name,
      translations: editions.translations,
      event_date: editions.event_date,
      outcome: past_registrations.outcome,
      full_name: past_registrations.full_name,
    })
    .from(past_registrations)
    .innerJoin(editions, eq(editions.id, past_registrations.edition_id))
    .where(eq(past_registrations.ticket_id, ticketId))
    .limit(1);
  if (!row?.event_date) return undefined;
  return {
    edition: row.edition,
    full_name: row.full_name,
    name: editionName(row, language),
    date: formatEventDate(row.event_date, language, "long"),
    outcome: row.outcome,
  };
}

/** The same, found by the registration's id (the ticket page's token names the id). */
export async function findPastRegistration(db: DbOrTx, id: string, language: Language): Promise<PastTicket | undefined> {
  const [row] = await db
    .select({ ticket_id: past_registrations.ticket_id })
    .from(past_registrations)
    .where(eq(past_registrations.id, id))
    .limit(1);
  return row?.ticket_id ? findPastTicket(db, row.ticket_id, language) : undefined;
}
