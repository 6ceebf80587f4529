import { sql } from "drizzle-orm";
import type { BenchDatabase } from "./databases";
import type { Answer } from "./open-loop";

// After an overload run, from the stopped server's database: was every registration the
// server accepted stored, with its ticket e-mail queued in the same transaction, and was
// no refused one stored, even in part?

export type RegistrationCheck = {
  /** registrations answered 2xx, over every phase */
  accepted: number;
  /** attendees in the database (should equal accepted) */
  attendees: number;
  /** accepted registrations missing from the database */
  acceptedMissing: number;
  /** registrations answered 503 (or not at all) that are in the database */
  refusedStored: number;
  /** ticket e-mails in the outbox (should equal attendees) */
  ticketMails: number;
};

export async function checkRegistrations(database: BenchDatabase, answers: Answer[]): Promise<RegistrationCheck> {
  const posted = answers.filter((a) => a.key);
  const accepted = posted.filter((a) => a.status >= 200 && a.status < 300).map((a) => a.key as string);
  const refused = posted.filter((a) => a.status === 503 || a.status === 0).map((a) => a.key as string);
  const connection = await database.open();
  try {
    const rows = (await connection.db.execute(sql`select
      (select count(*)::int from attendees) as attendees,
      (select count(*)::int from mail_outbox where kind = 'ticket') as ticket_mails,
      (select count(*)::int from attendees where email = any(string_to_array(${accepted.join(",")}, ','))) as accepted_stored,
      (select count(*)::int from attendees where email = any(string_to_array(${refused.join(",")}, ','))) as refused_stored`)) as unknown as {
      rows: Record<string, number>[];
    };
    const totals = rows.rows[0] ?? {};
    return {
      accepted: accepted.length,
      attendees: Number(totals.attendees),
      acceptedMissing: accepted.length - Number(totals.accepted_stored),
      refusedStored: Number(totals.refused_stored),
      ticketMails: Number(totals.ticket_mails),
    };
  } finally {
    await connection.close();
  }
}
