import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { DOOR_NAME_MAX } from "./door-name";
import { editions, past_registrations } from "./editions-schema";
import { normalizeEmail } from "./email";
import { INVITE_CODE_LENGTH } from "./outreach-codes";
import { outreachCodeCheck } from "./outreach-schema";
import { personColumns } from "./person-columns";
import { SETTINGS_DEFAULTS as D } from "./settings-defaults";
import type { AgendaTranslations, SettingsTranslations, SpeakerTranslations } from "./translations";

export * from "./editions-schema";
export * from "./outreach-schema";
export { GENDERS, REGISTRATION_CHANNELS, type RegistrationChannel } from "./person-columns";

// Column names are the product's data model word for word; tables it does not name
// (admin accounts, sessions, check-ins, outbox, media, audit) follow the same style.

export const SETTINGS_ID = "00000000-0000-0000-0000-000000000001";
export const SPEAKER_TYPES = ["Chairman", "Chief Host", "Host", "Keynote", "Speaker", "Panelist", "Moderator"] as const;
export const MAIL_STATUSES = ["pending", "sending", "sent", "failed"] as const;
/** What carries a message out of the outbox: e-mail, or SMS to a phone number (E.164). */
export const MESSAGE_CHANNELS = ["email", "sms"] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
/** organiser: the whole admin; checkin: the door's check-in screen and nothing else. */
export const ADMIN_ROLES = ["organiser", "checkin"] as const;

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** The organisers' texts in other languages (translations.ts); an object, whatever writes it. */
const translations = <T>() =>
  jsonb("translations")
    .$type<T>()
    .notNull()
    .default({} as T);
const translationsCheck = (table: string, column: AnyColumn) =>
  check(`${table}_translations_check`, sql`jsonb_typeof(${column}) = 'object'`);

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/** Only a USSD registration may lack an e-mail address; and the channel is one we know. */
const personChecks = (table: string, t: { email: AnyColumn; channel: AnyColumn }) => [
  check(`${table}_email_check`, sql`${t.email} is not null or ${t.channel} = 'ussd'`),
  check(`${table}_channel_check`, sql`${t.channel} in ('web', 'ussd')`),
];

/** A registration: the person and their ticket. */
const registrationColumns = () => ({ ...personColumns(), ticket_id: text("ticket_id").notNull() });

export const attendees = pgTable(
  "attendees",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...registrationColumns(),
    // The code of the person's invite link /i/<code> (modules/outreach): drawn by the database for
    // every new row, however it is written, from the outreach alphabet, retried until unused.
    invite_code: text("invite_code").notNull().default(sql`outreach_invite_code()`),
    // An organiser has fixed these details: the person can no longer change them on the ticket page.
    details_locked: boolean("details_locked").notNull().default(false),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex("attendees_ticket_id_key").on(t.ticket_id),
    uniqueIndex("attendees_invite_code_key").on(t.invite_code),
    index("attendees_outreach_source_idx").on(t.outreach_source_id),
    index("attendees_invited_by_idx").on(t.invited_by),
    check("attendees_invite_code_check", outreachCodeCheck(t.invite_code, INVITE_CODE_LENGTH)),
    uniqueIndex("attendees_email_key").on(sql`lower(trim(${t.email}))`),
    index("attendees_created_at_idx").on(t.created_at.desc()),
    index("attendees_state_idx").on(t.state),
    // Registrations per phone number are limited (a family may share one phone, a script may not).
    index("attendees_phone_idx").on(t.phone),
    // The door's "did you mean": a ticket ID typed one character wrong still has the right time
    // part or the right random part, so the real one is among the rows sharing either (ADR 014).
    index("attendees_ticket_time_idx").on(sql`split_part(${t.ticket_id}, '-', 2)`),
    index("attendees_ticket_random_idx").on(sql`split_part(${t.ticket_id}, '-', 3)`),
    check("attendees_gender_check", sql`${t.gender} in ('male', 'female', 'other')`),
    // By USSD the phone number is the person (the network vouches for it): one registration each.
    uniqueIndex("attendees_ussd_phone_key").on(t.phone).where(sql`${t.channel} = 'ussd'`),
    ...personChecks("attendees", t),
  ],
);

