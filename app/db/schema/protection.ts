import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { personColumns } from "../person-columns";
import { createdAt } from "./columns";

// Booking protection: used form stamps, shared rate counters, surges noticed and the
// registrations held during them.

// Form stamps already used: each stamp the registration page carries is good for one post.
// Rows outlive the stamp's own lifetime only until the next sweep.
export const used_form_stamps = pgTable(
  "used_form_stamps",
  {
    nonce: text("nonce").primaryKey(),
    used_at: timestamp("used_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("used_form_stamps_used_at_idx").on(t.used_at)],
);

// Counters of fixed time windows shared by every server process: public form posts per
// network, registrations per network, per e-mail domain and overall. `key` names what is
// counted ("posts:v4:1.2.3.4"), `window_start` the window.
export const rate_counters = pgTable(
  "rate_counters",
  {
    key: text("key").notNull(),
    window_start: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.window_start] }), index("rate_counters_window_idx").on(t.window_start)],
);

export const HOLD_REASONS = ["network", "domain", "overall", "challenge"] as const;
/** What a held form asked for: a registration, or a place on the waitlist (issue 40). */
export const HELD_INTENTS = ["register", "waitlist"] as const;

// A booking attack noticed: registrations from one network or e-mail domain, or overall,
// arriving faster than people do. While it lasts (until `last_at` is quiet for a while) new
// registrations from its source are held. Organisers see when, from where and how many.
export const registration_surges = pgTable(
  "registration_surges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reason: text("reason", { enum: HOLD_REASONS }).notNull(),
    // The network ("v4:…", "v6:…/64") or e-mail domain; "" for the overall rate.
    source: text("source").notNull().default(""),
    started_at: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    last_at: timestamp("last_at", { withTimezone: true }).notNull().defaultNow(),
    held: integer("held").notNull().default(0),
  },
  (t) => [
    index("registration_surges_source_idx").on(t.reason, t.source, t.last_at),
    index("registration_surges_last_idx").on(t.last_at.desc()),
    check("registration_surges_reason_check", sql`${t.reason} in ('network', 'domain', 'overall', 'challenge')`),
  ],
);

// A registration held during an attack: the person's answers, waiting for them to confirm
// the seat from their mailbox (a link, or the six-digit code typed on the page). It takes
// no seat and no e-mail address until confirmed; unconfirmed ones are deleted after the
// hours set in Event Settings.
export const held_registrations = pgTable(
  "held_registrations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...personColumns(),
    hold_reason: text("hold_reason", { enum: HOLD_REASONS }).notNull(),
    source: text("source").notNull().default(""),
    surge_id: uuid("surge_id").references(() => registration_surges.id, { onDelete: "set null" }),
    // sha256 of the six-digit code, and wrong codes typed so far (five void the code).
    code_hash: text("code_hash").notNull(),
    code_attempts: integer("code_attempts").notNull().default(0),
    // "Tell me about future editions" ticked on the form: the opt-in is written only when the
    // person confirms (modules/invitations).
    future_editions: boolean("future_editions").notNull().default(false),
    // What the person asked for: a seat, or a place on the waitlist. A held waitlist join is
    // confirmed into the line, never into a seat the people already in line are waiting for.
    intent: text("intent", { enum: HELD_INTENTS }).notNull().default("register"),
    created_at: createdAt(),
    expires_at: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    check("held_registrations_intent_check", sql`${t.intent} in ('register', 'waitlist')`),
    uniqueIndex("held_registrations_email_key").on(sql`lower(trim(${t.email}))`),
    index("held_registrations_expires_idx").on(t.expires_at),
    index("held_registrations_surge_idx").on(t.surge_id),
    check("held_registrations_hold_reason_check", sql`${t.hold_reason} in ('network', 'domain', 'overall', 'challenge')`),
    // Only the web form holds registrations (they are confirmed from the mailbox).
    check("held_registrations_email_check", sql`${t.email} is not null and ${t.channel} = 'web'`),
  ],
);
