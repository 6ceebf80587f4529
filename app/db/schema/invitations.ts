import { sql } from "drizzle-orm";
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { editions } from "./editions";
import { mail_outbox } from "./messages";

// ── Future-edition invitations (issue 29, modules/invitations) ──

// People who asked to hear about future editions: a consent of its own (NDPA), apart from any
// registration, so it outlives its edition's retention purge. Only what an invitation needs is
// kept, and the row is deleted when they withdraw. One row per address: opting in again (in a
// later edition) refreshes it.
export const future_invitations = pgTable(
  "future_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    full_name: text("full_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull().default(""),
    // Every invitation is written in it.
    language: text("language").notNull().default("en"),
    consented_at: timestamp("consented_at", { withTimezone: true }).notNull(),
    // The privacy notice's version the person was shown when they opted in.
    notice_version: text("notice_version").notNull(),
    // The edition they opted in during.
    edition_id: integer("edition_id")
      .notNull()
      .references(() => editions.id),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex("future_invitations_email_key").on(sql`lower(trim(${t.email}))`)],
);

// One announcement per person per edition, however often "Invite Past Attendees" is pressed
// and by however many servers: the primary key decides, as the reminders' unique key does.
export const invitations_sent = pgTable(
  "invitations_sent",
  {
    invitation_id: uuid("invitation_id")
      .notNull()
      .references(() => future_invitations.id, { onDelete: "cascade" }),
    edition_id: integer("edition_id")
      .notNull()
      .references(() => editions.id),
    // The announcement in the outbox (its delivery state).
    mail_id: uuid("mail_id").references(() => mail_outbox.id, { onDelete: "set null" }),
    created_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.invitation_id, t.edition_id] }), index("invitations_sent_edition_idx").on(t.edition_id)],
);
