import { sql } from "drizzle-orm";
import { boolean, check, date, integer, pgTable, primaryKey, text, time, timestamp, uuid } from "drizzle-orm/pg-core";
import { SETTINGS_DEFAULTS as D } from "../settings-defaults";
import type { SettingsTranslations } from "../translations";
import { createdAt, translations, translationsCheck, updatedAt } from "./columns";
import { editions } from "./editions";

export const SETTINGS_ID = "00000000-0000-0000-0000-000000000001";

// The settings row holds the event's facts and, apart from them, two groups of settings that are
// another module's rules: booking protection's thresholds and the certificates' settings. They stay
// columns of the one row (not tables of their own) because saving Event Settings writes them in
// the same statement, and every seat-changing write already locks this row (settings/seats.server.ts):
// a second table would add a second lock or a join to every read of the settings. Each group is a
// column set of its own here and a type of its own (BookingProtectionSettings, CertificateSettings).

/** When registrations arrive faster than people do (modules/booking-protection). */
const bookingProtectionColumns = () => ({
  // New registrations are held until confirmed by e-mail: from one network (per minute), one
  // e-mail domain other than the big public providers (per 10 minutes), or overall (per minute).
  hold_network_per_minute: integer("hold_network_per_minute").notNull().default(D.hold_network_per_minute),
  hold_domain_per_10_minutes: integer("hold_domain_per_10_minutes").notNull().default(D.hold_domain_per_10_minutes),
  hold_overall_per_minute: integer("hold_overall_per_minute").notNull().default(D.hold_overall_per_minute),
  // Unconfirmed held registrations are deleted after this long.
  held_expiry_hours: integer("held_expiry_hours").notNull().default(D.held_expiry_hours),
  // The proof-of-work challenge at all times, not only during an attack.
  proof_of_work_always: boolean("proof_of_work_always").notNull().default(D.proof_of_work_always),
});

