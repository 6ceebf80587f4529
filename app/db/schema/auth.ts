import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";

// Admin accounts and signing in: sessions, attempts, two factors, the half-signed-in state.

/** organiser: the whole admin; checkin: the door's check-in screen and nothing else. */
export const ADMIN_ROLES = ["organiser", "checkin"] as const;

export const admin_users = pgTable(
  "admin_users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    name: text("name").notNull().default("Admin User"),
    password_hash: text("password_hash").notNull(),
    role: text("role", { enum: ADMIN_ROLES }).notNull().default("organiser"),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex("admin_users_email_key").on(sql`lower(trim(${t.email}))`),
    check("admin_users_role_check", sql`${t.role} in ('organiser', 'checkin')`),
  ],
);

export const admin_sessions = pgTable(
  "admin_sessions",
  {
    // sha256 of the cookie token: a leaked database does not leak usable sessions.
    id: text("id").primaryKey(),
    admin_id: uuid("admin_id")
      .notNull()
      .references(() => admin_users.id, { onDelete: "cascade" }),
    created_at: createdAt(),
    last_seen_at: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp("expires_at", { withTimezone: true }).notNull(),
    ip: text("ip").notNull().default(""),
    user_agent: text("user_agent").notNull().default(""),
  },
  (t) => [index("admin_sessions_admin_idx").on(t.admin_id)],
);

export const login_attempts = pgTable(
  "login_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    ip: text("ip").notNull().default(""),
    // The signed device cookie's id (auth/known-device.server.ts), when the browser sent one.
    device: uuid("device"),
    // 'password' a password post (a failure until it is right), 'verified' a right password
    // waiting for its code (no failure), 'code' a code typed after a right password. Codes have a
    // ceiling of their own, which only someone holding the password can reach (rate-limit.server.ts).
    stage: text("stage").$type<LoginAttemptStage>().notNull().default("password"),
    succeeded: boolean("succeeded").notNull().default(false),
    created_at: createdAt(),
  },
  (t) => [
    index("login_attempts_email_idx").on(t.email, t.created_at),
    index("login_attempts_ip_idx").on(t.ip, t.created_at),
    check("login_attempts_stage_check", sql`${t.stage} in ('password', 'verified', 'code')`),
  ],
);

type LoginAttemptStage = "password" | "verified" | "code";

// ── Sign-in hardening: two factors, the half-signed-in state, the door's search limit ──

/** The second-factor methods an account may use. */
export const SIGN_IN_STEPS = ["code", "enrol"] as const;

/**
 * An account's authenticator (TOTP). The secret is encrypted (AES-256-GCM) with the
 * "two-factor" key whose generation is key_id; confirmed_at stays null until a first code
 * proves the phone has it. last_step is the time step of the last code accepted: a code is
 * accepted only for a later step, so a code seen over a shoulder cannot be used again.
 */
export const admin_two_factor = pgTable(
  "admin_two_factor",
  {
    admin_id: uuid("admin_id")
      .primaryKey()
      .references(() => admin_users.id, { onDelete: "cascade" }),
    key_id: text("key_id").notNull(),
    secret: text("secret").notNull(),
    confirmed_at: timestamp("confirmed_at", { withTimezone: true }),
    last_step: integer("last_step").notNull().default(0),
    created_at: createdAt(),
  },
  (t) => [check("admin_two_factor_last_step_check", sql`${t.last_step} >= 0`)],
);

/** One-time recovery codes: only their sha256 (the codes are 80 random bits, so a hash is enough). */
export const admin_recovery_codes = pgTable(
  "admin_recovery_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    admin_id: uuid("admin_id")
      .notNull()
      .references(() => admin_users.id, { onDelete: "cascade" }),
    code_hash: text("code_hash").notNull(),
    used_at: timestamp("used_at", { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex("admin_recovery_codes_key").on(t.admin_id, t.code_hash)],
);

/**
 * Half signed in: the password was right, the second factor (or its enrolment) is still due.
 * The browser holds a random token in an httpOnly cookie; this row its sha256, for minutes.
 */
export const admin_sign_in_pending = pgTable(
  "admin_sign_in_pending",
  {
    id: text("id").primaryKey(),
    admin_id: uuid("admin_id")
      .notNull()
      .references(() => admin_users.id, { onDelete: "cascade" }),
    step: text("step", { enum: SIGN_IN_STEPS }).notNull(),
    network: text("network").notNull().default(""),
    redirect_to: text("redirect_to").notNull().default("/admin"),
    expires_at: timestamp("expires_at", { withTimezone: true }).notNull(),
    created_at: createdAt(),
  },
  (t) => [
    index("admin_sign_in_pending_admin_idx").on(t.admin_id),
    check("admin_sign_in_pending_step_check", sql`${t.step} in ('code', 'enrol')`),
  ],
);
