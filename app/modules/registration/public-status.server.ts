import { sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { SETTINGS_ID } from "~/db/schema";
import { type RegistrationStatus, registrationStatus, unavailableStatus } from "~/modules/settings/registration-status";
import type { EventSettings } from "~/modules/settings/settings.server";

type SeatCounts = { registered_count: number; held_seats: number; walk_ins: number; door_shares: number };

/**
 * How many seats are taken: the seat counter the attendees triggers keep (one row by key, no
 * count over attendees), the seats offered to the waitlist (a partial index's few rows), the
 * walk-ins and the seats door phones hold for offline walk-ins (a few rows each), in one statement.
 */
export async function readSeatCounter(db: DbOrTx): Promise<SeatCounts> {
  const result = (await db.execute(sql`
    select registered_count, (select count(*)::int from waitlist where status = 'offered') as held_seats,
      (select count(*)::int from walk_ins) as walk_ins,
      -- Counted as lockSeats counts them: only while seats are kept for walk-ins.
      case when walk_in_seats > 0 then (select count(*)::int from door_walk_in_shares) else 0 end as door_shares
    from event_settings where id = ${SETTINGS_ID}`)) as unknown as { rows: SeatCounts[] };
  const row = result.rows[0];
  return {
    registered_count: row?.registered_count ?? 0,
    held_seats: row?.held_seats ?? 0,
    walk_ins: row?.walk_ins ?? 0,
    door_shares: row?.door_shares ?? 0,
  };
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
