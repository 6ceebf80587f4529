import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { event_settings, SETTINGS_ID } from "~/db/schema";
import { type RegistrationStatus, registrationStatus, unavailableStatus } from "~/modules/settings/registration-status";
import type { EventSettings } from "~/modules/settings/settings.server";

/** How many are registered: the seat counter the attendees triggers keep, one row by key (no count over attendees). */
async function readSeatCounter(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ count: event_settings.registered_count }).from(event_settings).where(eq(event_settings.id, SETTINGS_ID));
  return row?.count ?? 0;
}

/**
 * The status shown to visitors, with the seat counter read afresh; 'Registration status
 * unavailable' when the database cannot be read, never an error page.
 */
export async function currentRegistrationStatus(db: DbOrTx, settings: EventSettings, now = new Date()): Promise<RegistrationStatus> {
  try {
    return registrationStatus({ ...settings, registered_count: await readSeatCounter(db) }, now);
  } catch {
    return unavailableStatus();
  }
}
