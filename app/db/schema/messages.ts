import { sql } from "drizzle-orm";
import { check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";
import { editions } from "./editions";
import { attendees } from "./people";

// The outbox (e-mail and SMS), the reminders it carries, the SMS pause and USSD drafts.

export const MAIL_STATUSES = ["pending", "sending", "sent", "failed"] as const;
/** What carries a message out of the outbox: e-mail, or SMS or WhatsApp to a phone number (E.164). */
export const MESSAGE_CHANNELS = ["email", "sms", "whatsapp"] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

// One reminder per attendee per event date and kind, whoever presses Send and however often:
// the unique key decides, so a double click or a second server never mails anyone twice.
// An "early" reminder (sent more than two days before) does not stand in for the "due" one
// that goes out one or two days before, by hand or by itself: people reminded a month
// ahead are reminded again when it matters.
export const reminders = pgTable(
  "reminders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    attendee_id: uuid("attendee_id")
      .notNull()
      .references(() => attendees.id, { onDelete: "cascade" }),
    event_date: date("event_date", { mode: "string" }).notNull(),
    kind: text("kind").$type<ReminderKind>().notNull().default("due"),
    // A reminder goes once per person per channel: an e-mail, and an SMS or WhatsApp message to those who asked.
    channel: text("channel", { enum: MESSAGE_CHANNELS }).notNull().default("email"),
    // The reminder's message in the outbox (its delivery state).
    mail_id: uuid("mail_id").references(() => mail_outbox.id, { onDelete: "set null" }),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex("reminders_attendee_event_kind_channel_key").on(t.attendee_id, t.event_date, t.kind, t.channel),
    index("reminders_event_idx").on(t.event_date),
    check("reminders_kind_check", sql`${t.kind} in ('early', 'due')`),
    check("reminders_channel_check", sql`${t.channel} in ('email', 'sms', 'whatsapp')`),
  ],
);

export type ReminderKind = "early" | "due";

export type MailAttachment = {
  filename: string;
  contentType: string;
  /** base64 */
  content: string;
  /** set for inline images referenced as cid: in the HTML */
  cid?: string;
};

export const mail_outbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to_address: text("to_address").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    attachments: jsonb("attachments").$type<MailAttachment[]>().notNull().default([]),
    kind: text("kind").notNull(),
    // email: to_address is an address; sms: a phone number in E.164, `text` the message, no html.
    channel: text("channel", { enum: MESSAGE_CHANNELS }).notNull().default("email"),
    // An SMS's length in segments (what the gateway bills), set when it is rendered.
    segments: integer("segments"),
    // The gateway's report that the SMS (or WhatsApp message) reached the phone.
    delivered_at: timestamp("delivered_at", { withTimezone: true }),
    // WhatsApp's report that the person opened it (blue ticks; none when they turned receipts off).
    read_at: timestamp("read_at", { withTimezone: true }),
    // A message may be queued as a template and rendered by the worker (see enqueueMail):
    // rendering a ticket (QR code, calendar) takes tens of milliseconds, too long for a request.
    template: text("template"),
    template_data: jsonb("template_data").$type<Record<string, unknown>>(),
    // A WhatsApp message's SMS stand-in (the SMS message of the same data): queued instead when
    // WhatsApp cannot deliver it (the number is not on WhatsApp, the template was refused).
    fallback_template: text("fallback_template"),
    attendee_id: uuid("attendee_id").references(() => attendees.id, { onDelete: "set null" }),
    // The edition it was sent in (a trigger fills in the current one): each edition's retention
    // purge deletes its own mail log.
    edition_id: integer("edition_id").references(() => editions.id),
    status: text("status", { enum: MAIL_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    next_attempt_at: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    locked_until: timestamp("locked_until", { withTimezone: true }),
    last_error: text("last_error"),
    message_id: text("message_id"),
    sent_at: timestamp("sent_at", { withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check("mail_outbox_status_check", sql`${t.status} in ('pending', 'sending', 'sent', 'failed')`),
    index("mail_outbox_due_idx").on(t.status, t.next_attempt_at),
    index("mail_outbox_attendee_idx").on(t.attendee_id),
    index("mail_outbox_to_kind_idx").on(t.to_address, t.kind, t.created_at),
    index("mail_outbox_edition_idx").on(t.edition_id),
    // Delivery reports name an SMS or a WhatsApp message by the gateway's id.
    index("mail_outbox_sms_message_idx").on(t.message_id).where(sql`${t.channel} in ('sms', 'whatsapp')`),
    check("mail_outbox_channel_check", sql`${t.channel} in ('email', 'sms', 'whatsapp')`),
  ],
);

// ── SMS and USSD ──

// A channel an organiser must look at: SMS pauses itself when the gateway says the account's
// balance is spent (every further send would fail the same way), until someone resumes it.
export const channel_pauses = pgTable(
  "channel_pauses",
  {
    channel: text("channel", { enum: MESSAGE_CHANNELS }).primaryKey(),
    reason: text("reason").notNull(),
    paused_at: timestamp("paused_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("channel_pauses_channel_check", sql`${t.channel} in ('email', 'sms', 'whatsapp')`)],
);

// A USSD registration not yet finished, by phone number: dialling again within half an hour
// offers to continue it. Deleted once the person registers, or a day after it was last touched.
export const ussd_drafts = pgTable(
  "ussd_drafts",
  {
    phone: text("phone").primaryKey(),
    session_id: text("session_id").notNull(),
    draft: jsonb("draft").$type<Record<string, unknown>>().notNull(),
    updated_at: updatedAt(),
  },
  (t) => [index("ussd_drafts_updated_idx").on(t.updated_at)],
);
