import { sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { SETTINGS_ID } from "~/db/schema";

// The one lock every transaction that gives or frees a seat takes first: the settings row,
// which carries the capacity and the seat counter (kept by triggers on attendees). One lock,
// taken first everywhere, is also one lock order, so these transactions never deadlock.

export type LockedEvent = {
  event_name: string;
  registration_enabled: boolean;
  max_attendees: number;
  registered_count: number;
  event_date: string;
  event_starts_at: string;
  event_ends_at: string;
  waitlist_offer_hours: number;
  /** null until the settings are first saved: registration closed, "opening soon" */
  first_saved_at: Date | string | null;
  /** seats offered to the waitlist and not yet claimed, declined or expired: taken for newcomers */
  held_seats: number;
  /** seats kept for walk-ins, and the walk-ins registered so far (registration-status.ts, doorReserve) */
  walk_in_seats: number;
  /** of those, how many each door phone may hold for walk-ins offline (checkin/walk-in-shares.server.ts) */
  walk_in_seats_per_phone: number;
  walk_ins: number;
  /** seats granted to door phones for offline walk-ins, not yet used (kept too: doorReserve) */
  door_shares: number;
};

/**
 * Locks the settings row (FOR UPDATE) and reads the seat arithmetic. Once the lock is
 * granted the row is its latest version, so the counter includes every registration
 * committed meanwhile. The open offers are counted in a second statement on purpose: in
 * PostgreSQL's READ COMMITTED a subquery of the locking statement would still see the
 * snapshot from before the wait, and miss offers made by the transaction it waited for.
 * `lock: false` reads the same figures without waiting: for what only looks (a page's seat line,
 * whether a door phone has seats to be given at all) and for the test proving that the lock is
 * what prevents overbooking.
 */
export async function lockSeats(
  tx: DbOrTx,
  { lock = true, phone }: { lock?: boolean; phone?: string } = {},
): Promise<(LockedEvent & { phone_registrations: number }) | undefined> {
  const locked = (await tx.execute(sql`
    select event_name, registration_enabled, max_attendees, registered_count, walk_in_seats, walk_in_seats_per_phone,
      event_date::text as event_date, event_starts_at::text as event_starts_at, event_ends_at::text as event_ends_at, waitlist_offer_hours,
      first_saved_at
    from event_settings where id = ${SETTINGS_ID} ${lock ? sql`for update` : sql``}`)) as unknown as {
    rows: Omit<LockedEvent, "held_seats" | "walk_ins" | "door_shares">[];
  };
  const row = locked.rows[0];
  if (!row) return undefined;
  // A registration also needs the phone number's registrations, read under the same lock:
  // one statement for both counts saves a round trip on the busiest path.
  const counts = (await tx.execute(sql`
    select (select count(*)::int from waitlist where status = 'offered') as held,
      ${row.walk_in_seats > 0 ? sql`(select count(*)::int from walk_ins)` : sql`0`} as walk_ins,
      ${row.walk_in_seats > 0 ? sql`(select count(*)::int from door_walk_in_shares)` : sql`0`} as door_shares,
      ${phone === undefined ? sql`0` : sql`(select count(*)::int from attendees where phone = ${phone})`} as phones`)) as unknown as {
    rows: { held: number; walk_ins: number; door_shares: number; phones: number }[];
  };
  const found = counts.rows[0];
  return {
    ...row,
    held_seats: found?.held ?? 0,
    walk_ins: found?.walk_ins ?? 0,
    door_shares: found?.door_shares ?? 0,
    phone_registrations: found?.phones ?? 0,
  };
}
