import { and, eq, isNotNull, isNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { editions, mail_outbox, past_registrations } from "~/db/schema";
import { pseudonymiseAuditEntries, recordAudit, SYSTEM_ACTOR } from "~/modules/audit/audit.server";
import { earliestPurgeAfterChange, purgeDate, retentionDeadline } from "~/modules/settings/purge-schedule";

// A past edition's people, kept in past_registrations until that edition's own retention
// purge, which runs for each archived edition from its own date, as the current edition's does
// from the settings. Finding a past ticket (the door, the ticket page) is the tickets module's.

type PastPurgePlan = {
  event_date: string | null;
  event_starts_at: string;
  event_ends_at: string;
  retention_days: number | null;
  archived_at: Date | null;
  purge_not_before: Date | null;
};

/**
 * When an archived edition's people are deleted: its retention deadline, never sooner than a week
 * after it was archived (an edition archived with a date typed wrong must not lose its people
 * within a scheduler tick), and later if postponed.
 */
function pastPurgeDate(edition: PastPurgePlan): Date {
  const deadline = retentionDeadline({
    event_date: edition.event_date ?? "",
    event_starts_at: edition.event_starts_at,
    event_ends_at: edition.event_ends_at,
    retention_days: edition.retention_days ?? 0,
  });
  const archived = edition.archived_at ? earliestPurgeAfterChange(edition.archived_at) : null;
  return purgeDate(purgeDate(deadline, archived), edition.purge_not_before);
}

export type PastPurgeRun = { edition: number; registrations: number; mails: number };

/**
 * Deletes the people and mail log of every archived edition whose retention has run out, once:
 * `purged_at` marks it, set in the same transaction under the edition row's lock, so two
 * instances asking at once purge once. The archive (figures, content) is anonymous and stays.
 */
export async function purgePastEditionsIfDue(db: Db, now = new Date()): Promise<PastPurgeRun[]> {
  const candidates = await db
    .select({
      id: editions.id,
      event_date: editions.event_date,
      event_starts_at: editions.event_starts_at,
      event_ends_at: editions.event_ends_at,
      retention_days: editions.retention_days,
      archived_at: editions.archived_at,
      purge_not_before: editions.purge_not_before,
    })
    .from(editions)
    .where(and(isNotNull(editions.archived_at), isNull(editions.purged_at)));
  const due = candidates.filter((e) => e.event_date && e.retention_days !== null && now >= pastPurgeDate(e));
  const runs: PastPurgeRun[] = [];
  for (const edition of due) {
    const run = await db.transaction(async (tx) => {
      const [locked] = await tx.select({ purged: editions.purged_at }).from(editions).where(eq(editions.id, edition.id)).for("update");
      if (!locked || locked.purged) return null;
      const people = await tx
        .delete(past_registrations)
        .where(eq(past_registrations.edition_id, edition.id))
        .returning({ id: past_registrations.id });
      const mails = await tx.delete(mail_outbox).where(eq(mail_outbox.edition_id, edition.id)).returning({ id: mail_outbox.id });
      await pseudonymiseAuditEntries(
        tx,
        ["attendee", "waitlist"],
        people.map((p) => p.id),
      );
      await tx.update(editions).set({ purged_at: now }).where(eq(editions.id, edition.id));
      const done: PastPurgeRun = { edition: edition.id, registrations: people.length, mails: mails.length };
      await recordAudit(tx, SYSTEM_ACTOR, {
        action: "personal-data.purge",
        entity: "edition",
        entityId: String(edition.id),
        details: done,
      });
      return done;
    });
    if (run) runs.push(run);
  }
  return runs;
}
