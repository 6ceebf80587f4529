import { and, eq, inArray, ne } from "drizzle-orm";
import type { DbOrTx } from "./client.server";
import { job_runs } from "./schema";

// The jobs that run once per event date, by name (table job_runs). A module adds its job's name
// here rather than a column to the settings. Each job runs in a transaction that holds the
// settings row's lock, asks `jobDoneFor`, does its work and calls `markJobDone`: the lock keeps a
// second instance waiting until the first has committed, and the primary key claims the date once
// even without it.

export type JobName =
  /** tickets/auto-reminders: the reminder two days before. */
  | "auto-reminder"
  /** attendees/retention: deleting personal data after the retention period. */
  | "personal-data-purge"
  /** certificates: the certificates the morning after. */
  | "auto-certificates";

/** Whether `job` has run for `eventDate`. */
export async function jobDoneFor(db: DbOrTx, job: JobName, eventDate: string): Promise<boolean> {
  const [row] = await db
    .select({ job: job_runs.job })
    .from(job_runs)
    .where(and(eq(job_runs.job, job), eq(job_runs.event_date, eventDate)))
    .limit(1);
  return row !== undefined;
}

/**
 * Records that `job` ran for `eventDate`; false when it already had (nothing written). Only the
 * latest date is kept per job: the record says what the job last ran for, so an event moved to
 * another date and back runs it again, as the settings column it replaced did.
 */
export async function markJobDone(tx: DbOrTx, job: JobName, eventDate: string): Promise<boolean> {
  await tx.delete(job_runs).where(and(eq(job_runs.job, job), ne(job_runs.event_date, eventDate)));
  const claimed = await tx.insert(job_runs).values({ job, event_date: eventDate }).onConflictDoNothing().returning({ job: job_runs.job });
  return claimed.length > 0;
}

/** Forgets what `jobs` have done (the next edition starts with them to do). */
export async function forgetJobs(tx: DbOrTx, jobs: JobName[]): Promise<void> {
  await tx.delete(job_runs).where(inArray(job_runs.job, jobs));
}
