// The organisers' list of held registrations ("Suspicious registrations"), linked from the surge notice.
export const HELD_VIEW = "/admin/attendees/held";
