import path from "node:path";
import { sql } from "drizzle-orm";
import { openDbConnection } from "../../app/db/client.server";

// What a private site (private-site.ts) stored, read straight from its database, for tests
// that hold the site to what it answered: the registrations and the mail outbox. The
// embedded database can be opened by one process only: stop the site's servers first.

type StoredAttendee = { id: string; email: string; ticket_id: string };
type StoredMail = {
  id: string;
  attendee_id: string | null;
  to_address: string;
  kind: string;
  status: string;
  attempts: number;
  message_id: string | null;
};
export type SiteRecords = { attendees: StoredAttendee[]; outbox: StoredMail[]; waitlist: { email: string; status: string }[] };

export async function readSiteRecords(site: { dataDir: string; databaseUrl?: string }): Promise<SiteRecords> {
  const connection = await openDbConnection(
    site.databaseUrl ? { kind: "postgres", url: site.databaseUrl, poolSize: 1 } : { kind: "pglite", dir: path.join(site.dataDir, "db") },
  );
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await connection.db.execute(query)) as unknown as { rows: T[] }).rows;
  try {
    return {
      attendees: await rows<StoredAttendee>(sql`select id, email, ticket_id from attendees order by created_at`),
      outbox: await rows<StoredMail>(
        sql`select id, attendee_id, to_address, kind, status, attempts, message_id from mail_outbox order by created_at`,
      ),
      waitlist: await rows<{ email: string; status: string }>(sql`select email, status from waitlist order by seq`),
    };
  } finally {
    await connection.close();
  }
}
