import { randomUUID } from "node:crypto";
import type { Db, DbOrTx } from "~/db/client.server";
import { isPerson, personKeyOf } from "~/db/person-key";
import { attendees } from "~/db/schema";
import { messageKey } from "~/i18n/message-key";
import { recordOptIn } from "~/modules/invitations/opt-in.server";
import { type PersonInput, personValues, type RegisteringPerson } from "~/modules/person/person-values";
import { type RegistrationState, registrationStatus } from "~/modules/settings/registration-status";
import { lockSeats } from "~/modules/settings/seats.server";
import { generateTicketId } from "~/modules/tickets/ticket-id";
import { enqueueTicket } from "~/modules/tickets/ticket-mail.server";
import { signDoorCode } from "~/modules/tickets/ticket-token.server";

/** Siblings may share a phone; a script spreading fake registrations over one number may not. */
export const MAX_REGISTRATIONS_PER_PHONE = 5;

export const REGISTRATION_MESSAGES = {
  duplicate: "registration.duplicate",
  phone: messageKey("registration.phone", { count: MAX_REGISTRATIONS_PER_PHONE }),
  ticketCollision: "registration.ticketCollision",
  failed: "registration.failed",
  success: "registration.success",
};

export type RegistrationResult =
  | { ok: true; attendeeId: string; ticketId: string; doorCode: string; email: string | null; fullName: string }
  | { ok: false; reason: RegistrationState | "duplicate" | "phone" | "ticket_collision" | "failed"; message: string };

export type RegistrationOptions = {
  secret: string;
  now?: Date;
  /**
   * How the settings row is locked. "for-update" is the only correct choice; "none"
   * exists so the concurrency test can prove that it catches overbooking without the lock.
   */
  settingsLock?: "for-update" | "none";
};

/**
 * Registers an attendee in ONE transaction, so capacity and duplicates hold under a rush: lock the settings
 * row, derive the status, refuse a duplicate, insert the attendee, queue the ticket
 * e-mail, commit. Any failure leaves nothing stored and nothing queued.
 */
export async function registerAttendee(db: Db, input: PersonInput, options: RegistrationOptions): Promise<RegistrationResult> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const person = personValues(input, now);
    const result = await registerIn(tx, person, { ...options, now });
    if (result.ok && input.futureEditions === "on") await recordFutureEditions(tx, person);
    return result;
  });
}

/**
 * "Tell me about future editions", ticked on the form: the opt-in, in the transaction that
 * registers the person (or puts them in line), with the time and the notice version of the
 * consent they gave with it.
 */
export async function recordFutureEditions(
  tx: DbOrTx,
  person: Pick<ReturnType<typeof personValues>, "full_name" | "email" | "phone" | "language"> & {
    consent_at: Date | null;
    consent_version: string;
  },
): Promise<void> {
  await recordOptIn(tx, person, { consentedAt: person.consent_at ?? new Date(), noticeVersion: person.consent_version });
}

/** The registration's steps inside the caller's transaction (a held registration being confirmed runs them too). */
export async function registerIn(tx: DbOrTx, person: RegisteringPerson, options: RegistrationOptions): Promise<RegistrationResult> {
  const now = options.now ?? new Date();
  const attendeeId = randomUUID();
  const ticketId = generateTicketId(now.getTime());
  const doorCode = signDoorCode(ticketId, options.secret);
  const values = { ...person, id: attendeeId, ticket_id: ticketId, created_at: now };

  // The settings row carries the seat counter and is the lock every seat change takes first.
  const row = await lockSeats(tx, { lock: options.settingsLock !== "none", phone: values.phone });
  if (!row) return { ok: false as const, reason: "failed" as const, message: REGISTRATION_MESSAGES.failed };
  const status = registrationStatus(row, now);
  if (!status.isOpen) return { ok: false as const, reason: status.state, message: status.message };
  if (row.phone_registrations >= MAX_REGISTRATIONS_PER_PHONE) {
    return { ok: false as const, reason: "phone" as const, message: REGISTRATION_MESSAGES.phone };
  }

  // A conflict on a unique index inserts nothing rather than failing, so the
  // transaction stays usable to tell which: the e-mail (unique on lower(trim(email)))
  // or, if that is free, the crypto-random ticket ID.
  const inserted = await tx.insert(attendees).values(values).onConflictDoNothing().returning({ id: attendees.id });
  if (inserted.length === 0) {
    const [duplicate] = await tx
      .select({ id: attendees.id })
      .from(attendees)
      .where(isPerson(attendees, personKeyOf(values)));
    if (duplicate) return { ok: false as const, reason: "duplicate" as const, message: REGISTRATION_MESSAGES.duplicate };
    return { ok: false as const, reason: "ticket_collision" as const, message: REGISTRATION_MESSAGES.ticketCollision };
  }

  // The worker renders the e-mail (QR code, calendar) after commit; the lock is held only for these writes.
  await enqueueTicket(tx, { attendee: values, eventName: row.event_name });
  return { ok: true as const, attendeeId, ticketId, doorCode, email: values.email, fullName: values.full_name };
}
