import { and, desc, eq, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { lagosDay } from "~/db/lagos-day";
import {
  attendees,
  audit_log,
  cancelled_registrations,
  check_ins,
  editions,
  event_settings,
  mail_outbox,
  outreachGroupOf,
  retained_stats,
  SETTINGS_ID,
  waitlist,
} from "~/db/schema";
import { type AuditActor, pseudonymiseAuditEntries, recordAudit, SYSTEM_ACTOR } from "~/modules/audit/audit.server";
import {
  DAY_MS,
  type DeadlineSettings,
  POSTPONE_DAYS,
  POSTPONE_LIMIT_DAYS,
  PURGE_WARNING_DAYS,
  purgeDate,
  retentionDeadline,
} from "~/modules/settings/purge-schedule";
import { markPersonalDataPurged, personalDataPurged, purgeNotBefore } from "~/modules/settings/purge-schedule.server";
import { type EventSettings, getSettings } from "~/modules/settings/settings.server";
import { displayDate } from "~/ui/date-time";

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

const PURGE_ACTION = "personal-data.purge";
// The audit log's entities whose details can name a person: a registration, a waitlist
// entry, and the attendee list's exports (a filtered export keeps the search typed).
const PERSON_AUDIT_ENTITIES = ["attendee", "attendees", "waitlist"] as const;

type PlanSettings = DeadlineSettings & Pick<EventSettings, "edition_id">;

/** When this edition's personal data is deleted: the retention deadline, or later (a change, a postponement). */
export async function currentPurgeDate(db: DbOrTx, settings: PlanSettings): Promise<Date> {
  return purgeDate(retentionDeadline(settings), await purgeNotBefore(db, settings.edition_id));
}

export type RetentionNotice =
  | { state: "due-soon"; deadline: Date; days: number; people: number; postponable: boolean }
  | { state: "purged"; at: Date }
  | { state: "none" };

/**
 * What the dashboard and Event Settings tell organisers about retention: the coming deletion
 * (how many people, when, with Postpone) from PURGE_WARNING_DAYS before it until it has run,
 * then that it ran (and when).
 */
export async function retentionNotice(db: DbOrTx, now: Date): Promise<RetentionNotice> {
  const settings = await getSettings(db);
  const deadline = await currentPurgeDate(db, settings);
  if (await personalDataPurged(db, settings)) {
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
  if (now.getTime() >= deadline.getTime() - PURGE_WARNING_DAYS * DAY_MS) {
    const people = await peopleToDelete(db);
    // Nobody to delete (a fresh site on its default date): nothing to warn about.
    if (people === 0) return { state: "none" };
    return { state: "due-soon", deadline, days: settings.retention_days, people, postponable: postponedUntil(settings, deadline) !== null };
  }
  return { state: "none" };
}

/** Everyone whose data the purge deletes: registrations, cancelled registrations and the waitlist. */
async function peopleToDelete(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({
      n: sql<number>`(select count(*) from ${attendees})::int + (select count(*) from ${cancelled_registrations})::int
        + (select count(*) from ${waitlist})::int`,
    })
    .from(event_settings)
    .where(eq(event_settings.id, SETTINGS_ID));
  return Number(row?.n ?? 0);
}

/** Where Postpone moves the deletion: POSTPONE_DAYS later, never past POSTPONE_LIMIT_DAYS beyond the retention deadline. */
function postponedUntil(settings: DeadlineSettings, current: Date): Date | null {
  const limit = retentionDeadline(settings).getTime() + POSTPONE_LIMIT_DAYS * DAY_MS;
  const next = Math.min(current.getTime() + POSTPONE_DAYS * DAY_MS, limit);
  return next > current.getTime() ? new Date(next) : null;
}

/**
 * "Postpone": moves the deletion of this edition's personal data POSTPONE_DAYS later (to keep
 * what is needed a little longer, or while a wrong date is put right), audited from → to.
 * Null when it has run or cannot move further.
 */
export async function postponePurge(db: Db, actor: AuditActor): Promise<{ from: Date; to: Date } | null> {
  return db.transaction(async (tx) => {
    const [settings] = await tx.select().from(event_settings).where(eq(event_settings.id, SETTINGS_ID)).for("update");
    if (!settings || (await personalDataPurged(tx, settings))) return null;
    const from = await currentPurgeDate(tx, settings);
    const to = postponedUntil(settings, from);
    if (!to) return null;
    await tx.update(editions).set({ purge_not_before: to }).where(eq(editions.id, settings.edition_id));
    await recordAudit(tx, actor, {
      action: "personal-data.postpone",
      entity: "event_settings",
      entityId: SETTINGS_ID,
      details: { changes: [{ field: "purge", label: "Personal data deleted on", from: displayDate(from), to: displayDate(to) }] },
    });
    return { from, to };
  });
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
    if (!settings || (await personalDataPurged(tx, settings)) || now.getTime() < (await currentPurgeDate(tx, settings)).getTime())
      return null;
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
    await markPersonalDataPurged(tx, settings.event_date);
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
