import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { DOOR_NAME_MAX } from "../door-name";
import { admin_users } from "./auth";
import { createdAt, translations, translationsCheck } from "./columns";
import { attendees } from "./people";

// Check-in lists beside the entrance: lunch, the conference kit, a second day. Each is handed out
// with the same ticket (QR code, ticket ID, search) under its own rule.

/** once: one each; daily: one each per day (Lagos); any: as often as asked (counted). */
export const CHECK_IN_LIST_RULES = ["once", "daily", "any"] as const;
export type CheckInListRule = (typeof CHECK_IN_LIST_RULES)[number];
export const CHECK_IN_LIST_NAME_MAX = 60;

export const check_in_lists = pgTable(
  "check_in_lists",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    // The name in other languages ({ ha: { name } }): the door speaks the volunteer's language.
    translations: translations<{ ha?: { name?: string } }>(),
    rule: text("rule", { enum: CHECK_IN_LIST_RULES }).notNull().default("once"),
    // Only for people already let in at the entrance (a kit for those who came, not for a friend's ticket).
    requires_entrance: boolean("requires_entrance").notNull().default(false),
    // How many there are to give ("200 kits"), counted down; null: no limit.
    quantity: integer("quantity"),
    // Put away by an organiser: no longer offered at the door, its record kept (undoable).
    archived_at: timestamp("archived_at", { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [
    check("check_in_lists_name_check", sql`char_length(${t.name}) between 1 and ${sql.raw(String(CHECK_IN_LIST_NAME_MAX))}`),
    check("check_in_lists_rule_check", sql`${t.rule} in ('once', 'daily', 'any')`),
    check("check_in_lists_quantity_check", sql`${t.quantity} is null or ${t.quantity} between 0 and 100000`),
    translationsCheck("check_in_lists", t.translations),
  ],
);

/**
 * One thing given from a list to an attendee. `slot` is what the list's rule makes unique per
 * person: '' for once, the Lagos day (YYYY-MM-DD) for daily, the row's own id for any; the unique
 * index on (list, attendee, slot) decides, so two doors scanning one ticket give once. `id` is the
 * device's own id when it sent one (a retry or an offline queue synced twice finds it again).
 */
export const list_check_ins = pgTable(
  "list_check_ins",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    list_id: uuid("list_id")
      .notNull()
      .references(() => check_in_lists.id, { onDelete: "cascade" }),
    attendee_id: uuid("attendee_id")
      .notNull()
      .references(() => attendees.id, { onDelete: "cascade" }),
    slot: text("slot").notNull().default(""),
    checked_in_by: uuid("checked_in_by").references(() => admin_users.id, { onDelete: "set null" }),
    method: text("method").notNull().default("scan"),
    door: text("door").notNull().default(""),
    device: uuid("device"),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex("list_check_ins_slot_key").on(t.list_id, t.attendee_id, t.slot),
    index("list_check_ins_list_idx").on(t.list_id, t.created_at),
    index("list_check_ins_attendee_idx").on(t.attendee_id),
    check("list_check_ins_door_check", sql`char_length(${t.door}) <= ${sql.raw(String(DOOR_NAME_MAX))}`),
    check("list_check_ins_method_check", sql`${t.method} in ('scan', 'ticket-id', 'search')`),
  ],
);

/**
 * A second give of a list to a person in one slot, by a door that was offline and could not
 * know: the thing was handed over, so it is kept, beside the give on record (list_check_ins),
 * for organisers to see who was given twice and where. `id` is the device's id of the give (as
 * list_check_ins.id); `slot` is the give's, as the rule made it. Goes with its list and person.
 */
export const list_check_in_conflicts = pgTable(
  "list_check_in_conflicts",
  {
    id: uuid("id").primaryKey(),
    list_id: uuid("list_id")
      .notNull()
      .references(() => check_in_lists.id, { onDelete: "cascade" }),
    attendee_id: uuid("attendee_id")
      .notNull()
      .references(() => attendees.id, { onDelete: "cascade" }),
    slot: text("slot").notNull().default(""),
    door: text("door").notNull().default(""),
    device: uuid("device"),
    given_at: timestamp("given_at", { withTimezone: true }).notNull(),
    checked_in_by: uuid("checked_in_by").references(() => admin_users.id, { onDelete: "set null" }),
    method: text("method").notNull(),
    received_at: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The give on record is found by (list, attendee, slot); a person's erasure by attendee.
    index("list_check_in_conflicts_list_idx").on(t.list_id, t.attendee_id, t.slot),
    index("list_check_in_conflicts_attendee_idx").on(t.attendee_id),
    check("list_check_in_conflicts_door_check", sql`char_length(${t.door}) <= ${sql.raw(String(DOOR_NAME_MAX))}`),
    check("list_check_in_conflicts_method_check", sql`${t.method} in ('scan', 'ticket-id', 'search')`),
  ],
);
