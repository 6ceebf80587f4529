import { sql } from "drizzle-orm";
import { check, date, index, integer, jsonb, pgTable, text, time, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { EditionContent, EditionFigures, EditionTranslations } from "../edition-archive";
import { personColumns } from "../person-columns";
import { SETTINGS_DEFAULTS as D } from "../settings-defaults";
import { emailCheck } from "./columns";

// The summit recurs once a year. `editions` lists every edition; the settings row points at the
// current one (event_settings.edition_id), whose date, venue and capacity live in the settings
// while it runs. Starting the next edition archives the current one here (what it was, its
// anonymous figures and public content) and moves its people to `past_registrations`, so the
// live tables only ever hold the current edition (ADR 016).
export const editions = pgTable(
  "editions",
  {
    // The edition's number: 1 for the first.
    id: integer("id").primaryKey(),
    name: text("name").notNull(),
    translations: jsonb("translations").$type<EditionTranslations>().notNull().default({}),
    started_at: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    // Filled when the edition is archived: what it was.
    event_date: date("event_date", { mode: "string" }),
    // Its hours as the settings had them (a running edition's stay at the defaults, unread).
    event_starts_at: time("event_starts_at").notNull().default(D.event_starts_at),
    event_ends_at: time("event_ends_at").notNull().default(D.event_ends_at),
    venue: text("venue"),
    max_attendees: integer("max_attendees"),
    archived_at: timestamp("archived_at", { withTimezone: true }),
    figures: jsonb("figures").$type<EditionFigures>(),
    content: jsonb("content").$type<EditionContent>(),
    // The stored images the archived content shows: the media sweep keeps them.
    media_urls: text("media_urls").array().notNull().default(sql`'{}'::text[]`),
    // Its people's data is deleted this many days after its date, as it was set when archived.
    retention_days: integer("retention_days"),
    // Its survey stays open this many days after its end, as it was set when archived: the links
    // in its certificates' e-mails promise a closing day, and the next edition must not break it.
    feedback_days: integer("feedback_days"),
    purged_at: timestamp("purged_at", { withTimezone: true }),
    // Its people's data is not deleted before this, whatever the date and retention say: set a
    // week after any change that brings the deletion nearer (a year typed wrong must not erase
    // anyone within a scheduler tick), and moved later by "Postpone" (attendees/retention).
    purge_not_before: timestamp("purge_not_before", { withTimezone: true }),
  },
  (t) => [
    check("editions_id_check", sql`${t.id} >= 1`),
    check("editions_translations_check", sql`jsonb_typeof(${t.translations}) = 'object'`),
    check("editions_event_hours_check", sql`${t.event_ends_at} > ${t.event_starts_at}`),
    check(
      "editions_archive_check",
      sql`${t.archived_at} is null or (${t.event_date} is not null and ${t.figures} is not null and ${t.content} is not null and ${t.retention_days} is not null)`,
    ),
  ],
);

export const PAST_OUTCOMES = ["attended", "registered", "cancelled", "waitlisted"] as const;

// A past edition's people, moved here when the next edition starts: the door can name the
// edition of an old ticket, the ticket page can say whose edition it was, and organisers keep
// what they had until that edition's retention purge deletes these rows. Same id and ticket
// ID as the registration (or waitlist entry) had.
export const past_registrations = pgTable(
  "past_registrations",
  {
    id: uuid("id").primaryKey(),
    edition_id: integer("edition_id")
      .notNull()
      .references(() => editions.id),
    outcome: text("outcome", { enum: PAST_OUTCOMES }).notNull(),
    ...personColumns(),
    ticket_id: text("ticket_id"),
    registered_at: timestamp("registered_at", { withTimezone: true }).notNull(),
    checked_in_at: timestamp("checked_in_at", { withTimezone: true }),
    cancelled_at: timestamp("cancelled_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("past_registrations_ticket_id_key").on(t.ticket_id),
    index("past_registrations_edition_idx").on(t.edition_id),
    check("past_registrations_outcome_check", sql`${t.outcome} in ('attended', 'registered', 'cancelled', 'waitlisted')`),
    check("past_registrations_ticket_check", sql`${t.outcome} = 'waitlisted' or ${t.ticket_id} is not null`),
    emailCheck("past_registrations", t),
  ],
);
