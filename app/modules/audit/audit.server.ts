import { and, desc, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { audit_log } from "~/db/schema";
import { describeChange, type FieldChange } from "./changes";

// `id` is null for what the system did by itself (the automatic reminder).
export type AuditActor = { id: string | null; email: string };

/** An attendee acting on their own registration (cancel, download or erase their data). */
export const SELF_SERVICE_ACTOR: AuditActor = { id: null, email: "Attendee (self-service)" };

/** The server acting on a schedule nobody clicked (the retention purge). */
export const SYSTEM_ACTOR: AuditActor = { id: null, email: "System" };

export type AuditEntry = {
  action: string;
  entity: string;
  entityId?: string | null;
  details?: Record<string, unknown>;
};

/** Records an admin write. Call it in the same transaction as the write, so the log never claims a change that rolled back. */
export async function recordAudit(tx: DbOrTx, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await tx.insert(audit_log).values({
    admin_id: actor.id,
    admin_email: actor.email,
    action: entry.action,
    entity: entry.entity,
    entity_id: entry.entityId ?? null,
    details: entry.details ?? {},
  });
}

/**
 * Makes the log's entries about people pseudonymous: their details (a ticket ID, a name or an
 * address typed into a search) are emptied; the entry, its action and the record's random id
 * stay, so the log still says what happened but no longer to whom. `ids` limits it to those
 * records (one person's erasure); without it every entry of these entities (the purge).
 */
export async function pseudonymiseAuditEntries(tx: DbOrTx, entities: readonly string[], ids?: readonly string[]): Promise<void> {
  if (ids?.length === 0) return;
  await tx
    .update(audit_log)
    .set({ details: sql`'{}'::jsonb` })
    .where(
      and(
        inArray(audit_log.entity, [...entities]),
        ids ? inArray(audit_log.entity_id, [...ids]) : undefined,
        sql`${audit_log.details} <> '{}'::jsonb`,
      ),
    );
}

async function listAudit(db: DbOrTx, { limit = 100, offset = 0 }: { limit?: number; offset?: number } = {}) {
  return db.select().from(audit_log).orderBy(desc(audit_log.created_at), desc(audit_log.id)).limit(limit).offset(offset);
}

const AUDIT_PAGE_SIZE = 50;

/** One page of the log, newest first, in plain words for the Activity screen. */
export async function auditLogPage(db: DbOrTx, page: number) {
  // One row more than a page says whether there is a next page, without counting the whole log.
  const rows = await listAudit(db, { limit: AUDIT_PAGE_SIZE + 1, offset: (page - 1) * AUDIT_PAGE_SIZE });
  return {
    hasNext: rows.length > AUDIT_PAGE_SIZE,
    entries: rows.slice(0, AUDIT_PAGE_SIZE).map((r) => ({
      id: r.id,
      who: r.admin_email,
      action: r.action,
      label: ACTION_LABELS[r.action] ?? null,
      entity: r.entity,
      entityId: r.entity_id,
      details: summarise(r.details),
      at: r.created_at,
    })),
  };
}

// Plain words for the actions this area records; any other action shows its code.
const ACTION_LABELS: Record<string, string> = {
  "attendee.delete": "Deleted a registration",
  "attendee.resend-ticket": "Resent a ticket",
  "attendee.export": "Exported the attendee list",
  "attendee.badges": "Generated the name badges",
  "demo.seed": "Loaded the demo content",
  "reminders.send": "Sent reminders",
  "attendee.cancel": "Cancelled a registration",
  "attendee.data-export": "Downloaded a person's data",
  "attendee.erase": "Erased a person's data",
  "reminders.auto": "Sent the automatic reminder",
  "checkin.create": "Checked an attendee in",
  "checkin.undo": "Undid a check-in",
  "checkin.conflict": "Recorded a ticket let in at two doors",
  "settings.update": "Changed the event settings",
  "personal-data.postpone": "Postponed the deletion of personal data",
  "attendee.update": "Corrected a person's details",
  "attendee.self-update": "A person corrected their own details",
  "attendee.lock": "Locked a person's details",
  "attendee.unlock": "Unlocked a person's details",
  "personal-data.purge": "Deleted personal data after the event",
  "held.confirm": "Confirmed a held registration",
  "held.confirm-waitlist": "Confirmed a held registration onto the waitlist",
  "held.delete": "Deleted held registrations",
  "invitations.send": "Invited past attendees to this edition",
  "invitation.withdraw": "Someone stopped the news of future editions",
  "certificates.send": "Sent certificates of attendance",
  "certificates.auto": "Sent the certificates automatically, the morning after",
  "feedback.export": "Exported the feedback answers",
  "outreach.create": "Created an outreach source",
  "outreach.archive": "Archived an outreach source",
  "outreach.restore": "Restored an outreach source",
  "outreach.delete": "Deleted an outreach source",
};

// The words for what the from → to entries (settings, a person's details) keep beside their
// changes; any other key shows as written.
const DETAIL_WORDS: Record<string, (value: unknown) => string | null> = {
  ticketId: (value) => `Ticket ${String(value)}`,
  locked: (value) => (value ? "Details locked against the person's own changes" : "Details unlocked"),
  confirmed: (value) => `Asked first and confirmed: "${String(value)}"`,
  // The save-settings marker that lets a date moved into the past by mistake be put right again.
  overWhenSet: (value) => (value ? "This change ended the edition" : null),
};

/**
 * The details in plain words, short enough for a table cell: what an edit changed, from what to
 * what ("Event date: "…" → "…""), then any other "key: value" pairs.
 */
function summarise(details: Record<string, unknown>): string {
  const { changes, ...rest } = details;
  const described = Array.isArray(changes) ? (changes as FieldChange[]).map(describeChange) : [];
  const pairs = Object.entries(rest)
    .filter(([, value]) => value !== "" && value !== null && value !== undefined)
    .map(([key, value]) => {
      const words = DETAIL_WORDS[key];
      if (words) return words(value);
      return `${key}: ${typeof value === "object" ? JSON.stringify(value) : String(value)}`;
    })
    .filter((pair): pair is string => pair !== null);
  return [...described, ...pairs].join("; ").slice(0, described.length > 0 ? 2000 : 300);
}
