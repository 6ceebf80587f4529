// Spec §3 "Defaults when settings are absent". The database column defaults use
// these same values, so a fresh settings row and a missing one read alike.
export const SETTINGS_DEFAULTS = {
  event_name: "Zamfara Youth Summit",
  event_date: "2025-08-12",
  // DECISIONS §2.11: the landing page's '8:00 AM - 2:00 PM' fallback is resolved to this.
  event_time: "8:00 AM - 5:00 PM",
  venue: "Conference Hall, State Secretariat, Gusau",
  about:
    "The Zamfara Youth Summit brings young people and leaders together for a day of dialogue on peacebuilding, civic engagement and inclusive development.",
  contact_email: "info@zamfarayouthsummit.ng",
  contact_phone: "+234 800 000 0000",
  logo_url: "",
  registration_enabled: true,
  max_attendees: 500,
  guest_of_honor_name: "His Excellency, the Executive Governor",
  guest_of_honor_title: "Executive Governor of Zamfara State",
  guest_of_honor_image_url: "",
  facebook_url: "",
  twitter_url: "",
  instagram_url: "",
} as const;

export const EVENT_TIME_ZONE = "Africa/Lagos";