// A registration its holder cancelled. The row leaves `attendees` (so the seat counter, the
// unique e-mail and every list of registered people follow without a second status to
// check) and is kept here: the ticket page and the door can say "cancelled", and
// organisers see who cancelled. Same id and ticket ID as the registration had.
export const cancelled_registrations = pgTable(
  "cancelled_registrations",
  {
    id: uuid("id").primaryKey(),
    ...registrationColumns(),
    registered_at: timestamp("registered_at", { withTimezone: true }).notNull(),
    cancelled_at: timestamp("cancelled_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("cancelled_registrations_ticket_id_key").on(t.ticket_id),
    index("cancelled_registrations_cancelled_at_idx").on(t.cancelled_at.desc()),
    ...personChecks("cancelled_registrations", t),
  ],
);

export const WAITLIST_STATUSES = ["waiting", "offered", "claimed", "expired", "declined"] as const;

// People who asked for a seat while the event was fully booked, in the order they joined
// (`seq`). A freed seat becomes an offer to the first one waiting; while an offer is open
// its seat is held (registration counts open offers as taken), so it can never be given
// twice. Rows stay after the offer is decided so organisers see what happened; the
// e-mail is unique only among people still in line.
export const waitlist = pgTable(
  "waitlist",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    seq: integer("seq").generatedAlwaysAsIdentity(),
    ...personColumns(),
    status: text("status", { enum: WAITLIST_STATUSES }).notNull().default("waiting"),
    joined_at: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
    offered_at: timestamp("offered_at", { withTimezone: true }),
    offer_expires_at: timestamp("offer_expires_at", { withTimezone: true }),
    decided_at: timestamp("decided_at", { withTimezone: true }),
    // The registration a claimed offer became.
    attendee_id: uuid("attendee_id").references(() => attendees.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("waitlist_seq_key").on(t.seq),
    uniqueIndex("waitlist_active_email_key").on(sql`lower(trim(${t.email}))`).where(sql`${t.status} in ('waiting', 'offered')`),
    index("waitlist_status_seq_idx").on(t.status, t.seq),
    check("waitlist_status_check", sql`${t.status} in ('waiting', 'offered', 'claimed', 'expired', 'declined')`),
    check("waitlist_offer_check", sql`${t.status} <> 'offered' or ${t.offer_expires_at} is not null`),
    uniqueIndex("waitlist_active_ussd_phone_key").on(t.phone).where(sql`${t.channel} = 'ussd' and ${t.status} in ('waiting', 'offered')`),
    ...personChecks("waitlist", t),
  ],
);

// What is left of the registrations once their personal data is purged (retention): counts
// only, by kind (total, gender, state, checked_in, cancelled) and key, so the dashboard
// still tells the story. The dashboard adds these to the live counts.
export const retained_stats = pgTable(
  "retained_stats",
  {
    kind: text("kind").notNull(),
    key: text("key").notNull().default(""),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.key] }), check("retained_stats_count_check", sql`${t.count} >= 0`)],
);

export const speakers = pgTable(
  "speakers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    title: text("title").notNull(),
    bio: text("bio").notNull().default(""),
    image_url: text("image_url").notNull().default(""),
    speaker_type: text("speaker_type", { enum: SPEAKER_TYPES }).notNull().default("Speaker"),
    translations: translations<SpeakerTranslations>(),
    // The organisers' display order (1..n), as for the agenda.
    order_index: integer("order_index").notNull().default(0),
    created_at: createdAt(),
  },
  (t) => [
    index("speakers_order_idx").on(t.order_index),
    translationsCheck("speakers", t.translations),
    check(
      "speakers_speaker_type_check",
      sql`${t.speaker_type} in ('Chairman', 'Chief Host', 'Host', 'Keynote', 'Speaker', 'Panelist', 'Moderator')`,
    ),
  ],
);

export const special_guests = pgTable(
  "special_guests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    title: text("title").notNull(),
    bio: text("bio").notNull().default(""),
    image_url: text("image_url").notNull().default(""),
    translations: translations<SpeakerTranslations>(),
    order_index: integer("order_index").notNull().default(0),
    created_at: createdAt(),
  },
  (t) => [index("special_guests_order_idx").on(t.order_index), translationsCheck("special_guests", t.translations)],
);

export const agenda = pgTable(
  "agenda",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    time: text("time").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    // The admin form's free-text speaker line; speaker_id stays for a joined speaker.
    speaker_name: text("speaker_name").notNull().default(""),
    translations: translations<AgendaTranslations>(),
    order_index: integer("order_index").notNull().default(0),
    speaker_id: uuid("speaker_id").references(() => speakers.id, { onDelete: "set null" }),
    created_at: createdAt(),
  },
  (t) => [index("agenda_order_idx").on(t.order_index), translationsCheck("agenda", t.translations)],
);

