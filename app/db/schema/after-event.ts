import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";
import { agenda } from "./content";
import { editions, past_registrations } from "./editions";
import { MESSAGE_CHANNELS, mail_outbox } from "./messages";
import { attendees } from "./people";

// ── After the event: certificates and feedback (modules/certificates, modules/feedback) ──

// A certificate of attendance: one per attendee who was checked in, however often "Send
// Certificates" is pressed (the unique key decides). It keeps its own copy of what it certifies,
// so it verifies after the registration is gone (a new edition, the retention purge) until it
// expires; erasing the person withdraws it (`withdrawn_at`, the name deleted). `serial` is the
// random half of the verification code; the other half is a signature (certificate-code.server.ts).
export const certificates = pgTable(
  "certificates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    serial: text("serial").notNull(),
    edition_id: integer("edition_id")
      .notNull()
      .references(() => editions.id),
    attendee_id: uuid("attendee_id").references(() => attendees.id, { onDelete: "set null" }),
    // The registration's id for good (attendee_id empties when a new edition starts): erasing the
    // person later still finds and withdraws it.
    registration_id: uuid("registration_id").notNull(),
    // null once withdrawn or expired: the certificate then verifies as neither.
    full_name: text("full_name"),
    event_name: text("event_name").notNull(),
    event_date: date("event_date", { mode: "string" }).notNull(),
    venue: text("venue").notNull(),
    language: text("language").notNull().default("en"),
    // The e-mail (or, for a phone-only attendee, the SMS) that carried it.
    mail_id: uuid("mail_id").references(() => mail_outbox.id, { onDelete: "set null" }),
    issued_at: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
    withdrawn_at: timestamp("withdrawn_at", { withTimezone: true }),
    expired_at: timestamp("expired_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("certificates_serial_key").on(t.serial),
    uniqueIndex("certificates_attendee_key").on(t.attendee_id),
    index("certificates_edition_idx").on(t.edition_id),
    index("certificates_registration_idx").on(t.registration_id),
    check("certificates_serial_check", sql`${t.serial} ~ '^[0-9A-HJKMNP-TV-Z]{8}$'`),
  ],
);

// The survey's invitation to people who registered but did not come (those who came find the
// link in their certificate's message): once per person and channel, as the reminders.
export const feedback_requests = pgTable(
  "feedback_requests",
  {
    attendee_id: uuid("attendee_id")
      .notNull()
      .references(() => attendees.id, { onDelete: "cascade" }),
    channel: text("channel", { enum: MESSAGE_CHANNELS }).notNull().default("email"),
    mail_id: uuid("mail_id").references(() => mail_outbox.id, { onDelete: "set null" }),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.attendee_id, t.channel] }),
    check("feedback_requests_channel_check", sql`${t.channel} in ('email', 'sms')`),
  ],
);

export const FEEDBACK_TEXT_MAX = 2000;

// One answer per attendee (the primary key), changed in place until the survey closes. The
// answer outlives the registration without it: the retention purge and erasure unlink the
// person (attendee_id set null), and only "you may quote me with my name" (`quote_me`) ever ties
// the answer to a name, while the person is still registered. `attended` is recorded when they
// answer, since check-ins go with the registration.
export const feedback = pgTable(
  "feedback",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    attendee_id: uuid("attendee_id").references(() => attendees.id, { onDelete: "set null" }),
    // Once its edition is archived, the same person's past registration (same id): a late answer
    // replaces theirs, and the past edition's purge or an erasure unlinks it as attendee_id was.
    past_registration_id: uuid("past_registration_id").references(() => past_registrations.id, { onDelete: "set null" }),
    edition_id: integer("edition_id")
      .notNull()
      .references(() => editions.id),
    attended: boolean("attended").notNull(),
    // Those who did not come are not asked to rate a day they did not see.
    rating: integer("rating"),
    session_id: uuid("session_id").references(() => agenda.id, { onDelete: "set null" }),
    // The session's title when chosen, so the ranking survives an agenda edit.
    session_title: text("session_title"),
    change_text: text("change_text").notNull().default(""),
    come_again: boolean("come_again"),
    quote_me: boolean("quote_me").notNull().default(false),
    language: text("language").notNull().default("en"),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex("feedback_attendee_key").on(t.attendee_id),
    uniqueIndex("feedback_past_registration_key").on(t.past_registration_id),
    index("feedback_edition_idx").on(t.edition_id),
    check("feedback_rating_check", sql`${t.rating} between 1 and 5`),
    check("feedback_attended_rating_check", sql`${t.attended} = (${t.rating} is not null)`),
    check("feedback_change_text_check", sql`char_length(${t.change_text}) <= ${sql.raw(String(FEEDBACK_TEXT_MAX))}`),
  ],
);
