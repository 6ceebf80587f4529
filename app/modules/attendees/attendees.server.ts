import { and, desc, eq, exists, not, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { personKeyOf } from "~/db/person-key";
import { admin_users, attendees, cancelled_registrations, check_ins, walk_ins } from "~/db/schema";
import { searchWords } from "~/db/search-key";
import { keyMatchesSql } from "~/db/search-key-sql";
import { isUuid } from "~/db/uuid";
import { type AuditActor, recordAudit } from "~/modules/audit/audit.server";
import { type AttendeeMail, mailForAttendee } from "~/modules/mail/outbox.server";
import { holderMatches } from "~/modules/registration/holder-match.server";
import { lockSeats } from "~/modules/settings/seats.server";
import { enqueueTicket } from "~/modules/tickets/ticket-mail.server";
import { erasePerson } from "./personal-data.server";
import { ATTENDEE_PAGE_SIZE, type AttendeeFilter } from "./schemas";

export type Attendee = typeof attendees.$inferSelect;

/**
 * When the attendee was checked in, or null: one row at most (check_ins_attendee_key), read
 * through that index. Written out in full: drizzle leaves a lone table's columns unqualified,
 * and a bare "id" inside the subquery would be the check-in's.
 */
export function checkedInAt(): SQL<Date | null> {
  return sql`(select ci.created_at from ${check_ins} ci where ci.attendee_id = ${attendees}.id)`;
}

/** What the list shows of an attendee: everything but the free-text reason, which can be long. */
const listColumns = {
  id: attendees.id,
  full_name: attendees.full_name,
  email: attendees.email,
  phone: attendees.phone,
  channel: attendees.channel,
  sms_opt_in: attendees.sms_opt_in,
  whatsapp_opt_in: attendees.whatsapp_opt_in,
  gender: attendees.gender,
  organization: attendees.organization,
  position: attendees.position,
  state: attendees.state,
  local_government: attendees.local_government,
  ticket_id: attendees.ticket_id,
  created_at: attendees.created_at,
  checked_in_at: sql<Date | null>`${checkedInAt()}`.mapWith(check_ins.created_at),
};
type AttendeeListRow = Omit<{ [K in keyof typeof listColumns]: Attendee[K & keyof Attendee] }, "checked_in_at"> & {
  checked_in_at: Date | null;
};

export type AttendeeSearch = {
  rows: AttendeeListRow[];
  /** attendees matching the filter */
  total: number;
  /** all attendees */
  grandTotal: number;
  /** distinct non-empty states in the data, for the state filter */
  states: string[];
  page: number;
  pageCount: number;
};

/**
 * The attendee filters: search finds a name as people type it (each typed word starts a word of
 * the name, in any order, with the Hausa hooked letters, accents and apostrophes folded:
 * ~/db/search-key, read from the stored attendees.search_key), a substring of the e-mail, or a
 * phone number or ticket ID however it was typed (ADR 014); gender and state are exact; checked
 * in or not; all combined with AND. Done in SQL so the page never loads more than one page of
 * rows. strpos on the lower-cased e-mail takes what was typed literally (no LIKE wildcards).
 */
export function attendeeFilterWhere(filter: Partial<AttendeeFilter>): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.q) {
    // Numbers are stored in E.164, so "0803 123 4567" is read as +2348031234567 and compared whole.
    const matches = [
      keyMatchesSql(attendees.search_key, searchWords(filter.q)),
      sql`strpos(lower(${attendees.email}), lower(${filter.q})) > 0`,
      ...holderMatches(filter.q),
    ];
    conditions.push(sql`(${sql.join(matches, sql` or `)})`);
  }
  if (filter.gender) conditions.push(eq(attendees.gender, filter.gender));
  if (filter.state) conditions.push(eq(attendees.state, filter.state));
  if (filter.channel === "sms") conditions.push(eq(attendees.sms_opt_in, true));
  else if (filter.channel) conditions.push(eq(attendees.channel, filter.channel));
  if (filter.checkin) {
    const checkedIn = exists(sql`(select 1 from ${check_ins} ci where ci.attendee_id = ${attendees}.id)`);
    conditions.push(filter.checkin === "in" ? checkedIn : not(checkedIn));
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** Newest first; the id breaks ties so pages never overlap or skip a row. */
export const newestFirst = [desc(attendees.created_at), desc(attendees.id)] as const;

/**
 * Distinct non-empty states, read from the state index by skipping from one value to the
 * next (a "loose index scan"): about 38 index probes instead of reading 10,000 rows.
 */
async function statesPresent(db: DbOrTx): Promise<string[]> {
  // Both drivers (PGlite and node-postgres) return raw rows under `rows`.
  const result = (await db.execute(sql`
    with recursive present(state) as (
      select min(${attendees.state}) from ${attendees} where ${attendees.state} > ''
      union all
      select (select min(${attendees.state}) from ${attendees} where ${attendees.state} > present.state)
      from present where present.state is not null
    )
    select state from present where state is not null`)) as unknown as { rows: { state: string }[] };
  return result.rows.map((r) => r.state);
}

export async function searchAttendees(
  db: DbOrTx,
  { pageSize = ATTENDEE_PAGE_SIZE, ...query }: Partial<AttendeeFilter> & { page?: number; pageSize?: number },
): Promise<AttendeeSearch> {
  const where = attendeeFilterWhere(query);
  const requested = Math.max(1, Math.floor(query.page ?? 1));
  const countOf = async (filter?: SQL) => (await db.select({ n: sql<number>`count(*)::int` }).from(attendees).where(filter))[0]?.n ?? 0;
  // Filtered, the page carries the number of matches (a window count), so the filter is
  // evaluated once per request rather than once for the count and again for the page.
  // Unfiltered, a plain count and a top-25 sort are cheaper than the window (measured).
  const pageOf = async (page: number) => {
    const rows = await db
      .select({ ...listColumns, matches: where ? sql<number>`(count(*) over ())::int` : sql<number>`0` })
      .from(attendees)
      .where(where)
      .orderBy(...newestFirst)
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    return { rows: rows.map(({ matches: _, ...row }) => row), matches: rows[0]?.matches };
  };

  const [first, states, grandTotal] = await Promise.all([pageOf(requested), statesPresent(db), countOf()]);
  // A page past the end (after deletions, or an edited URL) has no row to carry the count.
  const total = !where ? grandTotal : (first.matches ?? (requested > 1 ? await countOf(where) : 0));
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  // …and then shows the last page instead of nothing.
  const page = Math.min(requested, pageCount);
  const rows = page === requested ? first.rows : (await pageOf(page)).rows;
  return { rows, total, grandTotal, states, page, pageCount };
}

/** Name and e-mail of one attendee (the no-JavaScript delete confirmation). */
export async function findAttendeeName(db: DbOrTx, id: string): Promise<{ id: string; full_name: string } | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select({ id: attendees.id, full_name: attendees.full_name }).from(attendees).where(eq(attendees.id, id)).limit(1);
  return row;
}

