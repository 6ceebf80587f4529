import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { DOOR_NAME_MAX } from "../door-name";
import { admin_users } from "./auth";
import { createdAt } from "./columns";
import { attendees } from "./people";

// The door: check-ins, second admissions from offline doors, the door's search limit and devices.

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
