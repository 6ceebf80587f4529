import { type EventWhen, eventEnd } from "./event-time";

// When an edition's personal data is deleted (NDPA 2023: no longer than its purpose needs), and
// the rule that keeps an ordinary mistake from erasing anyone: the deletion is always announced
// before it happens. A change of the date, time or retention never makes it due sooner than a
// week after the change (`purge_not_before` on the edition), and the notice on the dashboard and
// Event Settings shows from two weeks before it, so organisers see it coming for at least a week.

export const DAY_MS = 86_400_000;
/** A settings change never makes the deletion due sooner than this many days after it. */
const PURGE_NOTICE_DAYS = 7;
/** Organisers are told this many days before the deletion (at least PURGE_NOTICE_DAYS). */
export const PURGE_WARNING_DAYS = 14;
/** "Postpone" moves the deletion this many days later. */
export const POSTPONE_DAYS = 30;
/** …and never more than this many days past what the retention period says. */
export const POSTPONE_LIMIT_DAYS = 365;

export type DeadlineSettings = EventWhen & { retention_days: number };

/** The instant the retention period runs out: the event's end (as "has passed" reads it) plus the retention days. */
export function retentionDeadline(settings: DeadlineSettings): Date {
  return new Date(eventEnd(settings).getTime() + settings.retention_days * DAY_MS);
}

/** When the data is deleted: the retention deadline, or later when a change or a postponement said so. */
export function purgeDate(deadline: Date, notBefore: Date | null | undefined): Date {
  return notBefore && notBefore.getTime() > deadline.getTime() ? notBefore : deadline;
}

/** The deletion a week after `now`: the earliest a change may bring it to. */
export function earliestPurgeAfterChange(now: Date): Date {
  return new Date(now.getTime() + PURGE_NOTICE_DAYS * DAY_MS);
}
