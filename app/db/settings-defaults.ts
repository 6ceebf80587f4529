// The event settings before an organiser changes them. The settings table's column
// defaults (schema.ts) use these values, and reading a missing settings row falls back
// to them, so a fresh row and a missing one read alike.
export const SETTINGS_DEFAULTS = {
  event_name: "Zamfara Youth Summit",
  event_date: "2025-08-12",
  // 8:00 AM - 5:00 PM, written as the database reads a time back.
  event_starts_at: "08:00:00",
  event_ends_at: "17:00:00",
  venue: "Conference Hall, State Secretariat, Gusau",
  about:
    "The Zamfara Youth Summit brings young people and leaders together for a day of dialogue on peacebuilding, civic engagement and inclusive development.",
  contact_email: "info@zamfarayouthsummit.ng",
  contact_phone: "+234 800 000 0000",
  logo_url: "",
  share_image_url: "",
  registration_enabled: true,
  max_attendees: 500,
  // The landing page's figures: "Registered" shown from this many registrations (0: always), and
  // the fourth figure, "70+ Youth Leaders" as the spec had it (an empty label: the site's own
  // words in each language; an empty value: no fourth figure).
  public_count_from: 0,
  highlight_value: "70+",
  highlight_label: "",
  // The objectives under "About the summit", one a line ("Title: what it means"); empty: the
  // site's own three (Peacebuilding, Civic engagement, Inclusive development) in each language.
  objectives: "",
  guest_of_honor_name: "His Excellency, the Executive Governor",
  guest_of_honor_title: "Executive Governor of Zamfara State",
  guest_of_honor_image_url: "",
  facebook_url: "",
  twitter_url: "",
  instagram_url: "",
  auto_reminders: true,
  waitlist_offer_hours: 24,
  retention_days: 90,
  organiser_name: "Zamfara State Government, youth office",
  privacy_email: "",
  // A booking attack: registrations beyond these rates are held until confirmed by e-mail.
  hold_network_per_minute: 10,
  hold_domain_per_10_minutes: 30,
  hold_overall_per_minute: 120,
  held_expiry_hours: 24,
  proof_of_work_always: false,
  // The certificates' signature line: empty until organisers set it (the certificate then has none),
  // and the signature image printed above it (none until uploaded).
  certificate_signer_name: "",
  certificate_signer_title: "",
  certificate_signature_url: "",
  auto_certificates: false,
  feedback_days: 14,
  corrections_close_days: 2,
  walk_in_seats: 0,
  walk_in_seats_per_phone: 0,
} as const;
