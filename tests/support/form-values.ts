// Valid answers to the Event Settings form, as the browser posts them (every value a string):
// the hostile-text tests put one field at a time in danger and need the rest to pass.
export const VALID_SETTINGS_FORM = {
  event_name: "Zamfara Youth Summit",
  event_date: "2026-12-23",
  event_starts_at: "09:00",
  event_ends_at: "16:00",
  venue: "Ɗan Fodio Hall, Gusau",
  about: "A day of dialogue.",
  contact_email: "hello@example.org",
  max_attendees: "300",
  registration_enabled: "on",
  waitlist_offer_hours: "48",
  organiser_name: "Ministry of Youth",
  retention_days: "30",
  guest_of_honor_name: "His Excellency",
  hold_network_per_minute: "25",
  hold_domain_per_10_minutes: "30",
  hold_overall_per_minute: "120",
  held_expiry_hours: "12",
  certificate_signer_name: "Hon. Aminu Sani",
  certificate_signer_title: "Commissioner for Youth and Sports",
  feedback_days: "14",
};
