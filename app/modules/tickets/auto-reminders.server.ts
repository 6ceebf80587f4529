import { eq } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { jobDoneFor, markJobDone } from "~/db/job-runs.server";
import { event_settings, SETTINGS_ID } from "~/db/schema";
import { recordAudit } from "~/modules/audit/audit.server";
import { daysUntilEvent, eventStart } from "~/modules/settings/event-time";
import type { EventSettings } from "~/modules/settings/settings.server";
import type { AutoReminderPlan } from "./reminder-timing";
import { queueRemindersIn, type ReminderCounts } from "./reminders.server";

// The reminder that goes out by itself. Every server instance asks every minute whether
// it is due; the first to ask after it falls due queues it, in one transaction that holds
// the settings row lock and marks the event date as done (job_runs). Another instance waits on that
// lock, then reads the mark and does nothing; a restart reads the same mark. The
// per-attendee unique key still stands behind it, so an organiser's click one or two days
// before is not doubled either (an earlier, "early" click does not count: see reminder-timing).

/** Two days before the event starts: at the event's own hour, never in the middle of the night. */
const LEAD_MS = 48 * 60 * 60_000;

type PlanSettings = Pick<EventSettings, "auto_reminders" | "event_date" | "event_starts_at" | "event_ends_at">;

/** What the automatic reminder will do (or did) for the current event date; `sent`: it went out for that date. */
export function autoReminderPlan(settings: PlanSettings, now: Date, sent: boolean): AutoReminderPlan {
  if (sent) return { state: "sent", eventDate: settings.event_date };
  if (!settings.auto_reminders) return { state: "off" };
  // From the day of the event on, a reminder would arrive with the event itself.
  if (daysUntilEvent(now, settings.event_date) < 1) return { state: "missed" };
  return { state: "scheduled", at: new Date(eventStart(settings).getTime() - LEAD_MS) };
}

const AUTO_REMINDER_JOB = "auto-reminder";

/** autoReminderPlan, with whether it went out read from the job's record. */
export async function readAutoReminderPlan(db: DbOrTx, settings: PlanSettings, now: Date): Promise<AutoReminderPlan> {
  return autoReminderPlan(settings, now, await jobDoneFor(db, AUTO_REMINDER_JOB, settings.event_date));
}

async function isAutoReminderDue(db: DbOrTx, settings: PlanSettings, now: Date): Promise<boolean> {
  const plan = await readAutoReminderPlan(db, settings, now);
  return plan.state === "scheduled" && new Date(plan.at).getTime() <= now.getTime();
}

/** What the automatic reminder queued on each channel; the worker logs it as it is. */
export type AutoReminderRun = { queued: ReminderCounts; eventDate: string } | null;

/** Queues the automatic reminder if it is due and no instance has yet; returns what it queued. */
export async function sendDueAutoReminder(db: Db, now = new Date()): Promise<AutoReminderRun> {
  return db.transaction(async (tx) => {
    // FOR UPDATE returns the row's latest version once granted: an instance that waited here
    // sees the mark the first one wrote.
    const [settings] = await tx.select().from(event_settings).where(eq(event_settings.id, SETTINGS_ID)).for("update");
    if (!settings || !(await isAutoReminderDue(tx, settings, now))) return null;
    // Always the reminder that matters: it skips whoever an organiser reminded 1–2 days before.
    const queued = await queueRemindersIn(tx, settings, now, "due");
    await markJobDone(tx, AUTO_REMINDER_JOB, settings.event_date);
    await recordAudit(tx, AUTOMATIC, {
      action: "reminders.auto",
      entity: "event_settings",
      details: { emails: queued.email, sms: queued.sms, whatsapp: queued.whatsapp, eventDate: settings.event_date },
    });
    return { queued, eventDate: settings.event_date };
  });
}

// The audit log's author for what no organiser clicked.
const AUTOMATIC = { id: null, email: "Automatic reminder" };
