import { asc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { attendees, cancelled_registrations, check_ins } from "~/db/schema";
import { currentEdition } from "~/modules/settings/current-edition.server";
import { eventEnd } from "~/modules/settings/event-time";
import { getSettings } from "~/modules/settings/settings.server";
import { doorPublicKeys } from "~/modules/tickets/ticket-token.server";
import { eventDateLabels } from "./early-door";
import { doorGivingLists } from "./lists/door-giving-lists.server";
import type { DoorList } from "./offline/door-list-types";

// What a door's device downloads to work offline: who may come in and who is in already, the
// cancelled tickets (to say so rather than "unknown"), the public keys that check a QR code,
// the check-in lists it gives from (lists/door-giving-lists.server.ts), and when to delete its
// copy. Only what the door shows of a person: no e-mail, phone, position or row id. Rows are
// arrays, not objects: 10,000 attendees stay a few hundred KB once gzipped (the server
// compresses JSON), on a phone's costly connection.

/** The device deletes its copy this long after the event ends. */
const KEEP_AFTER_EVENT_MS = 12 * 3_600_000;

/** The door's offline list: the people and their check-ins in one query, ordered by name. */
export async function doorList(db: DbOrTx, secret: string, now = new Date()): Promise<DoorList> {
  const [settings, edition, people, cancelled, lists] = await Promise.all([
    getSettings(db),
    currentEdition(db),
    db
      .select({
        ticket_id: attendees.ticket_id,
        full_name: attendees.full_name,
        organization: attendees.organization,
        state: attendees.state,
        position: attendees.position,
        local_government: attendees.local_government,
        phone_end: sql<string>`right(${attendees.phone}, 3)`,
        checked_in_at: check_ins.created_at,
        door: check_ins.door,
      })
      .from(attendees)
      .leftJoin(check_ins, eq(check_ins.attendee_id, attendees.id))
      .orderBy(asc(attendees.full_name), asc(attendees.ticket_id)),
    // The cancelled table holds the current edition only: "Start the Next Edition" archives it.
    db.select({ ticket_id: cancelled_registrations.ticket_id }).from(cancelled_registrations).orderBy(cancelled_registrations.ticket_id),
    doorGivingLists(db, now),
  ]);
  return {
    generatedAt: now.toISOString(),
    edition: edition.id,
    attendees: people.map((p) => [
      p.ticket_id,
      p.full_name,
      p.organization,
      p.state,
      p.checked_in_at?.toISOString() ?? null,
      p.door,
      p.position,
      p.local_government,
      p.phone_end,
    ]),
    eventDate: settings.event_date,
    eventDateLabels: eventDateLabels(settings.event_date),
    cancelled: cancelled.map((c) => c.ticket_id),
    deleteAfter: new Date(eventEnd(settings).getTime() + KEEP_AFTER_EVENT_MS).toISOString(),
    keys: doorPublicKeys(secret),
    lists,
  };
}
