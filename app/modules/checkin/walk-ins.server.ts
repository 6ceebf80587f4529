import { count, desc, eq } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { countHit, secondsLeftInWindow } from "~/db/counters.server";
import { normalizeEmail } from "~/db/email";
import { admin_users, attendees, emailEquals, walk_ins } from "~/db/schema";
import { isUuid } from "~/db/uuid";
import type { Language } from "~/i18n/languages";
import type { AuditActor } from "~/modules/audit/audit.server";
import { detailsColumns } from "~/modules/person/person-values";
import { MAX_REGISTRATIONS_PER_PHONE } from "~/modules/registration/registration.server";
import { doorReserve, doorSeatsLeft } from "~/modules/settings/registration-status";
import { lockSeats } from "~/modules/settings/seats.server";
import { generateTicketId } from "~/modules/tickets/ticket-id";
import type { CheckInOrigin } from "./checkin.server";
import { type AdmittedWalkIn, admitWalkIn, freeTicketId, type SamePerson, samePeople } from "./walk-in-admit.server";
import type { WalkInInput } from "./walk-in-schema";
import { countWalkInShares, type ShareHolder, takeWalkInShare } from "./walk-in-shares.server";

// Walk-ins: people registered at the door on event day and let in at once, in one transaction
// (the registration, its check-in, who registered them where, the audit, the ticket's messages:
// walk-in-admit.server.ts). The registration's rules hold (the schema's text, name and phone
// rules; one registration per e-mail address; at most MAX_REGISTRATIONS_PER_PHONE per phone).
// Seats: a walk-in may take any seat left, the ones kept for walk-ins included
// (settings.walk_in_seats, which online registration never takes), but not one a door phone
// holds for offline walk-ins (walk-in-shares.server.ts) unless it is this device's own; the
// hall full, the door refuses. What a door registered offline arrives with its sync
// (walk-in-sync.server.ts).

export type WalkInResult =
  | { status: "admitted"; attendee: { id: string; full_name: string; ticket_id: string }; sentBy: AdmittedWalkIn["sentBy"] }
  | { status: "same-person"; byEmail: boolean; people: SamePerson[] }
  | { status: "full" }
  | { status: "phone" }
  /** the account registered WALK_INS_PER_MINUTE this minute already: nothing stored, send again after `retryAfter` s */
  | { status: "too-many"; retryAfter: number }
  | { status: "failed" };

/**
 * Walk-ins one account may register in a clock minute, counted in the database so all its phones
 * share the count. A volunteer takes half a minute or more per person and an account may serve
 * a dozen phones; a script holding a door account's session could otherwise fill the hall with
 * made-up people in seconds (each walk-in takes a seat at once, no e-mail to confirm).
 */
export const WALK_INS_PER_MINUTE = 30;
const MINUTE_MS = 60_000;

export type WalkInOptions = {
  /** the door's language: the person was spoken to in it, and their messages follow it */
  language: Language;
  origin: CheckInOrigin;
  now?: Date;
};

/**
 * The door's seat line: seats left for walk-ins, and how many of them are the kept ones. Seats
 * door phones hold for offline walk-ins are not free; a device's own (`holder`: the account and
 * the page's device id) are its to use, so they count for it.
 */
export async function walkInSeats(db: DbOrTx, holder?: ShareHolder | null): Promise<{ left: number; kept: number }> {
  const [event, own] = await Promise.all([lockSeats(db, { lock: false }), holder ? countWalkInShares(db, holder) : 0]);
  if (!event) return { left: 0, kept: 0 };
  return { left: Math.max(0, doorSeatsLeft(event) - event.door_shares) + own, kept: doorReserve(event) };
}

