import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { forgetJobs, jobDoneFor, markJobDone } from "~/db/job-runs.server";
import { editions } from "~/db/schema";
import { earliestPurgeAfterChange } from "./purge-schedule";

// The purge of personal data runs once per event date (job_runs): attendees/retention runs it,
// settings and editions ask whether it has.
const PURGE_JOB = "personal-data-purge";

/** Whether the purge has run for the current event date. */
export function personalDataPurged(db: DbOrTx, settings: { event_date: string }): Promise<boolean> {
  return jobDoneFor(db, PURGE_JOB, settings.event_date);
}

/** Records the purge as run for `eventDate`, in the purge's transaction. */
export async function markPersonalDataPurged(tx: DbOrTx, eventDate: string): Promise<void> {
  await markJobDone(tx, PURGE_JOB, eventDate);
}

/** The next edition starts with its automatic reminder and its purge still to do. */
export async function forgetEditionJobs(tx: DbOrTx): Promise<void> {
  await forgetJobs(tx, [PURGE_JOB, "auto-reminder"]);
}

/** The edition's `purge_not_before` (null: none set). */
export async function purgeNotBefore(db: DbOrTx, editionId: number): Promise<Date | null> {
  const [row] = await db.select({ at: editions.purge_not_before }).from(editions).where(eq(editions.id, editionId)).limit(1);
  return row?.at ?? null;
}

/**
 * Keeps the edition's deletion at least a week after `now`: called in the transaction of a change
 * that moves the retention deadline. A later date already set (a postponement) stays.
 */
export async function keepPurgeAWeekAway(tx: DbOrTx, editionId: number, now: Date): Promise<void> {
  const earliest = earliestPurgeAfterChange(now);
  // greatest() skips a null: an edition with no date set takes the week.
  await tx
    .update(editions)
    .set({ purge_not_before: sql`greatest(${editions.purge_not_before}, ${earliest.toISOString()}::timestamptz)` })
    .where(eq(editions.id, editionId));
}
