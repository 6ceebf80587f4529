import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { DOOR_NAME_MAX } from "../door-name";
import { FULL_NAME_MAX } from "../full-name";
import { admin_users } from "./auth";
import { createdAt } from "./columns";
import { attendees } from "./people";

// The door: check-ins, second admissions from offline doors, the door's search limit and devices,
// walk-ins, the seats granted to door devices for offline walk-ins, and their conflicts.

// THE check-in of each attendee (the unique index on attendee_id): the first one, whichever door
// it came from. `door` is the name staff gave the device ('' when unnamed or without JavaScript);
// `client_id` is the device's own id for the check-in, so sending it again (a retry, an offline
// queue synced twice) finds it instead of counting it twice.
export const check_ins = pgTable(
  "check_ins",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    attendee_id: uuid("attendee_id")
      .notNull()
      .references(() => attendees.id, { onDelete: "cascade" }),
    checked_in_by: uuid("checked_in_by").references(() => admin_users.id, { onDelete: "set null" }),
    method: text("method").notNull().default("scan"),
    door: text("door").notNull().default(""),
    // The door page's own device id (kept on the phone): two phones given one name are two doors.
    device: uuid("device"),
    client_id: uuid("client_id"),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex("check_ins_attendee_key").on(t.attendee_id),
    uniqueIndex("check_ins_client_id_key").on(t.client_id),
    check("check_ins_door_check", sql`char_length(${t.door}) <= ${sql.raw(String(DOOR_NAME_MAX))}`),
  ],
);

// A second admission of a ticket already checked in, recorded by a door that was offline and
// could not know: both stay, the earlier one in check_ins, the later one here, for organisers
// to see who was let in twice. `id` is the device's id of the check-in (as check_ins.client_id).
export const check_in_conflicts = pgTable(
  "check_in_conflicts",
  {
    id: uuid("id").primaryKey(),
    attendee_id: uuid("attendee_id")
      .notNull()
      .references(() => attendees.id, { onDelete: "cascade" }),
    door: text("door").notNull().default(""),
    device: uuid("device"),
    checked_in_at: timestamp("checked_in_at", { withTimezone: true }).notNull(),
    checked_in_by: uuid("checked_in_by").references(() => admin_users.id, { onDelete: "set null" }),
    method: text("method").notNull(),
    received_at: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("check_in_conflicts_attendee_idx").on(t.attendee_id),
    check("check_in_conflicts_door_check", sql`char_length(${t.door}) <= ${sql.raw(String(DOOR_NAME_MAX))}`),
    check("check_in_conflicts_method_check", sql`${t.method} in ('scan', 'ticket-id', 'search')`),
  ],
);

/**
 * Door requests per account, kind and minute: the limits that stop paging through the attendee
 * list with the search ('search') and copying it again and again ('list'), checkin/search-limit.server.ts.
 */
export const door_searches = pgTable(
  "door_searches",
  {
    admin_id: uuid("admin_id")
      .notNull()
      .references(() => admin_users.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"search" | "list">().notNull().default("search"),
    minute: timestamp("minute", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.admin_id, t.kind, t.minute] }), check("door_searches_kind_check", sql`${t.kind} in ('search', 'list')`)],
);

/**
 * When each door device (the id its page keeps) last downloaded the list, per account: a check-in
 * it syncs later cannot claim an earlier time than that (door-sync.server.ts).
 */
export const door_devices = pgTable(
  "door_devices",
  {
    admin_id: uuid("admin_id")
      .notNull()
      .references(() => admin_users.id, { onDelete: "cascade" }),
    device: uuid("device").notNull(),
    list_fetched_at: timestamp("list_fetched_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.admin_id, t.device] })],
);

/**
 * A person registered at the door on event day (a walk-in, channel 'door'): who registered them,
 * at which door and device. `client_id` is the device's own id for it, so a walk-in sent twice (a
 * retry, an offline queue synced twice) is registered once. Goes with its attendee.
 */
export const walk_ins = pgTable(
  "walk_ins",
  {
    attendee_id: uuid("attendee_id")
      .primaryKey()
      .references(() => attendees.id, { onDelete: "cascade" }),
    registered_by: uuid("registered_by").references(() => admin_users.id, { onDelete: "set null" }),
    door: text("door").notNull().default(""),
    device: uuid("device"),
    client_id: uuid("client_id"),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex("walk_ins_client_id_key").on(t.client_id),
    check("walk_ins_door_check", sql`char_length(${t.door}) <= ${sql.raw(String(DOOR_NAME_MAX))}`),
  ],
);

/**
 * A seat for a walk-in granted to one door device (its share of the seats kept for walk-ins,
 * settings.walk_in_seats), so that the door may register a walk-in while offline without doors
 * that cannot see each other going past the capacity together: each share is one seat, counted
 * as kept until used (checkin/walk-in-shares.server.ts). Its ticket ID is drawn here by the
 * server, so the walk-in the door registers on it offline has a ticket ID no other door can draw.
 * No personal data: a seat, the account and device it was granted to, and the door's name then.
 */
export const door_walk_in_shares = pgTable(
  "door_walk_in_shares",
  {
    ticket_id: text("ticket_id").primaryKey(),
    admin_id: uuid("admin_id")
      .notNull()
      .references(() => admin_users.id, { onDelete: "cascade" }),
    device: uuid("device").notNull(),
    door: text("door").notNull().default(""),
    granted_at: timestamp("granted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("door_walk_in_shares_device_idx").on(t.admin_id, t.device, t.granted_at),
    check("door_walk_in_shares_door_check", sql`char_length(${t.door}) <= ${sql.raw(String(DOOR_NAME_MAX))}`),
  ],
);

export const WALK_IN_CONFLICT_KINDS = ["same-person", "over-capacity"] as const;

/**
 * A walk-in a door registered offline that the server could not simply register: the person was
 * registered already ('same-person': the existing registration is kept and checked in, the name
 * the second door typed is kept beside it), or no seat was left when it arrived ('over-capacity':
 * registered all the same, they are in the hall). `id` is the device's id of the walk-in, so
 * sending it again finds it. Goes with the attendee (an erasure or the purge takes it along).
 */
export const walk_in_conflicts = pgTable(
  "walk_in_conflicts",
  {
    id: uuid("id").primaryKey(),
    kind: text("kind", { enum: WALK_IN_CONFLICT_KINDS }).notNull(),
    attendee_id: uuid("attendee_id")
      .notNull()
      .references(() => attendees.id, { onDelete: "cascade" }),
    // The ticket ID the door showed the person (its share's).
    ticket_id: text("ticket_id").notNull(),
    // The name as the second door typed it.
    full_name: text("full_name").notNull(),
    door: text("door").notNull().default(""),
    device: uuid("device"),
    registered_by: uuid("registered_by").references(() => admin_users.id, { onDelete: "set null" }),
    at: timestamp("at", { withTimezone: true }).notNull(),
    received_at: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("walk_in_conflicts_attendee_idx").on(t.attendee_id),
    index("walk_in_conflicts_at_idx").on(t.at.desc()),
    check("walk_in_conflicts_kind_check", sql`${t.kind} in ('same-person', 'over-capacity')`),
    check("walk_in_conflicts_door_check", sql`char_length(${t.door}) <= ${sql.raw(String(DOOR_NAME_MAX))}`),
    check("walk_in_conflicts_full_name_check", sql`char_length(${t.full_name}) <= ${sql.raw(String(FULL_NAME_MAX))}`),
    check("walk_in_conflicts_ticket_id_check", sql`char_length(${t.ticket_id}) <= 40`),
  ],
);