type CheckInState = { checked_in_at: Date; method: string; checked_in_by: string | null };
export type AttendeeDetails = {
  /** A cancelled registration no longer has an invite code (its link stopped with it). */
  attendee: Omit<Attendee, "invite_code" | "search_key">;
  checkIn: CheckInState | null;
  mail: AttendeeMail[];
  /** set for a registration its holder cancelled */
  cancelledAt: Date | null;
  /** a walk-in: registered at which door (its name, '' unnamed) and by whom */
  walkIn?: { door: string; by: string | null } | null;
};

/** Every field, the check-in and the e-mails with their delivery state. */
export async function getAttendeeDetails(db: DbOrTx, id: string): Promise<AttendeeDetails | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select({
      attendee: attendees,
      checked_in_at: check_ins.created_at,
      method: check_ins.method,
      checked_in_by: admin_users.name,
    })
    .from(attendees)
    .leftJoin(check_ins, eq(check_ins.attendee_id, attendees.id))
    .leftJoin(admin_users, eq(admin_users.id, check_ins.checked_in_by))
    .where(eq(attendees.id, id))
    .limit(1);
  if (!row) return cancelledDetails(db, id);
  const mail = await mailForAttendee(db, id, personKeyOf(row.attendee));
  const checkIn =
    row.checked_in_at && row.method !== null
      ? { checked_in_at: row.checked_in_at, method: row.method, checked_in_by: row.checked_in_by }
      : null;
  const [walkIn] =
    row.attendee.channel === "door"
      ? await db
          .select({ door: walk_ins.door, by: admin_users.name })
          .from(walk_ins)
          .leftJoin(admin_users, eq(admin_users.id, walk_ins.registered_by))
          .where(eq(walk_ins.attendee_id, id))
      : [];
  return { attendee: row.attendee, checkIn, mail, cancelledAt: null, walkIn: walkIn ?? null };
}

