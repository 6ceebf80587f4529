/**
 * "Send my ticket again", a button of the registration (or waitlist) form: its own name, since
 * the form's `intent` field comes first in the post. Client-safe: the form renders it, the
 * server's action reads it.
 */
export const TICKET_AGAIN_BUTTON = { name: "ticketAgain", value: "1" } as const;