/** The certificates of attendance (modules/certificates). */
const certificateColumns = () => ({
  // The signature line (the title is translated in `translations`, the name never is) and the
  // signature image above it, one of our uploads ("": none); whether they go out by themselves the
  // morning after (once per event date, as the automatic reminder: job_runs); how many days a
  // certificate keeps verifying after the event (null: the retention period).
  certificate_signer_name: text("certificate_signer_name").notNull().default(D.certificate_signer_name),
  certificate_signer_title: text("certificate_signer_title").notNull().default(D.certificate_signer_title),
  certificate_signature_url: text("certificate_signature_url").notNull().default(D.certificate_signature_url),
  auto_certificates: boolean("auto_certificates").notNull().default(D.auto_certificates),
  certificate_valid_days: integer("certificate_valid_days"),
});

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
    // The event's hours on its date, Lagos time; read back as "08:00:00" (the event-hours kit).
    event_starts_at: time("event_starts_at").notNull().default(D.event_starts_at),
    event_ends_at: time("event_ends_at").notNull().default(D.event_ends_at),
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
    // Seats of max_attendees kept for walk-ins on event day: online registration never takes them,
    // the door may (checkin/walk-ins.server.ts). Counted down as walk-ins register.
    walk_in_seats: integer("walk_in_seats").notNull().default(D.walk_in_seats),
    // How many of those seats each door phone holds for walk-ins while it has no network (its
    // shares, checkin/walk-in-shares.server.ts); 0: a door registers walk-ins online only.
    walk_in_seats_per_phone: integer("walk_in_seats_per_phone").notNull().default(D.walk_in_seats_per_phone),
    // How many attendees exist, kept by triggers on attendees (drizzle/0003): registration
    // reads it from the row it locks, so the capacity check costs nothing at any size.
    registered_count: integer("registered_count").notNull().default(0),
    // The landing page's figures (settings-defaults.ts): "Registered" hidden below this many.
    public_count_from: integer("public_count_from").notNull().default(D.public_count_from),
    highlight_value: text("highlight_value").notNull().default(D.highlight_value),
    highlight_label: text("highlight_label").notNull().default(D.highlight_label),
    // The objectives under "About the summit", one a line; '': the catalogue's own in each language.
    objectives: text("objectives").notNull().default(D.objectives),
    // Once fixed texts on the landing page, now editable; their old values are the defaults.
    guest_of_honor_name: text("guest_of_honor_name").notNull().default(D.guest_of_honor_name),
    guest_of_honor_title: text("guest_of_honor_title").notNull().default(D.guest_of_honor_title),
    guest_of_honor_image_url: text("guest_of_honor_image_url").notNull().default(D.guest_of_honor_image_url),
    facebook_url: text("facebook_url").notNull().default(D.facebook_url),
    twitter_url: text("twitter_url").notNull().default(D.twitter_url),
    instagram_url: text("instagram_url").notNull().default(D.instagram_url),
    // The reminder goes out by itself when the event is two days away (tickets/auto-reminders;
    // once per event date: job_runs).
    auto_reminders: boolean("auto_reminders").notNull().default(D.auto_reminders),
    // How long a waitlist offer stays open before it passes to the next person.
    waitlist_offer_hours: integer("waitlist_offer_hours").notNull().default(D.waitlist_offer_hours),
    // Personal data is deleted this many days after the event (once per date: job_runs).
    retention_days: integer("retention_days").notNull().default(D.retention_days),
    // The data controller the privacy notice names, and where to write about personal data.
    organiser_name: text("organiser_name").notNull().default(D.organiser_name),
    privacy_email: text("privacy_email").notNull().default(D.privacy_email),
    // The visitors' texts in other languages (about, venue, titles: app/db/translations.ts).
    translations: translations<SettingsTranslations>(),
    // What one SMS segment costs, in kobo, for the SMS panel's estimate (0: not set).
    sms_price_kobo: integer("sms_price_kobo").notNull().default(0),
    // What one WhatsApp message (a "utility" template) costs, in kobo, for the WhatsApp panel's estimate (0: not set).
    whatsapp_price_kobo: integer("whatsapp_price_kobo").notNull().default(0),
    // How many days the feedback survey stays open after the event.
    feedback_days: integer("feedback_days").notNull().default(D.feedback_days),
    // Registrants may correct their own details on the ticket page until this many days before
    // the event (Lagos), when the badges are printed; after it, the page says whom to contact.
    corrections_close_days: integer("corrections_close_days").notNull().default(D.corrections_close_days),
    // When an organiser first saved the settings (any save through updateSettings): until then the
    // public site says "coming soon" instead of showing the defaults' made-up date and contacts.
    first_saved_at: timestamp("first_saved_at", { withTimezone: true }),
    // Two groups apart from the event's facts, each read by its own module through its type below.
    ...bookingProtectionColumns(),
    ...certificateColumns(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check("event_settings_sms_price_check", sql`${t.sms_price_kobo} between 0 and 100000`),
    check("event_settings_whatsapp_price_check", sql`${t.whatsapp_price_kobo} between 0 and 100000`),
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
    check("event_settings_walk_in_seats_check", sql`${t.walk_in_seats} between 0 and ${t.max_attendees}`),
    check("event_settings_walk_in_seats_per_phone_check", sql`${t.walk_in_seats_per_phone} between 0 and 50`),
    check("event_settings_corrections_close_days_check", sql`${t.corrections_close_days} between 0 and 60`),
    check("event_settings_event_hours_check", sql`${t.event_ends_at} > ${t.event_starts_at}`),
    translationsCheck("event_settings", t.translations),
  ],
);

type SettingsRow = typeof event_settings.$inferSelect;
export type BookingProtectionSettings = Pick<SettingsRow, keyof ReturnType<typeof bookingProtectionColumns>>;
export type CertificateSettings = Pick<SettingsRow, keyof ReturnType<typeof certificateColumns>>;

// What the jobs that run once per event date have done (the automatic reminder, the personal
// data purge, the automatic certificates; app/db/job-runs.server.ts): one row per job and the
// event date it ran for, written in the transaction that does the job, so it runs once per
// date across restarts and instances. A new job is a new name, not a new column.
export const job_runs = pgTable(
  "job_runs",
  {
    job: text("job").notNull(),
    event_date: date("event_date", { mode: "string" }).notNull(),
    done_at: timestamp("done_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.job, t.event_date] })],
);
