// What a person on the waitlist is told about their offer, on their page and by the server alike.
export const OFFER_MESSAGES = {
  claimed: "Your seat is confirmed. Your ticket is on its way to your e-mail.",
  expired: "This offer has expired, and the seat has passed to the next person in line.",
  declined: "You declined this seat, and it has passed to the next person in line.",
  left: "You have left the waitlist. Your details have been deleted.",
  notOffered: "No seat has been offered to you yet. We will e-mail you when one frees up.",
  concluded: "The event has concluded.",
  duplicate: "This email address is already registered for the summit.",
  full: "Sorry, this seat is no longer available.",
  invalid: "This waitlist link is not valid.",
} as const;
