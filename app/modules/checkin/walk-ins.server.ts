import { randomUUID } from "node:crypto";
import { count, desc, eq, type SQL } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { countHit, secondsLeftInWindow } from "~/db/counters.server";
import { normalizeEmail } from "~/db/email";
import { admin_users, attendees, check_ins, emailEquals, walk_ins } from "~/db/schema";
import { isUuid } from "~/db/uuid";
import type { Language } from "~/i18n/languages";
import { type AuditActor, recordAudit } from "~/modules/audit/audit.server";
import { detailsColumns } from "~/modules/person/person-values";
import { PRIVACY_NOTICE } from "~/modules/person/privacy-notice";
import { MAX_REGISTRATIONS_PER_PHONE } from "~/modules/registration/registration.server";
import { doorReserve, doorSeatsLeft } from "~/modules/settings/registration-status";
import { lockSeats } from "~/modules/settings/seats.server";
import { generateTicketId } from "~/modules/tickets/ticket-id";
import { enqueueTicket } from "~/modules/tickets/ticket-mail.server";
import type { CheckInOrigin } from "./checkin.server";
import type { WalkInInput } from "./walk-in-schema";

// Walk-ins: people registered at the door on event day and let in at once, in one transaction
// (the registration, its check-in, who registered them where, the audit, the ticket's messages).
// The registration's rules hold (the schema's text, name and phone rules; one registration per
// e-mail address; at most MAX_REGISTRATIONS_PER_PHONE per phone). Seats: a walk-in may take any
// seat left, the ones kept for walk-ins included (settings.walk_in_seats, which online
// registration never takes); the hall full, the door refuses.

/** Someone already registered with the walk-in's e-mail address or phone: admit them instead? */
export type SamePerson = { id: string; full_name: string; ticket_id: string; checked_in_at: Date | null };

export type WalkInResult =
  | { status: "admitted"; attendee: { id: string; full_name: string; ticket_id: string }; sentBy: ("email" | "sms")[] }
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

/** The door's seat line: seats left for walk-ins, and how many of them are the kept ones. */
export async function walkInSeats(db: DbOrTx): Promise<{ left: number; kept: number }> {
  const event = await lockSeats(db, { lock: false });
  if (!event) return { left: 0, kept: 0 };
  return { left: doorSeatsLeft(event), kept: doorReserve(event) };
}

/** Registers a walk-in and checks them in, or says why not (someone with the same address or phone, the hall full). */
export async function registerWalkIn(db: Db, actor: AuditActor, input: WalkInInput, options: WalkInOptions): Promise<WalkInResult> {
  const now = options.now ?? new Date();
  const door = options.origin.door ?? "";
  const clientId = options.origin.clientId && isUuid(options.origin.clientId) ? options.origin.clientId.toLowerCase() : null;
  const device = options.origin.device && isUuid(options.origin.device) ? options.origin.device.toLowerCase() : null;
  const details = detailsColumns(input);
  const email = input.email ? normalizeEmail(input.email) : null;
  if ((await countHit(db, `walk-in:account:${actor.id}`, MINUTE_MS, now)) > WALK_INS_PER_MINUTE) {
    return { status: "too-many", retryAfter: secondsLeftInWindow(now, MINUTE_MS) };
  }
  return db.transaction(async (tx) => {
    // The same form sent again (a retry after a dropped answer): the walk-in it registered.
    if (clientId) {
      const [earlier] = await tx
        .select({ id: attendees.id, full_name: attendees.full_name, ticket_id: attendees.ticket_id })
        .from(walk_ins)
        .innerJoin(attendees, eq(attendees.id, walk_ins.attendee_id))
        .where(eq(walk_ins.client_id, clientId));
      if (earlier) return { status: "admitted" as const, attendee: earlier, sentBy: [] };
    }
    const event = await lockSeats(tx, { phone: details.phone });
    if (!event) return { status: "failed" as const };
    const byEmail = email ? await samePeople(tx, emailEquals(attendees.email, email)) : [];
    if (byEmail.length > 0) return { status: "same-person" as const, byEmail: true, people: byEmail };
    if (input.someone_else !== "on") {
      const byPhone = await samePeople(tx, eq(attendees.phone, details.phone));
      if (byPhone.length > 0) return { status: "same-person" as const, byEmail: false, people: byPhone };
    }
    if (doorSeatsLeft(event) <= 0) return { status: "full" as const };
    if (event.phone_registrations >= MAX_REGISTRATIONS_PER_PHONE) return { status: "phone" as const };

    const values = {
      ...details,
      id: randomUUID(),
      ticket_id: generateTicketId(now.getTime()),
      email,
      reason: "",
      consent_at: now,
      consent_version: PRIVACY_NOTICE.version,
      language: options.language,
      channel: "door" as const,
      sms_opt_in: input.sms === "on",
      created_at: now,
    };
    // A conflict (the e-mail address registered meanwhile, or a ticket ID drawn twice) inserts nothing.
    const [inserted] = await tx.insert(attendees).values(values).onConflictDoNothing().returning({ id: attendees.id });
    if (!inserted) {
      const raced = email ? await samePeople(tx, emailEquals(attendees.email, email)) : [];
      return raced.length > 0 ? { status: "same-person" as const, byEmail: true, people: raced } : { status: "failed" as const };
    }
    await tx
      .insert(check_ins)
      .values({ attendee_id: values.id, checked_in_by: actor.id, method: "walk-in", door, device, created_at: now });
    await tx
      .insert(walk_ins)
      .values({ attendee_id: values.id, registered_by: actor.id, door, device, client_id: clientId, created_at: now });
    await recordAudit(tx, actor, {
      action: "walk-in.create",
      entity: "attendee",
      entityId: values.id,
      details: door ? { door } : {},
    });
    const smsId = await enqueueTicket(tx, { attendee: values, eventName: event.event_name, channels: ["sms"] });
    const mailId = await enqueueTicket(tx, { attendee: values, eventName: event.event_name, channels: ["email"] });
    const sentBy = [...(mailId ? (["email"] as const) : []), ...(smsId ? (["sms"] as const) : [])];
    return { status: "admitted" as const, attendee: { id: values.id, full_name: values.full_name, ticket_id: values.ticket_id }, sentBy };
  });
}

/** Registrations matching `where` (an e-mail address, a phone), with their check-in: at most five. */
async function samePeople(tx: DbOrTx, where: SQL): Promise<SamePerson[]> {
  return tx
    .select({ id: attendees.id, full_name: attendees.full_name, ticket_id: attendees.ticket_id, checked_in_at: check_ins.created_at })
    .from(attendees)
    .leftJoin(check_ins, eq(check_ins.attendee_id, attendees.id))
    .where(where)
    .orderBy(attendees.created_at)
    .limit(MAX_REGISTRATIONS_PER_PHONE);
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
