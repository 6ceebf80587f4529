import { and, count, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { admin_users, attendees, check_in_conflicts, check_ins } from "~/db/schema";
import { searchWords } from "~/db/search-key";
import { keyMatchesSql, wholeWordsSql } from "~/db/search-key-sql";
import { searchText } from "~/db/text";
import { isUuid } from "~/db/uuid";
import { DEFAULT_LANGUAGE, type Language } from "~/i18n/languages";
import { messageKey } from "~/i18n/message-key";
import { type AuditActor, recordAudit } from "~/modules/audit/audit.server";
import { holderMatches } from "~/modules/registration/holder-match.server";
import { findCancelledTicket } from "~/modules/tickets/cancel.server";
import { findPastTicket } from "~/modules/tickets/past-tickets.server";
import { readTicketId } from "~/modules/tickets/ticket-id";
import { extractDoorCode, verifyDoorCode } from "~/modules/tickets/ticket-token.server";
import { lagosClock } from "~/ui/date-time";
import type { CHECK_IN_METHODS } from "./door-sync-schema";
import { JUST_NOW_MS, justNowMessage } from "./just-now";
import { MIN_SEARCH_LENGTH } from "./search-rules";

// Checking attendees in at the door. Each attendee is checked in once: the unique index
// on check_ins.attendee_id decides, so two phones scanning one ticket at the same moment
// check it in once and the second sees who did it. Every check-in and undo is audited.
// A door that was offline may have let someone in a second time: door-sync.server.ts.

export type DoorAttendee = { id: string; full_name: string; organization: string; position: string; state: string; ticket_id: string };
type CheckInMethod = (typeof CHECK_IN_METHODS)[number];

/**
 * Where a check-in comes from: the name staff gave the door's device ('' when unnamed or
 * without JavaScript) and the device's own id for it (a retried request finds it again).
 */
export type CheckInOrigin = { door?: string; clientId?: string; device?: string };

/** A real ticket one character away from a typed one: offered, never checked in unasked. */
export type TicketSuggestion = { ticket_id: string; full_name: string };

export type CheckInOutcome =
  | { status: "checked-in"; attendee: DoorAttendee; message: string }
  | { status: "already"; attendee: DoorAttendee; message: string }
  | { status: "refused"; message: string; suggestions?: TicketSuggestion[] };

type CheckInRefusal = Extract<CheckInOutcome, { status: "refused" }>;
/** A ticket looked up at the door: its current attendee, or why it does not admit. */
export type TicketLookup = { attendee: DoorAttendee; refusal?: never } | { attendee?: never; refusal: CheckInRefusal };

export const CHECKIN_MESSAGES = {
  // Catalogue keys (the door speaks the volunteer's language): the screen and the toasts translate them.
  forged: "door:checkin.forged",
  deleted: "door:checkin.deleted",
  cancelled: (name: string) => messageKey("door:checkin.cancelled", { name }),
  // Named and dated in the volunteer's language by whoever finds it (findPastTicket).
  pastEdition: (edition: string, date: string) => messageKey("door:checkin.pastEdition", { edition, date }),
  unknownTicketId: (ticketId: string) => messageKey("door:checkin.unknownTicketId", { ticketId }),
  checkedIn: (name: string) => messageKey("door:checkin.checkedIn", { name }),
  // The same door seeing the same ticket again moments later (the QR still in view, a second
  // tap): still the green answer, not "already", which a volunteer reads as a ticket used twice.
  checkedInJustNow: justNowMessage,
  // The door is named once doors have names: the volunteer knows where to look.
  already: (at: Date, by: string | null, door = "") => {
    const time = lagosClock(at);
    if (door) return by ? messageKey("door:checkin.alreadyAtBy", { time, door, by }) : messageKey("door:checkin.alreadyAt", { time, door });
    return by ? messageKey("door:checkin.alreadyBy", { time, by }) : messageKey("door:checkin.already", { time });
  },
  undone: (name: string) => messageKey("door:checkin.undone", { name }),
  notCheckedIn: "door:checkin.notCheckedIn",
  // A walk-in a door registered offline, answered by its sync (walk-in-sync.server.ts).
  walkInInvalid: "door:walkIn.syncInvalid",
  walkInSamePerson: (name: string, ticketId: string) => messageKey("door:walkIn.syncSamePerson", { name, ticketId }),
  walkInOverCapacity: "door:walkIn.syncOverCapacity",
  walkInNewTicketId: (ticketId: string) => messageKey("door:walkIn.syncNewTicketId", { ticketId }),
} as const;

const doorColumns = {
  id: attendees.id,
  full_name: attendees.full_name,
  organization: attendees.organization,
  position: attendees.position,
  state: attendees.state,
  ticket_id: attendees.ticket_id,
};

/** A scanned QR code (a door code, or the first tickets' ticket page URL): verified, then checked in. */
export async function checkInByScan(
  db: DbOrTx,
  actor: AuditActor,
  scanned: string,
  secret: string,
  language: Language = DEFAULT_LANGUAGE,
  origin: CheckInOrigin = {},
): Promise<CheckInOutcome> {
  const found = await findScannedTicket(db, scanned, secret, language);
  return found.attendee ? checkIn(db, actor, found.attendee, "scan", origin) : found.refusal;
}

/** The attendee a scanned QR code admits: the code verified, then its ticket's current registration. */
export async function findScannedTicket(db: DbOrTx, scanned: string, secret: string, language: Language): Promise<TicketLookup> {
  const ticketId = verifyDoorCode(extractDoorCode(scanned), secret);
  if (!ticketId) return { refusal: { status: "refused", message: CHECKIN_MESSAGES.forged } };
  const [attendee] = await db.select(doorColumns).from(attendees).where(eq(attendees.ticket_id, ticketId)).limit(1);
  if (attendee) return { attendee };
  return { refusal: (await refusePast(db, ticketId, language)) ?? (await refuseMissing(db, ticketId, CHECKIN_MESSAGES.deleted)) };
}

/**
 * A ticket ID typed at the door, however it was typed (readTicketId: any case, spaces or no
 * separators, without ZYS). One that matches nobody is refused with the real IDs one character
 * away, for the volunteer to confirm: a typo is likely, but so is a made-up ID.
 */
export async function checkInByTicketId(
  db: DbOrTx,
  actor: AuditActor,
  typed: string,
  language: Language = DEFAULT_LANGUAGE,
  origin: CheckInOrigin = {},
): Promise<CheckInOutcome> {
  const found = await findTypedTicket(db, typed, language, { suggest: true });
  return found.attendee ? checkIn(db, actor, found.attendee, "ticket-id", origin) : found.refusal;
}

/**
 * The attendee of a typed ticket ID (or one the door's list found). `suggest`: a refusal offers
 * the real IDs one character away, for a volunteer at the screen; a synced check-in has nobody to ask.
 */
export async function findTypedTicket(db: DbOrTx, typed: string, language: Language, options: { suggest: boolean }): Promise<TicketLookup> {
  const ticketId = readTicketId(typed);
  if (!ticketId) return { refusal: { status: "refused", message: CHECKIN_MESSAGES.unknownTicketId(typed.trim()) } };
  const [attendee] = await db.select(doorColumns).from(attendees).where(eq(attendees.ticket_id, ticketId)).limit(1);
  if (attendee) return { attendee };
  const past = await refusePast(db, ticketId, language);
  if (past) return { refusal: past };
  const cancelled = await findCancelledTicket(db, ticketId);
  if (cancelled) return { refusal: { status: "refused", message: CHECKIN_MESSAGES.cancelled(cancelled.full_name) } };
  const suggestions = options.suggest ? await ticketsOneAway(db, ticketId) : [];
  const message = CHECKIN_MESSAGES.unknownTicketId(ticketId);
  return { refusal: { status: "refused", message, ...(suggestions.length > 0 ? { suggestions } : {}) } };
}

/** A ticket of an earlier edition: refused with its edition's name and date. */
async function refusePast(db: DbOrTx, ticketId: string, language: Language): Promise<CheckInRefusal | undefined> {
  const past = await findPastTicket(db, ticketId, language);
  return past ? { status: "refused", message: CHECKIN_MESSAGES.pastEdition(past.name, past.date) } : undefined;
}

/** A ticket with no registration: cancelled by its holder (said so), or never there / deleted. */
async function refuseMissing(db: DbOrTx, ticketId: string, otherwise: string): Promise<CheckInRefusal> {
  const cancelled = ticketId ? await findCancelledTicket(db, ticketId) : undefined;
  return { status: "refused", message: cancelled ? CHECKIN_MESSAGES.cancelled(cancelled.full_name) : otherwise };
}

/** An attendee found by search at the door. */
export async function checkInById(db: DbOrTx, actor: AuditActor, attendeeId: string, origin: CheckInOrigin = {}): Promise<CheckInOutcome> {
  const found = await findDoorAttendee(db, attendeeId);
  return found.attendee ? checkIn(db, actor, found.attendee, "search", origin) : found.refusal;
}

/** The attendee a search result names (by id), or the refusal of one deleted since. */
export async function findDoorAttendee(db: DbOrTx, attendeeId: string): Promise<TicketLookup> {
  const [attendee] = isUuid(attendeeId) ? await db.select(doorColumns).from(attendees).where(eq(attendees.id, attendeeId)).limit(1) : [];
  return attendee ? { attendee } : { refusal: { status: "refused", message: CHECKIN_MESSAGES.deleted } };
}

async function checkIn(
  db: DbOrTx,
  actor: AuditActor,
  attendee: DoorAttendee,
  method: CheckInMethod,
  origin: CheckInOrigin,
): Promise<CheckInOutcome> {
  const door = origin.door ?? "";
  const clientId = origin.clientId && isUuid(origin.clientId) ? origin.clientId : null;
  const device = origin.device && isUuid(origin.device) ? origin.device.toLowerCase() : null;
  return db.transaction(async (tx) => {
    // A device id already recorded (the request retried, or synced first): answered like a second scan.
    const reused = clientId !== null && (await recordedClientIds(tx, [clientId])).size > 0;
    // No target: either unique key (the attendee's, the device id's) means it was recorded before.
    const [inserted] = reused
      ? []
      : await tx
          .insert(check_ins)
          .values({ attendee_id: attendee.id, checked_in_by: actor.id, method, door, device, client_id: clientId })
          .onConflictDoNothing()
          .returning({ id: check_ins.id });
    if (inserted) {
      const details = door ? { method, door } : { method };
      await recordAudit(tx, actor, { action: "checkin.create", entity: "attendee", entityId: attendee.id, details });
      return { status: "checked-in", attendee, message: CHECKIN_MESSAGES.checkedIn(attendee.full_name) };
    }
    const [existing] = await tx
      .select({
        at: check_ins.created_at,
        by: admin_users.name,
        byId: check_ins.checked_in_by,
        door: check_ins.door,
        device: check_ins.device,
      })
      .from(check_ins)
      .leftJoin(admin_users, eq(admin_users.id, check_ins.checked_in_by))
      .where(eq(check_ins.attendee_id, attendee.id));
    // The same door: the same device when both say which, else the same account at the same door name.
    const sameDoor =
      existing !== undefined &&
      existing.byId === actor.id &&
      (device && existing.device ? existing.device === device : existing.door === door);
    if (sameDoor && Date.now() - existing.at.getTime() < JUST_NOW_MS) {
      return { status: "checked-in", attendee, message: CHECKIN_MESSAGES.checkedInJustNow(attendee.full_name) };
    }
    const message = CHECKIN_MESSAGES.already(existing?.at ?? new Date(), existing?.by ?? null, existing?.door);
    return { status: "already", attendee, message };
  });
}

/** Which of these device ids of check-ins are recorded, as THE check-in or as a second admission. */
export async function recordedClientIds(db: DbOrTx, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const [inCheckIns, inConflicts] = await Promise.all([
    db.select({ id: check_ins.client_id }).from(check_ins).where(inArray(check_ins.client_id, ids)),
    db.select({ id: check_in_conflicts.id }).from(check_in_conflicts).where(inArray(check_in_conflicts.id, ids)),
  ]);
  return new Set([...inCheckIns, ...inConflicts].map((r) => r.id ?? ""));
}

/** Takes a check-in back (a wrong person let in by mistake); null when there was none. */
export async function undoCheckIn(db: DbOrTx, actor: AuditActor, attendeeId: string): Promise<{ full_name: string } | null> {
  if (!isUuid(attendeeId)) return null;
  return db.transaction(async (tx) => {
    const [removed] = await tx.delete(check_ins).where(eq(check_ins.attendee_id, attendeeId)).returning({ at: check_ins.created_at });
    if (!removed) return null;
    const [attendee] = await tx.select({ full_name: attendees.full_name }).from(attendees).where(eq(attendees.id, attendeeId));
    await recordAudit(tx, actor, {
      action: "checkin.undo",
      entity: "attendee",
      entityId: attendeeId,
      details: { checkedInAt: removed.at.toISOString() },
    });
    return { full_name: attendee?.full_name ?? "" };
  });
}

/**
 * Attendees whose ticket ID differs from `ticketId` in exactly one character (O for 0, I for 1,
 * or any other slip). Such an ID keeps either its whole time part or its whole random part, so
 * the candidates are the rows sharing one of them, found through the two expression indexes
 * (attendees_ticket_time_idx, attendees_ticket_random_idx: a handful of rows, not a scan), then
 * compared character by character in SQL. Plain SQL, no fuzzystrmatch: PGlite does not load
 * that extension by default, and a distance of one is all the door needs.
 */
export async function ticketsOneAway(db: DbOrTx, ticketId: string, limit = 3): Promise<TicketSuggestion[]> {
  const [, time = "", random = ""] = ticketId.split("-");
  const id = sql`${attendees}.ticket_id`;
  const differing = sql`(select count(*) from generate_series(1, length(${ticketId}::text)) as i where substr(${id}, i, 1) <> substr(${ticketId}::text, i, 1))`;
  return db
    .select({ ticket_id: attendees.ticket_id, full_name: attendees.full_name })
    .from(attendees)
    .where(
      and(
        or(sql`split_part(${id}, '-', 2) = ${time}`, sql`split_part(${id}, '-', 3) = ${random}`),
        sql`length(${id}) = ${ticketId.length}`,
        sql`${differing} = 1`,
      ),
    )
    .orderBy(attendees.ticket_id)
    .limit(limit);
}

/**
 * What the door's search shows of a person: enough to tell two of the same name apart with the
 * person in front of the volunteer (organisation, position, LGA and state, the phone's last three
 * digits), never their e-mail or whole phone number.
 */
export type DoorSearchRow = {
  id: string;
  full_name: string;
  ticket_id: string;
  organization: string;
  position: string;
  local_government: string;
  state: string;
  /** the last three digits of the phone number: "ends in 543", asked of the person */
  phone_end: string;
  checked_in_at: Date | null;
  checked_in_by: string | null;
};

/** Up to `limit` rows, best first, and how many matched in all (the door says how many more). */
export type DoorSearch = { rows: DoorSearchRow[]; total: number };

/**
 * The attendees whose name has a word starting with each typed word, or whose phone number or
 * ticket ID it is, with their check-in: those whose name holds the typed words whole first, then
 * by name. Not by e-mail: the answer would tell whoever types an address that its owner is
 * registered. Fewer than MIN_SEARCH_LENGTH characters find nobody.
 */
export async function searchAtDoor(db: DbOrTx, text: string, limit = 8): Promise<DoorSearch> {
  const q = doorQuery(text);
  if (q.length < MIN_SEARCH_LENGTH) return { rows: [], total: 0 };
  // A name as people type it: each word starts a word of the name, in any order, the Hausa hooked
  // letters, accents and apostrophes folded (~/db/search-key, the rule the offline door uses).
  // A phone number in any form (stored E.164, attendees_phone_idx) or a ticket ID however typed
  // finds its holder; the phone itself is never shown.
  const words = searchWords(q);
  const matches = [keyMatchesSql(attendees.search_key, words), ...holderMatches(q)];
  const rows = await db
    .select({
      id: attendees.id,
      full_name: attendees.full_name,
      ticket_id: attendees.ticket_id,
      organization: attendees.organization,
      position: attendees.position,
      local_government: attendees.local_government,
      state: attendees.state,
      phone_end: sql<string>`right(${attendees.phone}, 3)`,
      checked_in_at: check_ins.created_at,
      checked_in_by: admin_users.name,
      // Every match counted in the same pass, for "12 more: type more of the name".
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(attendees)
    .leftJoin(check_ins, eq(check_ins.attendee_id, attendees.id))
    .leftJoin(admin_users, eq(admin_users.id, check_ins.checked_in_by))
    .where(or(...matches))
    .orderBy(desc(wholeWordsSql(attendees.search_key, words)), attendees.full_name, attendees.id)
    .limit(limit);
  return { rows: rows.map(({ total: _, ...row }) => row), total: rows[0]?.total ?? 0 };
}

/** The search text as searched (~/db/text): control characters (nobody types them; PostgreSQL refuses a NUL) read as spaces, NFC. */
export function doorQuery(text: string): string {
  return searchText(text).trim();
}

/** How many attendees are checked in (a check-in goes when its attendee is deleted). */
export async function countCheckedIn(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(check_ins);
  return row?.n ?? 0;
}
