import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { normalizeEmail } from "../email";
import { INVITE_CODE_LENGTH } from "../outreach-codes";
import { personColumns } from "../person-columns";
import { nameSearchKeySql } from "../search-key-sql";
import { createdAt, personChecks, registrationColumns } from "./columns";
import { outreachCodeCheck } from "./outreach";

// The people of the edition running now: registered, cancelled, waiting for a seat, and the
// counts left once their data is purged.

export const attendees = pgTable(
  "attendees",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...registrationColumns(),
    // The code of the person's invite link /i/<code> (modules/outreach): drawn by the database for
    // every new row, however it is written, from the outreach alphabet, retried until unused.
    invite_code: text("invite_code").notNull().default(sql`outreach_invite_code()`),
    // An organiser has fixed these details: the person can no longer change them on the ticket page.
    details_locked: boolean("details_locked").notNull().default(false),
    // The name as searched (search-key.ts): folded and split by the database on every write of
    // the name, however it is written, so a search reads it instead of folding every name.
    search_key: text("search_key")
      .notNull()
      .generatedAlwaysAs((): SQL => nameSearchKeySql(attendees.full_name)),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex("attendees_ticket_id_key").on(t.ticket_id),
    uniqueIndex("attendees_invite_code_key").on(t.invite_code),
    index("attendees_outreach_source_idx").on(t.outreach_source_id),
    index("attendees_invited_by_idx").on(t.invited_by),
    check("attendees_invite_code_check", outreachCodeCheck(t.invite_code, INVITE_CODE_LENGTH)),
    uniqueIndex("attendees_email_key").on(sql`lower(trim(${t.email}))`),
    index("attendees_created_at_idx").on(t.created_at.desc()),
    index("attendees_state_idx").on(t.state),
    // Registrations per phone number are limited (a family may share one phone, a script may not).
    index("attendees_phone_idx").on(t.phone),
    // The door's "did you mean": a ticket ID typed one character wrong still has the right time
    // part or the right random part, so the real one is among the rows sharing either (ADR 014).
    index("attendees_ticket_time_idx").on(sql`split_part(${t.ticket_id}, '-', 2)`),
    index("attendees_ticket_random_idx").on(sql`split_part(${t.ticket_id}, '-', 3)`),
    check("attendees_gender_check", sql`${t.gender} in ('male', 'female', 'other')`),
    // By USSD or WhatsApp chat the phone number is the person (the network, or WhatsApp, vouches
    // for it): one registration each, whichever of the two they used.
    uniqueIndex("attendees_ussd_phone_key").on(t.phone).where(sql`${t.channel} in ('ussd', 'whatsapp')`),
    ...personChecks("attendees", t),
  ],
);

// A registration its holder cancelled. The row leaves `attendees` (so the seat counter, the
// unique e-mail and every list of registered people follow without a second status to
// check) and is kept here: the ticket page and the door can say "cancelled", and
// organisers see who cancelled. Same id and ticket ID as the registration had.
export const cancelled_registrations = pgTable(
  "cancelled_registrations",
  {
    id: uuid("id").primaryKey(),
    ...registrationColumns(),
    registered_at: timestamp("registered_at", { withTimezone: true }).notNull(),
    cancelled_at: timestamp("cancelled_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("cancelled_registrations_ticket_id_key").on(t.ticket_id),
    index("cancelled_registrations_cancelled_at_idx").on(t.cancelled_at.desc()),
    ...personChecks("cancelled_registrations", t),
  ],
);

export const WAITLIST_STATUSES = ["waiting", "offered", "claimed", "expired", "declined"] as const;

// People who asked for a seat while the event was fully booked, in the order they joined
// (`seq`). A freed seat becomes an offer to the first one waiting; while an offer is open
// its seat is held (registration counts open offers as taken), so it can never be given
// twice. Rows stay after the offer is decided so organisers see what happened; the
// e-mail is unique only among people still in line.
export const waitlist = pgTable(
  "waitlist",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    seq: integer("seq").generatedAlwaysAsIdentity(),
    ...personColumns(),
    status: text("status", { enum: WAITLIST_STATUSES }).notNull().default("waiting"),
    joined_at: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
    offered_at: timestamp("offered_at", { withTimezone: true }),
    offer_expires_at: timestamp("offer_expires_at", { withTimezone: true }),
    decided_at: timestamp("decided_at", { withTimezone: true }),
    // The registration a claimed offer became.
    attendee_id: uuid("attendee_id").references(() => attendees.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("waitlist_seq_key").on(t.seq),
    uniqueIndex("waitlist_active_email_key").on(sql`lower(trim(${t.email}))`).where(sql`${t.status} in ('waiting', 'offered')`),
    index("waitlist_status_seq_idx").on(t.status, t.seq),
    check("waitlist_status_check", sql`${t.status} in ('waiting', 'offered', 'claimed', 'expired', 'declined')`),
    check("waitlist_offer_check", sql`${t.status} <> 'offered' or ${t.offer_expires_at} is not null`),
    uniqueIndex("waitlist_active_ussd_phone_key")
      .on(t.phone)
      .where(sql`${t.channel} in ('ussd', 'whatsapp') and ${t.status} in ('waiting', 'offered')`),
    ...personChecks("waitlist", t),
  ],
);

// What is left of the registrations once their personal data is purged (retention): counts
// only, by kind (total, gender, state, checked_in, cancelled) and key, so the dashboard
// still tells the story. The dashboard adds these to the live counts.
export const retained_stats = pgTable(
  "retained_stats",
  {
    kind: text("kind").notNull(),
    key: text("key").notNull().default(""),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.key] }), check("retained_stats_count_check", sql`${t.count} >= 0`)],
);
/** `column = address`, compared as the unique e-mail indexes compare (lower(trim(email))). */
export function emailEquals(column: AnyColumn, email: string): SQL {
  return sql`lower(trim(${column})) = ${normalizeEmail(email)}`;
}
