import { and, desc, eq, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { lagosDay } from "~/db/lagos-day";
import {
  attendees,
  audit_log,
  cancelled_registrations,
  check_ins,
  event_settings,
  mail_outbox,
  outreachGroupOf,
  retained_stats,
  SETTINGS_ID,
  waitlist,
} from "~/db/schema";
import { pseudonymiseAuditEntries, recordAudit, SYSTEM_ACTOR } from "~/modules/audit/audit.server";
import { eventEnd } from "~/modules/settings/event-time";
import { type EventSettings, getSettings } from "~/modules/settings/settings.server";

// Retention (NDPA 2023: keep personal data no longer than its purpose needs). A set number
// of days after the event (Event Settings, default 90) every registration, cancelled
// registration, waitlist entry and message of the mail log is deleted, and the audit log's
// entries about people lose their details. What stays is anonymous counts in
// `retained_stats`, which the dashboard adds to its live figures.
//
// Every server instance asks every minute whether it is due, as for the automatic reminder:
// the first to ask after the deadline purges, in one transaction that holds the settings
// row lock and marks the event date as done. Another instance waits on that lock, then
// reads the mark and does nothing; a restart reads the same mark.

const DAY_MS = 86_400_000;
/** The dashboard warns organisers this many days before the purge, to download what they need. */
const WARNING_DAYS = 14;
const PURGE_ACTION = "personal-data.purge";
// The audit log's entities whose details can name a person: a registration, a waitlist
// entry, and the attendee list's exports (a filtered export keeps the search typed).
const PERSON_AUDIT_ENTITIES = ["attendee", "attendees", "waitlist"] as const;

type DeadlineSettings = Pick<EventSettings, "event_date" | "event_time" | "retention_days">;
type PlanSettings = DeadlineSettings & Pick<EventSettings, "personal_data_purged_for">;

/** The instant personal data falls due for deletion: the event's end (as "has passed" reads it) plus the retention days. */
export function retentionDeadline(settings: DeadlineSettings): Date {
  return new Date(eventEnd(settings.event_date, settings.event_time).getTime() + settings.retention_days * DAY_MS);
}

function isPurged(settings: PlanSettings): boolean {
  return settings.personal_data_purged_for === settings.event_date;
}

function isPurgeDue(settings: PlanSettings, now: Date): boolean {
  return !isPurged(settings) && now.getTime() >= retentionDeadline(settings).getTime();
}

export type RetentionNotice = { state: "due-soon"; deadline: Date; days: number } | { state: "purged"; at: Date } | { state: "none" };

/**
 * What the dashboard tells organisers about retention: the coming deletion from
 * WARNING_DAYS before it until it has run, then that it ran (and when).
 */
export async function retentionNotice(db: DbOrTx, now: Date): Promise<RetentionNotice> {
  const settings = await getSettings(db);
  const deadline = retentionDeadline(settings);
  if (isPurged(settings)) {
    const [entry] = await db
      .select({ at: audit_log.created_at, details: audit_log.details })
      .from(audit_log)
      .where(and(eq(audit_log.action, PURGE_ACTION), eq(audit_log.entity, "event_settings")))
      .orderBy(desc(audit_log.created_at))
      .limit(1);
    // A purge that found nobody (a fresh site still on the default date, long past) changed
    // nothing the figures show: no note.
    const run = entry?.details as Partial<PurgeRun> | undefined;
    if (run && !run.registrations && !run.cancelled && !run.waitlist) return { state: "none" };
    return { state: "purged", at: entry?.at ?? deadline };
  }
  if (now.getTime() >= deadline.getTime() - WARNING_DAYS * DAY_MS) {
    return { state: "due-soon", deadline, days: settings.retention_days };
  }
  return { state: "none" };
}

export type PurgeRun = {
  eventDate: string;
  registrations: number;
  checkedIn: number;
  cancelled: number;
  waitlist: number;
  mails: number;
};

/** Deletes the personal data if it is due and no instance has yet; returns what it deleted. */
export async function purgePersonalDataIfDue(db: Db, now = new Date()): Promise<PurgeRun | null> {
  return db.transaction(async (tx) => {
    // FOR UPDATE returns the row's latest version once granted: an instance that waited here
    // sees the mark the first one wrote.
    const [settings] = await tx.select().from(event_settings).where(eq(event_settings.id, SETTINGS_ID)).for("update");
    if (!settings || !isPurgeDue(settings, now)) return null;
    // Every seat-changing write (registration, the waitlist, cancelling, erasure) already waits
    // on the settings row (settings/seats.server.ts). The table lock keeps out any other writer
    // too (readers go on), so the counts below and the deletes after them see the same rows.
    await tx.execute(sql`lock table ${attendees}, ${cancelled_registrations}, ${waitlist} in exclusive mode`);
    await keepAnonymousCounts(tx);
    const [checkIns] = await tx.select({ n: sql<number>`count(*)::int` }).from(check_ins);
    // This edition's mail log (and messages of no edition); a past edition's goes at its own purge.
    const mails = await tx
      .delete(mail_outbox)
      .where(or(eq(mail_outbox.edition_id, settings.edition_id), isNull(mail_outbox.edition_id)))
      .returning({ id: mail_outbox.id });
    const waiting = await tx.delete(waitlist).returning({ id: waitlist.id });
    const cancelled = await tx.delete(cancelled_registrations).returning({ id: cancelled_registrations.id });
    // Check-ins and reminders go with their registration (foreign keys, cascade); the
    // attendees triggers bring the seat counter down to 0.
    const registrations = await tx.delete(attendees).returning({ id: attendees.id });
    await pseudonymiseAuditEntries(tx, PERSON_AUDIT_ENTITIES);
    await tx.update(event_settings).set({ personal_data_purged_for: settings.event_date }).where(eq(event_settings.id, SETTINGS_ID));
    const run: PurgeRun = {
      eventDate: settings.event_date,
      registrations: registrations.length,
      checkedIn: checkIns?.n ?? 0,
      cancelled: cancelled.length,
      waitlist: waiting.length,
      mails: mails.length,
    };
    await recordAudit(tx, SYSTEM_ACTOR, { action: PURGE_ACTION, entity: "event_settings", entityId: SETTINGS_ID, details: run });
    return run;
  });
}

/**
 * The live tables' anonymous counts as rows (kind, key, count), aggregated in SQL: totals, by
 * gender, by state and by state and local government, checked in, cancelled, waitlist, by the day
 * they registered (in Lagos), and by the outreach that brought them (registered and attended, modules/outreach figures). What the
 * purge keeps, and what an edition's archive adds to what earlier purges kept.
 */
export function liveCounts(): SQL {
  return sql`
    select 'total' as kind, '' as key, count(*)::int as count from ${attendees}
    union all
    select 'gender', ${attendees.gender}, count(*)::int from ${attendees} group by ${attendees.gender}
    union all
    select 'state', ${attendees.state}, count(*)::int from ${attendees} where ${attendees.state} <> '' group by ${attendees.state}
    union all
    select 'lga', ${attendees.state} || ' / ' || ${attendees.local_government}, count(*)::int from ${attendees}
      where ${attendees.state} <> '' and ${attendees.local_government} <> '' group by ${attendees.state}, ${attendees.local_government}
    union all
    select 'checked_in', '', count(*)::int from ${check_ins}
    union all
    select 'cancelled', '', count(*)::int from ${cancelled_registrations}
    union all
    select 'waitlist', '', count(*)::int from ${waitlist}
    union all
    select 'day', ${lagosDay(attendees.created_at)}, count(*)::int from ${attendees} group by 2
    union all
    select 'outreach', ${outreachGroupOf("a")}, count(*)::int from ${attendees} a group by 2
    union all
    select 'outreach_attended', ${outreachGroupOf("a")}, count(*)::int from ${attendees} a join ${check_ins} c on c.attendee_id = a.id group by 2`;
}

/** Adds what the purge is about to delete to the anonymous counts (added to what an earlier purge kept). */
async function keepAnonymousCounts(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`
    insert into ${retained_stats} (kind, key, count)
    ${liveCounts()}
    on conflict (kind, key) do update set count = ${retained_stats}.count + excluded.count
  `);
}
