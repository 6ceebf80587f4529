import { sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { SETTINGS_ID } from "~/db/schema";
import { type RegistrationStatus, registrationStatus, unavailableStatus } from "~/modules/settings/registration-status";
import type { EventSettings } from "~/modules/settings/settings.server";

/**
 * How many seats are taken: the seat counter the attendees triggers keep (one row by key, no
 * count over attendees), and the seats offered to the waitlist (a partial index's few rows),
 * in one statement.
 */
export async function readSeatCounter(db: DbOrTx): Promise<{ registered_count: number; held_seats: number; walk_ins: number }> {
  type Counts = { registered_count: number; held_seats: number; walk_ins: number };
  const result = (await db.execute(sql`
    select registered_count, (select count(*)::int from waitlist where status = 'offered') as held_seats,
      (select count(*)::int from walk_ins) as walk_ins
    from event_settings where id = ${SETTINGS_ID}`)) as unknown as { rows: Counts[] };
  const row = result.rows[0];
  return { registered_count: row?.registered_count ?? 0, held_seats: row?.held_seats ?? 0, walk_ins: row?.walk_ins ?? 0 };
}

/**
 * The status shown to visitors, with the seat counter read afresh; 'Registration status
 * unavailable' when the database cannot be read, never an error page.
 */
export async function currentRegistrationStatus(db: DbOrTx, settings: EventSettings, now = new Date()): Promise<RegistrationStatus> {
  try {
    return registrationStatus({ ...settings, ...(await readSeatCounter(db)) }, now);
  } catch {
    return unavailableStatus();
  }
}
