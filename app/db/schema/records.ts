import { index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { admin_users } from "./auth";
import { bytea, createdAt } from "./columns";
import { editions } from "./editions";

// Records and files every domain writes: stored media and the audit log.

export const media = pgTable("media", {
  // sha256 of the stored bytes: identical uploads share one row and one URL.
  id: text("id").primaryKey(),
  content_type: text("content_type").notNull(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  bytes: bytea("bytes").notNull(),
  created_at: createdAt(),
});

export const audit_log = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    admin_id: uuid("admin_id").references(() => admin_users.id, { onDelete: "set null" }),
    admin_email: text("admin_email").notNull(),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entity_id: text("entity_id"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    // The edition current when it happened (a trigger fills it in).
    edition_id: integer("edition_id").references(() => editions.id),
    created_at: createdAt(),
  },
  (t) => [index("audit_log_created_idx").on(t.created_at.desc())],
);
