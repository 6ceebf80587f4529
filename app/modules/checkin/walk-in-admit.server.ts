import { randomUUID } from "node:crypto";
import { eq, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { normalizeEmail } from "~/db/email";
import { attendees, cancelled_registrations, check_ins, door_walk_in_shares, type MessageChannel, walk_ins } from "~/db/schema";
import type { Language } from "~/i18n/languages";
import { type AuditActor, recordAudit } from "~/modules/audit/audit.server";
import { whatsappOn } from "~/modules/mail/whatsapp-outbox.server";
import { detailsColumns } from "~/modules/person/person-values";
import { PRIVACY_NOTICE } from "~/modules/person/privacy-notice";
import { whatsappConsent } from "~/modules/person/whatsapp-consent.server";
import { MAX_REGISTRATIONS_PER_PHONE } from "~/modules/registration/registration.server";
import { generateTicketId, isTicketId } from "~/modules/tickets/ticket-id";
import { enqueueTicket } from "~/modules/tickets/ticket-mail.server";
import type { WalkInInput } from "./walk-in-schema";

// What a walk-in registered online (walk-ins.server.ts) and one a door registered offline and
// synced later (walk-in-sync.server.ts) share: finding who is registered with the same address or
// phone, and the registration itself with its check-in, its walk-in record, its audit and its
// ticket's messages. Both run inside the caller's transaction, under the seats' lock (lockSeats).

/** Someone already registered with the walk-in's e-mail address or phone: admit them instead? */
export type SamePerson = { id: string; full_name: string; ticket_id: string; checked_in_at: Date | null };

/** Registrations matching `where` (an e-mail address, a phone), with their check-in, oldest first: at most five. */
export async function samePeople(tx: DbOrTx, where: SQL): Promise<SamePerson[]> {
  return tx
    .select({ id: attendees.id, full_name: attendees.full_name, ticket_id: attendees.ticket_id, checked_in_at: check_ins.created_at })
    .from(attendees)
    .leftJoin(check_ins, eq(check_ins.attendee_id, attendees.id))
    .where(where)
    .orderBy(attendees.created_at)
    .limit(MAX_REGISTRATIONS_PER_PHONE);
}

/**
 * `preferred` (a walk-in share's ticket ID) unless a registration, a cancelled one or another
 * device's share has it, or it is no ticket ID at all (what a phone sent): then a new one. The
 * server drew each share's ID once, so this only finds one taken when a share was spent twice
 * (online, then by a phone that did not hear it) or sent by a device it was not granted to.
 */
export async function freeTicketId(tx: DbOrTx, preferred: string, now: Date): Promise<string> {
  if (!isTicketId(preferred)) return generateTicketId(now.getTime());
  const taken = (await tx.execute(sql`
    select 1 from ${attendees} where ticket_id = ${preferred}
    union all select 1 from ${cancelled_registrations} where ticket_id = ${preferred}
    union all select 1 from ${door_walk_in_shares} where ticket_id = ${preferred}
    limit 1`)) as unknown as { rows: unknown[] };
  return taken.rows.length > 0 ? generateTicketId(now.getTime()) : preferred;
}

/** A walk-in to record: who, with which ticket ID, where and when, and whether the door was offline. */
export type WalkInRecord = {
  input: WalkInInput;
  ticketId: string;
  language: Language;
  door: string;
  device: string | null;
  /** the device's own id for the walk-in (a retried form, an offline queue sent twice): found, not registered twice */
  clientId: string | null;
  /** the registration's, consent's and check-in's time: now online, the door's (clamped) offline */
  at: Date;
  offline: boolean;
};

export type AdmittedWalkIn = { attendee: { id: string; full_name: string; ticket_id: string }; sentBy: MessageChannel[] };

/**
 * Registers the walk-in and checks them in, in the caller's transaction: channel 'door', the
 * consent read out at the door, who registered them where, the audit, the ticket by e-mail, SMS
 * and WhatsApp as asked. Null when the insert conflicted (the e-mail address registered meanwhile, or a
 * ticket ID drawn twice): nothing written.
 */
export async function admitWalkIn(tx: DbOrTx, actor: AuditActor, eventName: string, record: WalkInRecord): Promise<AdmittedWalkIn | null> {
  const { input, at, door, device } = record;
  const values = {
    ...detailsColumns(input),
    id: randomUUID(),
    ticket_id: record.ticketId,
    email: input.email ? normalizeEmail(input.email) : null,
    reason: "",
    consent_at: at,
    consent_version: PRIVACY_NOTICE.version,
    language: record.language,
    channel: "door" as const,
    sms_opt_in: input.sms === "on",
    // Agreed aloud at the door, at the registration's time (offline: the door's), as the privacy consent.
    ...whatsappConsent(input.whatsapp === "on" && whatsappOn(), at),
    created_at: at,
  };
  const [inserted] = await tx.insert(attendees).values(values).onConflictDoNothing().returning({ id: attendees.id });
  if (!inserted) return null;
  await tx.insert(check_ins).values({ attendee_id: values.id, checked_in_by: actor.id, method: "walk-in", door, device, created_at: at });
  await tx
    .insert(walk_ins)
    .values({ attendee_id: values.id, registered_by: actor.id, door, device, client_id: record.clientId, created_at: at });
  await recordAudit(tx, actor, {
    action: "walk-in.create",
    entity: "attendee",
    entityId: values.id,
    details: { ...(door ? { door } : {}), ...(record.offline ? { offline: true } : {}) },
  });
  const smsId = await enqueueTicket(tx, { attendee: values, eventName, channels: ["sms"] });
  const whatsappId = await enqueueTicket(tx, { attendee: values, eventName, channels: ["whatsapp"] });
  const mailId = await enqueueTicket(tx, { attendee: values, eventName, channels: ["email"] });
  const sentBy: MessageChannel[] = [
    ...(mailId ? (["email"] as const) : []),
    ...(smsId ? (["sms"] as const) : []),
    ...(whatsappId ? (["whatsapp"] as const) : []),
  ];
  return { attendee: { id: values.id, full_name: values.full_name, ticket_id: values.ticket_id }, sentBy };
}
