/** The attendee export's columns as the spec lists them, in its order; the site's own come after them. */
export const SPEC_CSV_COLUMNS = [
  "Full Name",
  "Email",
  "Phone",
  "Gender",
  "Organization",
  "Position",
  "State",
  "Local Government",
  "Reason",
  "Ticket ID",
  "Registration Date",
];

/** Every column of the export: the spec's, then who came (in Lagos time), the channel, SMS, WhatsApp, and the outreach that brought them. */
export const CSV_COLUMNS = [...SPEC_CSV_COLUMNS, "Checked In At", "Registered Via", "SMS", "WhatsApp", "Source"];
