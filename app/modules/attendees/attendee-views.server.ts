import { count, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { cancelled_registrations, event_settings, held_registrations, SETTINGS_ID, waitlist } from "~/db/schema";

export type AttendeeViewCounts = { registered: number; cancelled: number; waitlist: number; held: number };

/** The counts on the Registered · Cancelled · Waitlist tabs: the seat counter and two small counts. */
export async function attendeeViewCounts(db: DbOrTx): Promise<AttendeeViewCounts> {
  const [[settings], [cancelled], [inLine], [held]] = await Promise.all([
    db.select({ n: event_settings.registered_count }).from(event_settings).where(eq(event_settings.id, SETTINGS_ID)),
    db.select({ n: count() }).from(cancelled_registrations),
    db
      .select({ n: count() })
      .from(waitlist)
      .where(inArray(waitlist.status, ["waiting", "offered"])),
    db.select({ n: count() }).from(held_registrations),
  ]);
  return { registered: settings?.n ?? 0, cancelled: cancelled?.n ?? 0, waitlist: inLine?.n ?? 0, held: held?.n ?? 0 };
}
