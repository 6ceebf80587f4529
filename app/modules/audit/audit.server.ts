import { and, desc, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { attendees, audit_log } from "~/db/schema";
import { isUuid } from "~/db/uuid";
import { actionLabel, subjectOf, summarise } from "./audit-words";

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
  const shown = rows.slice(0, AUDIT_PAGE_SIZE);
  // Whom an entry is about, by name and ticket, read now (one query for the page): an id means nothing to a person.
  const ids = [
    ...new Set(shown.filter((r) => r.entity === "attendee" && r.entity_id && isUuid(r.entity_id)).map((r) => r.entity_id ?? "")),
  ];
  const people = new Map(
    (ids.length > 0
      ? await db
          .select({ id: attendees.id, full_name: attendees.full_name, ticket_id: attendees.ticket_id })
          .from(attendees)
          .where(inArray(attendees.id, ids))
      : []
    ).map((p) => [p.id, `${p.full_name} (${p.ticket_id})`]),
  );
  return {
    hasNext: rows.length > AUDIT_PAGE_SIZE,
    entries: shown.map((r) => ({
      id: r.id,
      who: r.admin_email,
      action: r.action,
      label: actionLabel(r.action),
      subject: subjectOf(r.entity, r.entity_id, people),
      details: summarise(r.details),
      at: r.created_at,
    })),
  };
}
