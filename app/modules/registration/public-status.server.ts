import { count, eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { event_settings, SETTINGS_ID, waitlist } from "~/db/schema";
import { type RegistrationStatus, registrationStatus, unavailableStatus } from "~/modules/settings/registration-status";
import type { EventSettings } from "~/modules/settings/settings.server";

/**
 * How many seats are taken: the seat counter the attendees triggers keep (one row by key, no
 * count over attendees), and the seats offered to the waitlist (a partial index's few rows).
 */
async function readSeatCounter(db: DbOrTx): Promise<{ registered_count: number; held_seats: number }> {
  const [[row], [held]] = await Promise.all([
    db.select({ count: event_settings.registered_count }).from(event_settings).where(eq(event_settings.id, SETTINGS_ID)),
    db.select({ n: count() }).from(waitlist).where(eq(waitlist.status, "offered")),
  ]);
  return { registered_count: row?.count ?? 0, held_seats: held?.n ?? 0 };
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
