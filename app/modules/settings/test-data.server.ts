import type { DbOrTx } from "~/db/client.server";
import { type EventSettings, updateSettings } from "./settings.server";

// Test helpers of this module (not app code).

/** The settings registration tests start from: open, 500 seats, the event on 12 August 2025, 8 AM to 5 PM. */
export function openRegistration(db: DbOrTx): Promise<EventSettings> {
  return updateSettings(db, {
    registration_enabled: true,
    max_attendees: 500,
    event_date: "2025-08-12",
    event_starts_at: "08:00:00",
    event_ends_at: "17:00:00",
  });
}
