// What a person on the waitlist is told about their offer, on their page and by the server alike.
export const OFFER_MESSAGES = {
  claimed: "offer.claimed",
  expired: "offer.expired",
  declined: "offer.declined",
  left: "offer.left",
  notOffered: "offer.notOffered",
  concluded: "offer.concluded",
  duplicate: "offer.duplicate",
  full: "offer.full",
  invalid: "offer.invalid",
} as const;
