import { and, eq, gt, inArray, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { pgConstraint, pgErrorCode } from "~/db/client.server";
import { normalizeEmail } from "~/db/email";
import { attendees, audit_log, type MessageChannel, mail_outbox } from "~/db/schema";
import { type AuditActor, recordAudit, SELF_SERVICE_ACTOR } from "~/modules/audit/audit.server";
import { type FieldChange, fieldChanges } from "~/modules/audit/changes";
import { GENDER_LABELS } from "~/modules/person/gender";
import { detailsColumns } from "~/modules/person/person-values";
import { getSettings } from "~/modules/settings/settings.server";
import { enqueueTicket } from "~/modules/tickets/ticket-mail.server";
import { correctionsOpen } from "./correction-window";
import type { OrganiserCorrection, SelfCorrection } from "./details-schema";

// A person's details corrected after registering: by themselves on the ticket page (until the
// corrections close, unless an organiser locked them), or by an organiser on the attendee page,
// e-mail address included. One transaction: the row (locked), the Activity log's from → to, and
// the ticket sent again with the corrected details, so the person sees what is now on file.
// Badges, certificates, the door list and every export read the row, so they follow at once.
//
// A new address or phone gets a new self-service link (token_version + 1): the link sent to the
// old one (perhaps a stranger's, if it was mistyped) stops opening the ticket page.

const LABELS = {
  full_name: "Full name",
  email: "E-mail",
  phone: "Phone",
  gender: "Gender",
  organization: "Organisation",
  position: "Position",
  state: "State",
  local_government: "Local government",
} as const;

type Row = typeof attendees.$inferSelect;
type Corrected = Pick<Row, keyof typeof LABELS>;

export type CorrectionOutcome =
  | { status: "saved"; changes: FieldChange[]; version: number }
  | { status: "unchanged"; version: number }
  | { status: "gone" | "locked" | "closed" | "limit" | "email-required" }
  | { status: "taken"; field: "email" | "phone" };

export type CorrectionRequest =
  | { by: "self"; id: string; input: SelfCorrection; now?: Date }
  | { by: AuditActor; id: string; input: OrganiserCorrection; now?: Date };

class Taken extends Error {
  constructor(readonly field: "email" | "phone") {
    super(`${field} taken`);
  }
}

function shown(field: keyof Corrected, value: unknown): string {
  if (field === "gender" && typeof value === "string") return GENDER_LABELS[value as keyof typeof GENDER_LABELS] ?? value;
  return value === null || value === undefined ? "" : String(value);
}

export async function correctDetails(db: Db, request: CorrectionRequest): Promise<CorrectionOutcome> {
  const now = request.now ?? new Date();
  const self = request.by === "self";
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.select().from(attendees).where(eq(attendees.id, request.id)).for("update");
      if (!row) return { status: "gone" as const };
      const settings = await getSettings(tx);
      if (self && row.details_locked) return { status: "locked" as const };
      if (self && !correctionsOpen(settings, now)) return { status: "closed" as const };
      // Each correction sends the ticket again, by SMS too: a few a day, not a way to text strangers.
      if (self && (await selfCorrectionsToday(tx, row.id)) >= SELF_CORRECTIONS_PER_DAY) return { status: "limit" as const };

      const next: Corrected = { ...detailsColumns(request.input), email: row.email };
      if (request.by !== "self") {
        const email = request.input.email ? normalizeEmail(request.input.email) : null;
        // Only a USSD registration (the network vouches for its phone) or a walk-in (registered at
        // the door, the address optional there too) may be without an address.
        if (email === null && row.channel === "web") return { status: "email-required" as const };
        next.email = email;
      }
      const changes = fieldChanges(row as Corrected, next, LABELS, shown);
      const lock = request.by === "self" ? row.details_locked : request.input.locked === "on";
      if (changes.length === 0 && lock === row.details_locked) return { status: "unchanged" as const, version: row.token_version };

      const addressChanged = next.email !== row.email || next.phone !== row.phone;
      const version = addressChanged ? row.token_version + 1 : row.token_version;
      try {
        await tx
          .update(attendees)
          .set({ ...next, token_version: version, details_locked: lock })
          .where(eq(attendees.id, row.id));
      } catch (error) {
        if (pgErrorCode(error) !== "23505") throw error;
        throw new Taken(pgConstraint(error) === "attendees_ussd_phone_key" ? "phone" : "email");
      }
      // Mail still waiting for the old address (a reminder) goes to the new one; so do SMS and
      // WhatsApp messages waiting for the old number: the person's consent to them was for their
      // own phone, which the correction puts right.
      if (next.email !== row.email && next.email !== null && row.email !== null)
        await redirectWaiting(tx, row.id, ["email"], row.email, next.email);
      if (next.phone !== row.phone) await redirectWaiting(tx, row.id, ["sms", "whatsapp"], row.phone, next.phone);
      await recordAudit(tx, self ? SELF_SERVICE_ACTOR : (request.by as AuditActor), {
        action: self ? SELF_UPDATE : lock !== row.details_locked && changes.length === 0 ? lockAction(lock) : "attendee.update",
        entity: "attendee",
        entityId: row.id,
        details: { ticketId: row.ticket_id, changes, ...(lock !== row.details_locked ? { locked: lock } : {}) },
      });
      // The ticket again, with the corrected details and (after a new address) the new link.
      if (changes.length > 0) {
        // The person's own corrections count among the public mails to their address (mail/outbox.server.ts).
        const kind = self ? "details-corrected" : "details-edited";
        await enqueueTicket(tx, { attendee: { ...row, ...next }, eventName: settings.event_name, kind });
      }
      return { status: "saved" as const, changes, version };
    });
  } catch (error) {
    if (error instanceof Taken) return { status: "taken", field: error.field };
    throw error;
  }
}

const lockAction = (lock: boolean) => (lock ? "attendee.lock" : "attendee.unlock");

/** A person corrects their details this many times a day at most (each sends the ticket again). */
const SELF_CORRECTIONS_PER_DAY = 5;
const SELF_UPDATE = "attendee.self-update";

/** Counted by the database's clock, the one the Activity log's entries are stamped with. */
async function selfCorrectionsToday(tx: DbOrTx, id: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(audit_log)
    .where(and(eq(audit_log.action, SELF_UPDATE), eq(audit_log.entity_id, id), gt(audit_log.created_at, sql`now() - interval '24 hours'`)));
  return row?.n ?? 0;
}

/** The attendee's messages on `channels` still waiting to go to `from` go to `to` instead. */
async function redirectWaiting(tx: DbOrTx, attendeeId: string, channels: MessageChannel[], from: string, to: string): Promise<void> {
  await tx
    .update(mail_outbox)
    .set({ to_address: to })
    .where(
      and(
        eq(mail_outbox.attendee_id, attendeeId),
        inArray(mail_outbox.channel, channels),
        eq(mail_outbox.status, "pending"),
        eq(mail_outbox.to_address, from),
      ),
    );
}
