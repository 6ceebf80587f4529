import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { type Db, type DbOrTx, pgConstraint, pgErrorCode } from "~/db/client.server";
import {
  attendees,
  cancelled_registrations,
  held_registrations,
  outreach_sources,
  past_registrations,
  retained_stats,
  waitlist,
} from "~/db/schema";
import { type AuditActor, recordAudit } from "~/modules/audit/audit.server";
import { drawSourceCode } from "./codes";

// The organisers' named sources: created with a fresh code, archived (the link stops counting,
// the figures stay), restored, or deleted while no one has registered through them.

export type OutreachSource = typeof outreach_sources.$inferSelect;

/** Codes tried before giving up: with 9.8 million codes, a tenth try is needed only if nearly all are taken. */
const CODE_ATTEMPTS = 10;

export type CreateOutcome = { ok: true; source: OutreachSource } | { ok: false; reason: "duplicate-name" };

/**
 * A new source called `name` (already checked by the form's schema) with a new code: a code
 * another source has is drawn again (the unique index decides, so two organisers creating at
 * once never share one); a name another source has is refused.
 */
export async function createSource(
  db: Db,
  actor: AuditActor,
  name: string,
  { draw = drawSourceCode, now = new Date() }: { draw?: () => string; now?: Date } = {},
): Promise<CreateOutcome> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const [source] = await tx.insert(outreach_sources).values({ name, code: draw(), created_at: now }).returning();
        if (!source) throw new Error("creating the source returned no row");
        await recordAudit(tx, actor, {
          action: "outreach.create",
          entity: "outreach_source",
          entityId: String(source.id),
          details: { name, code: source.code },
        });
        return { ok: true as const, source };
      });
    } catch (error) {
      if (pgErrorCode(error) !== "23505") throw error;
      if (pgConstraint(error) === "outreach_sources_name_key") return { ok: false, reason: "duplicate-name" };
      if (attempt >= CODE_ATTEMPTS) throw error;
    }
  }
}

export async function sourceById(db: DbOrTx, id: number): Promise<OutreachSource | undefined> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return undefined;
  const [source] = await db.select().from(outreach_sources).where(eq(outreach_sources.id, id));
  return source;
}

/** Archives an active source (true), or restores an archived one (false): "unchanged" when it already was. */
export async function setArchived(
  db: Db,
  actor: AuditActor,
  id: number,
  archived: boolean,
  now = new Date(),
): Promise<"done" | "unchanged" | "missing"> {
  return db.transaction(async (tx) => {
    const source = await sourceById(tx, id);
    if (!source) return "missing";
    const [changed] = await tx
      .update(outreach_sources)
      .set({ archived_at: archived ? now : null })
      .where(and(eq(outreach_sources.id, id), archived ? isNull(outreach_sources.archived_at) : isNotNull(outreach_sources.archived_at)))
      .returning({ id: outreach_sources.id });
    if (!changed) return "unchanged";
    await recordAudit(tx, actor, {
      action: archived ? "outreach.archive" : "outreach.restore",
      entity: "outreach_source",
      entityId: String(id),
      details: { name: source.name },
    });
    return "done";
  });
}

/**
 * Deletes a source no one registered through, with its visits. One with registrations anywhere
 * (registered, waiting, held, cancelled, a past edition's, or kept as counts after the purge) is
 * archived instead: its figures must stay.
 */
export async function deleteSource(db: Db, actor: AuditActor, id: number): Promise<"deleted" | "has-registrations" | "missing"> {
  return db.transaction(async (tx) => {
    // Locked: a registration naming it now waits for this decision (its key check takes a share lock).
    const [source] = await tx.select().from(outreach_sources).where(eq(outreach_sources.id, id)).for("update");
    if (!source) return "missing";
    const tables = [attendees, waitlist, held_registrations, cancelled_registrations, past_registrations];
    const [used] = await tx
      .execute(
        sql`select ${sql.join(
          tables.map((table) => sql`exists (select 1 from ${table} p where p.outreach_source_id = ${id})`),
          sql` or `,
        )} or exists (select 1 from ${retained_stats} rs where rs.kind = 'outreach' and rs.key = ${String(id)}) as used`,
      )
      .then((result) => (result as unknown as { rows: { used: boolean }[] }).rows);
    if (used?.used) return "has-registrations";
    await tx.delete(outreach_sources).where(eq(outreach_sources.id, id));
    await recordAudit(tx, actor, {
      action: "outreach.delete",
      entity: "outreach_source",
      entityId: String(id),
      details: { name: source.name },
    });
    return "deleted";
  });
}