export const partners = pgTable(
  "partners",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    logo_url: text("logo_url").notNull().default(""),
    website_url: text("website_url").notNull().default(""),
    order_index: integer("order_index").notNull().default(0),
    created_at: createdAt(),
  },
  (t) => [index("partners_order_idx").on(t.order_index)],
);

export const event_settings = pgTable(
  "event_settings",
  {
    id: uuid("id").primaryKey().default(SETTINGS_ID),
    // The edition running now: every person row in the live tables belongs to it.
    edition_id: integer("edition_id")
      .notNull()
      .default(1)
      .references(() => editions.id),
    event_name: text("event_name").notNull().default(D.event_name),
    event_date: date("event_date", { mode: "string" }).notNull().default(D.event_date),
    event_time: text("event_time").notNull().default(D.event_time),
    venue: text("venue").notNull().default(D.venue),
    about: text("about").notNull().default(D.about),
    contact_email: text("contact_email").notNull().default(D.contact_email),
    contact_phone: text("contact_phone").notNull().default(D.contact_phone),
    logo_url: text("logo_url").notNull().default(D.logo_url),
    // The picture a shared link shows (WhatsApp, Facebook, X), uploaded by the organisers; empty:
    // one is drawn from the event's name, date, venue and logo.
    share_image_url: text("share_image_url").notNull().default(D.share_image_url),
    registration_enabled: boolean("registration_enabled").notNull().default(D.registration_enabled),
    max_attendees: integer("max_attendees").notNull().default(D.max_attendees),
    // How many attendees exist, kept by triggers on attendees (drizzle/0003): registration
    // reads it from the row it locks, so the capacity check costs nothing at any size.
    registered_count: integer("registered_count").notNull().default(0),
    // Once fixed texts on the landing page, now editable; their old values are the defaults.
    guest_of_honor_name: text("guest_of_honor_name").notNull().default(D.guest_of_honor_name),
    guest_of_honor_title: text("guest_of_honor_title").notNull().default(D.guest_of_honor_title),
    guest_of_honor_image_url: text("guest_of_honor_image_url").notNull().default(D.guest_of_honor_image_url),
    facebook_url: text("facebook_url").notNull().default(D.facebook_url),
    twitter_url: text("twitter_url").notNull().default(D.twitter_url),
    instagram_url: text("instagram_url").notNull().default(D.instagram_url),
    // The reminder goes out by itself when the event is two days away (tickets/auto-reminders).
    // `auto_reminder_sent_for` is the event date it went out for: set in the same transaction
    // that queues it, under this row's lock, so it goes out once per date across restarts
    // and instances, and again only if the event moves to another date.
    auto_reminders: boolean("auto_reminders").notNull().default(D.auto_reminders),
    auto_reminder_sent_for: date("auto_reminder_sent_for", { mode: "string" }),
    // How long a waitlist offer stays open before it passes to the next person.
    waitlist_offer_hours: integer("waitlist_offer_hours").notNull().default(D.waitlist_offer_hours),
    // Personal data is deleted this many days after the event; `personal_data_purged_for`
    // is the event date the purge ran for (once per date, as the automatic reminder).
    retention_days: integer("retention_days").notNull().default(D.retention_days),
    personal_data_purged_for: date("personal_data_purged_for", { mode: "string" }),
    // The data controller the privacy notice names, and where to write about personal data.
    organiser_name: text("organiser_name").notNull().default(D.organiser_name),
    privacy_email: text("privacy_email").notNull().default(D.privacy_email),
    // When registrations arrive faster than people do, new ones are held until confirmed by
    // e-mail (registration/holds.server.ts): from one network (per minute), one e-mail domain
    // other than the big public providers (per 10 minutes), or overall (per minute).
    hold_network_per_minute: integer("hold_network_per_minute").notNull().default(D.hold_network_per_minute),
    hold_domain_per_10_minutes: integer("hold_domain_per_10_minutes").notNull().default(D.hold_domain_per_10_minutes),
    hold_overall_per_minute: integer("hold_overall_per_minute").notNull().default(D.hold_overall_per_minute),
    // Unconfirmed held registrations are deleted after this long.
    held_expiry_hours: integer("held_expiry_hours").notNull().default(D.held_expiry_hours),
    // The proof-of-work challenge at all times, not only during an attack.
    proof_of_work_always: boolean("proof_of_work_always").notNull().default(D.proof_of_work_always),
    // The about text, venue and guest of honour's title in other languages.
    translations: translations<SettingsTranslations>(),
    // What one SMS segment costs, in kobo, for the SMS panel's estimate (0: not set).
    sms_price_kobo: integer("sms_price_kobo").notNull().default(0),
    // After the event: the certificates' signature line, whether they go out by themselves the
    // morning after (once per event date, as the automatic reminder: `certificates_sent_for`),
    // how many days a certificate keeps verifying after the event (null: the retention period),
    // and how many days the feedback survey stays open.
    certificate_signer_name: text("certificate_signer_name").notNull().default(D.certificate_signer_name),
    certificate_signer_title: text("certificate_signer_title").notNull().default(D.certificate_signer_title),
    auto_certificates: boolean("auto_certificates").notNull().default(D.auto_certificates),
    certificates_sent_for: date("certificates_sent_for", { mode: "string" }),
    certificate_valid_days: integer("certificate_valid_days"),
    feedback_days: integer("feedback_days").notNull().default(D.feedback_days),
    // Registrants may correct their own details on the ticket page until this many days before
    // the event (Lagos), when the badges are printed; after it, the page says whom to contact.
    corrections_close_days: integer("corrections_close_days").notNull().default(D.corrections_close_days),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check("event_settings_sms_price_check", sql`${t.sms_price_kobo} between 0 and 100000`),
    check("event_settings_singleton_check", sql`${t.id} = '00000000-0000-0000-0000-000000000001'`),
    check("event_settings_max_attendees_check", sql`${t.max_attendees} between 1 and 10000`),
    check("event_settings_registered_count_check", sql`${t.registered_count} >= 0`),
    check("event_settings_waitlist_offer_hours_check", sql`${t.waitlist_offer_hours} between 1 and 168`),
    check("event_settings_retention_days_check", sql`${t.retention_days} between 1 and 3650`),
    check("event_settings_hold_network_check", sql`${t.hold_network_per_minute} between 1 and 10000`),
    check("event_settings_hold_domain_check", sql`${t.hold_domain_per_10_minutes} between 1 and 10000`),
    check("event_settings_hold_overall_check", sql`${t.hold_overall_per_minute} between 1 and 100000`),
    check("event_settings_held_expiry_check", sql`${t.held_expiry_hours} between 1 and 168`),
    check("event_settings_certificate_valid_days_check", sql`${t.certificate_valid_days} between 1 and 36500`),
    check("event_settings_feedback_days_check", sql`${t.feedback_days} between 1 and 365`),
    check("event_settings_corrections_close_days_check", sql`${t.corrections_close_days} between 0 and 60`),
    translationsCheck("event_settings", t.translations),
  ],
);

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
    // A reminder goes once per person per channel: an e-mail, and an SMS to those who asked.
    channel: text("channel", { enum: MESSAGE_CHANNELS }).notNull().default("email"),
    // The reminder's message in the outbox (its delivery state).
    mail_id: uuid("mail_id").references(() => mail_outbox.id, { onDelete: "set null" }),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex("reminders_attendee_event_kind_channel_key").on(t.attendee_id, t.event_date, t.kind, t.channel),
    index("reminders_event_idx").on(t.event_date),
    check("reminders_kind_check", sql`${t.kind} in ('early', 'due')`),
    check("reminders_channel_check", sql`${t.channel} in ('email', 'sms')`),
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
    // The gateway's report that the SMS reached the phone.
    delivered_at: timestamp("delivered_at", { withTimezone: true }),
    // A message may be queued as a template and rendered by the worker (see enqueueMail):
    // rendering a ticket (QR code, calendar) takes tens of milliseconds, too long for a request.
    template: text("template"),
    template_data: jsonb("template_data").$type<Record<string, unknown>>(),
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
    // Delivery reports name an SMS by the gateway's id.
    index("mail_outbox_sms_message_idx").on(t.message_id).where(sql`${t.channel} = 'sms'`),
    check("mail_outbox_channel_check", sql`${t.channel} in ('email', 'sms')`),
  ],
);

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