/** Registers a walk-in and checks them in, or says why not (someone with the same address or phone, the hall full). */
export async function registerWalkIn(db: Db, actor: AuditActor, input: WalkInInput, options: WalkInOptions): Promise<WalkInResult> {
  const now = options.now ?? new Date();
  const door = options.origin.door ?? "";
  const clientId = options.origin.clientId && isUuid(options.origin.clientId) ? options.origin.clientId.toLowerCase() : null;
  const device = options.origin.device && isUuid(options.origin.device) ? options.origin.device.toLowerCase() : null;
  const phone = detailsColumns(input).phone;
  const email = input.email ? normalizeEmail(input.email) : null;
  if ((await countHit(db, `walk-in:account:${actor.id}`, MINUTE_MS, now)) > WALK_INS_PER_MINUTE) {
    return { status: "too-many", retryAfter: secondsLeftInWindow(now, MINUTE_MS) };
  }
  const registering = db.transaction(async (tx): Promise<WalkInResult> => {
    // The same form sent again (a retry after a dropped answer): the walk-in it registered.
    if (clientId) {
      const [earlier] = await tx
        .select({ id: attendees.id, full_name: attendees.full_name, ticket_id: attendees.ticket_id })
        .from(walk_ins)
        .innerJoin(attendees, eq(attendees.id, walk_ins.attendee_id))
        .where(eq(walk_ins.client_id, clientId));
      if (earlier) return { status: "admitted", attendee: earlier, sentBy: [] };
    }
    const event = await lockSeats(tx, { phone });
    if (!event) return { status: "failed" };
    const byEmail = email ? await samePeople(tx, emailEquals(attendees.email, email)) : [];
    if (byEmail.length > 0) return { status: "same-person", byEmail: true, people: byEmail };
    if (input.someone_else !== "on") {
      const byPhone = await samePeople(tx, eq(attendees.phone, phone));
      if (byPhone.length > 0) return { status: "same-person", byEmail: false, people: byPhone };
    }
    if (event.phone_registrations >= MAX_REGISTRATIONS_PER_PHONE) return { status: "phone" };
    // A seat this device holds for offline walk-ins is its own: the walk-in takes the oldest (and
    // its ticket ID, which the page may then drop from its list). Without one, the seats other
    // phones hold are not free either.
    const share = device && actor.id ? await takeWalkInShare(tx, { adminId: actor.id, device }) : null;
    if (!share && doorSeatsLeft(event) - event.door_shares <= 0) return { status: "full" };
    const ticketId = share ? await freeTicketId(tx, share, now) : generateTicketId(now.getTime());
    const record = { input, ticketId, language: options.language, door, device, clientId, at: now, offline: false };
    const admitted = await admitWalkIn(tx, actor, event.event_name, record);
    if (admitted) return { status: "admitted", ...admitted };
    // The e-mail address registered meanwhile, or a ticket ID drawn twice: nothing is kept, the share neither.
    const raced = email ? await samePeople(tx, emailEquals(attendees.email, email)) : [];
    throw new WalkInNotAdmitted(raced.length > 0 ? { status: "same-person", byEmail: true, people: raced } : { status: "failed" });
  });
  return registering.catch((error: unknown) => {
    if (error instanceof WalkInNotAdmitted) return error.result;
    throw error;
  });
}

/** Rolls a walk-in's transaction back (a share it took goes back to its device) with the answer to give. */
class WalkInNotAdmitted extends Error {
  constructor(readonly result: WalkInResult) {
    super(result.status);
  }
}

/** How many walk-ins are registered, and per door and account (Event Operations). */
export async function walkInCounts(db: DbOrTx): Promise<{ total: number; byDoor: { door: string; by: string | null; count: number }[] }> {
  const rows = await db
    .select({ door: walk_ins.door, by: admin_users.name, count: count() })
    .from(walk_ins)
    .leftJoin(admin_users, eq(admin_users.id, walk_ins.registered_by))
    .groupBy(walk_ins.door, admin_users.name)
    .orderBy(desc(count()), walk_ins.door);
  return { total: rows.reduce((sum, row) => sum + row.count, 0), byDoor: rows };
}
