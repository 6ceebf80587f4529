import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { updatedAt } from "./columns";

// WhatsApp (modules/whatsapp): a registration by chat in progress, the messages already taken
// in (Meta delivers a webhook again until it is answered), and the numbers that said STOP.

// A conversation with the summit's number, by phone number (E.164): the USSD menu's draft and
// every answer of the conversation so far, which the menu replays (ussd/menu.ts). Deleted once
// the person registers or a day after it was last touched, as a USSD draft.
export const whatsapp_chats = pgTable(
  "whatsapp_chats",
  {
    phone: text("phone").primaryKey(),
    // A new conversation ("register", or writing again after the last one ended) gets a new id.
    session_id: text("session_id").notNull(),
    // The answers of this conversation, in order; the menu replays them from the first screen.
    answers: jsonb("answers").$type<string[]>().notNull().default([]),
    draft: jsonb("draft").$type<Record<string, unknown>>(),
    updated_at: updatedAt(),
  },
  (t) => [
    index("whatsapp_chats_updated_idx").on(t.updated_at),
    check("whatsapp_chats_answers_check", sql`jsonb_typeof(${t.answers}) = 'array'`),
  ],
);

// A message Meta delivered to the webhook, by its id: Meta delivers again until it gets a 200,
// and twice at once now and then, so a message is acted on once (the insert decides). Swept
// after a week: Meta stops retrying within days.
export const whatsapp_inbound = pgTable(
  "whatsapp_inbound",
  {
    message_id: text("message_id").primaryKey(),
    received_at: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("whatsapp_inbound_received_idx").on(t.received_at)],
);

// Numbers that replied STOP: nothing more goes to them on WhatsApp, whatever a form says, until
// they write START (or tick the box again on a new registration). Meta's rules require honouring it.
export const whatsapp_optouts = pgTable("whatsapp_optouts", {
  phone: text("phone").primaryKey(),
  stopped_at: timestamp("stopped_at", { withTimezone: true }).notNull().defaultNow(),
});