/** `column = address`, compared as the unique e-mail indexes compare (lower(trim(email))). */
export function emailEquals(column: AnyColumn, email: string): SQL {
  return sql`lower(trim(${column})) = ${normalizeEmail(email)}`;
}

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
  (t) => [check("channel_pauses_channel_check", sql`${t.channel} in ('email', 'sms')`)],
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

// ── After the event: certificates and feedback (modules/certificates, modules/feedback) ──

// A certificate of attendance: one per attendee who was checked in, however often "Send
// Certificates" is pressed (the unique key decides). It keeps its own copy of what it certifies,
// so it verifies after the registration is gone (a new edition, the retention purge) until it
// expires; erasing the person withdraws it (`withdrawn_at`, the name deleted). `serial` is the
// random half of the verification code; the other half is a signature (certificate-code.server.ts).
export const certificates = pgTable(
  "certificates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    serial: text("serial").notNull(),
    edition_id: integer("edition_id")
      .notNull()
      .references(() => editions.id),
    attendee_id: uuid("attendee_id").references(() => attendees.id, { onDelete: "set null" }),
    // The registration's id for good (attendee_id empties when a new edition starts): erasing the
    // person later still finds and withdraws it.
    registration_id: uuid("registration_id").notNull(),
    // null once withdrawn or expired: the certificate then verifies as neither.
    full_name: text("full_name"),
    event_name: text("event_name").notNull(),
    event_date: date("event_date", { mode: "string" }).notNull(),
    venue: text("venue").notNull(),
    language: text("language").notNull().default("en"),
    // The e-mail (or, for a phone-only attendee, the SMS) that carried it.
    mail_id: uuid("mail_id").references(() => mail_outbox.id, { onDelete: "set null" }),
    issued_at: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
    withdrawn_at: timestamp("withdrawn_at", { withTimezone: true }),
    expired_at: timestamp("expired_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("certificates_serial_key").on(t.serial),
    uniqueIndex("certificates_attendee_key").on(t.attendee_id),
    index("certificates_edition_idx").on(t.edition_id),
    index("certificates_registration_idx").on(t.registration_id),
    check("certificates_serial_check", sql`${t.serial} ~ '^[0-9A-HJKMNP-TV-Z]{8}$'`),
  ],
);