/** A cancelled registration, shown as it was when registered, with when it was cancelled. */
async function cancelledDetails(db: DbOrTx, id: string): Promise<AttendeeDetails | undefined> {
  const [row] = await db.select().from(cancelled_registrations).where(eq(cancelled_registrations.id, id)).limit(1);
  if (!row) return undefined;
  const { registered_at, cancelled_at, ...registration } = row;
  const mail = await mailForAttendee(db, id, personKeyOf(row));
  return {
    attendee: { ...registration, details_locked: false, created_at: registered_at },
    checkIn: null,
    mail,
    cancelledAt: cancelled_at,
  };
}

const ATTENDEE_ENTITY = "attendee";
export const AUDIT_DELETE = "attendee.delete";
export const AUDIT_RESEND = "attendee.resend-ticket";

/**
 * An organiser's Delete: the registration goes, and with it the person's data everywhere
 * (erasePerson: mail, cancelled registrations, the waitlist, audit details), in one transaction; the
 * freed seat goes to the waitlist. The log
 * keeps that a registration was deleted, under its random id.
 */
export async function deleteAttendee(db: DbOrTx, actor: AuditActor, id: string): Promise<{ full_name: string } | undefined> {
  if (!isUuid(id)) return undefined;
  return db.transaction(async (tx) => {
    // The settings row before the attendee's, the order every seat-changing transaction locks in.
    await lockSeats(tx);
    const person = { full_name: attendees.full_name, email: attendees.email, phone: attendees.phone, channel: attendees.channel };
    const [active] = await tx.select(person).from(attendees).where(eq(attendees.id, id)).for("update");
    // A cancelled registration is deleted the same way (its details page offers Delete too).
    const [row] = active
      ? [active]
      : await tx
          .select({
            full_name: cancelled_registrations.full_name,
            email: cancelled_registrations.email,
            phone: cancelled_registrations.phone,
            channel: cancelled_registrations.channel,
          })
          .from(cancelled_registrations)
          .where(eq(cancelled_registrations.id, id));
    if (!row) return undefined;
    await erasePerson(tx, personKeyOf(row));
    await recordAudit(tx, actor, { action: AUDIT_DELETE, entity: ATTENDEE_ENTITY, entityId: id });
    return { full_name: row.full_name };
  });
}

/**
 * Queues the ticket e-mail again (kind 'ticket-resend') and records it, in one transaction.
 * The outbox wakes once it commits. Undefined when there is no such attendee.
 */
export async function resendTicket(
  db: DbOrTx,
  actor: AuditActor,
  id: string,
  eventName: string,
): Promise<{ attendee: Attendee; mailId: string | null } | undefined> {
  if (!isUuid(id)) return undefined;
  return db.transaction(async (tx) => {
    const [attendee] = await tx.select().from(attendees).where(eq(attendees.id, id)).limit(1);
    if (!attendee) return undefined;
    const mailId = await enqueueTicket(tx, { attendee, eventName, kind: "ticket-resend" });
    await recordAudit(tx, actor, {
      action: AUDIT_RESEND,
      entity: ATTENDEE_ENTITY,
      entityId: id,
      details: { ticket_id: attendee.ticket_id, mail_id: mailId },
    });
    return { attendee, mailId };
  });
}
