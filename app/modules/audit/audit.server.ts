import { desc } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { audit_log } from "~/db/schema";

export type AuditActor = { id: string; email: string };

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

export async function listAudit(db: DbOrTx, { limit = 100, offset = 0 }: { limit?: number; offset?: number } = {}) {
  return db.select().from(audit_log).orderBy(desc(audit_log.created_at), desc(audit_log.id)).limit(limit).offset(offset);
}