// The survey's invitation to people who registered but did not come (those who came find the
// link in their certificate's message): once per person and channel, as the reminders.
export const feedback_requests = pgTable(
  "feedback_requests",
  {
    attendee_id: uuid("attendee_id")
      .notNull()
      .references(() => attendees.id, { onDelete: "cascade" }),
    channel: text("channel", { enum: MESSAGE_CHANNELS }).notNull().default("email"),
    mail_id: uuid("mail_id").references(() => mail_outbox.id, { onDelete: "set null" }),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.attendee_id, t.channel] }),
    check("feedback_requests_channel_check", sql`${t.channel} in ('email', 'sms')`),
  ],
);

export const FEEDBACK_TEXT_MAX = 2000;

// One answer per attendee (the primary key), changed in place until the survey closes. The
// answer outlives the registration without it: the retention purge and erasure unlink the
// person (attendee_id set null), and only "you may quote me with my name" (`quote_me`) ever ties
// the answer to a name, while the person is still registered. `attended` is recorded when they
// answer, since check-ins go with the registration.
export const feedback = pgTable(
  "feedback",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    attendee_id: uuid("attendee_id").references(() => attendees.id, { onDelete: "set null" }),
    // Once its edition is archived, the same person's past registration (same id): a late answer
    // replaces theirs, and the past edition's purge or an erasure unlinks it as attendee_id was.
    past_registration_id: uuid("past_registration_id").references(() => past_registrations.id, { onDelete: "set null" }),
    edition_id: integer("edition_id")
      .notNull()
      .references(() => editions.id),
    attended: boolean("attended").notNull(),
    // Those who did not come are not asked to rate a day they did not see.
    rating: integer("rating"),
    session_id: uuid("session_id").references(() => agenda.id, { onDelete: "set null" }),
    // The session's title when chosen, so the ranking survives an agenda edit.
    session_title: text("session_title"),
    change_text: text("change_text").notNull().default(""),
    come_again: boolean("come_again"),
    quote_me: boolean("quote_me").notNull().default(false),
    language: text("language").notNull().default("en"),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex("feedback_attendee_key").on(t.attendee_id),
    uniqueIndex("feedback_past_registration_key").on(t.past_registration_id),
    index("feedback_edition_idx").on(t.edition_id),
    check("feedback_rating_check", sql`${t.rating} between 1 and 5`),
    check("feedback_attended_rating_check", sql`${t.attended} = (${t.rating} is not null)`),
    check("feedback_change_text_check", sql`char_length(${t.change_text}) <= ${sql.raw(String(FEEDBACK_TEXT_MAX))}`),
  ],
);
