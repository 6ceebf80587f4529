import type { DoorCheckIn, DoorWalkIn } from "../door-sync-schema";

// What a door downloads to work offline (GET /admin/check-in/list) and sends back
// (POST /admin/check-in/sync): the one definition the server, the page and the service worker
// share. No server imports here, only types from browser-safe files: the page's bundle and the
// service worker both import this file.

/**
 * One attendee as the door shows them, with what tells two of the same name apart (position, LGA,
 * the phone's last three digits): nothing more (no e-mail, whole phone or record id). The last
 * three are missing from a list kept by a door since before they were added.
 */
export type DoorListRow = [
  ticketId: string,
  fullName: string,
  organization: string,
  state: string,
  checkedInAt: string | null,
  door: string | null,
  position?: string,
  localGovernment?: string,
  phoneEnd?: string,
];

export type DoorList = {
  /** ISO: the server's time of the snapshot. Tickets issued after it are not in the list. */
  generatedAt: string;
  /** The current edition: a list of another edition is stale. */
  edition: number;
  /** Ordered by full name, then ticket ID. */
  attendees: DoorListRow[];
  /** Ticket IDs of the current edition's cancelled registrations (their holders' names stay on the server). */
  cancelled: string[];
  /** ISO date of the event: before it the door asks once (early-door.ts). Missing from older lists. */
  eventDate?: string;
  /** That date written in each language by the server (a phone may lack Hausa's calendar). */
  eventDateLabels?: Partial<Record<string, string>>;
  /** ISO: the device deletes its copy after this (the event's end, Lagos time, + 12 h). */
  deleteAfter: string;
  /** The public keys of the door codes (Ed25519, base64url, raw 32 bytes), the signing one first. */
  keys: { id: string; publicKey: string }[];
  /** The check-in lists the door may give from (not put away), oldest first. Missing from older lists. */
  lists?: DoorGivingList[];
  /**
   * The seats for walk-ins granted to this device (its shares of the seats kept for walk-ins), not
   * yet used: each one walk-in the door may register while offline. Missing from older lists.
   */
  walkInShares?: DoorWalkInShare[];
};

/** One seat granted to a device for a walk-in: the ticket it will be, ready to show offline. */
export type DoorWalkInShare = {
  ticketId: string;
  /** The door code (signed) its QR code carries. */
  code: string;
  /** That QR code as SVG markup (made on the server: the phone has no QR library). */
  qr: string;
};

/**
 * A check-in list as the device keeps it, to give from while the server cannot be reached: its
 * rule, and who had theirs as of the download. Gives are few per person, so the download stays
 * small: a once list names everyone who had theirs, a once-a-day list those of `day`, an
 * any-number list nobody (each of its gives is new).
 */
export type DoorGivingList = {
  id: string;
  /** The list's name per language: English always, Hausa when the organisers gave one. */
  names: { en: string; ha?: string };
  rule: "once" | "daily" | "any";
  requiresEntrance: boolean;
  /** How many there are to give (a once-a-day list: each day); null: no limit. */
  quantity: number | null;
  /** The Lagos day (YYYY-MM-DD) of the download: a once-a-day list's `given` and `gives` are that day's. */
  day: string;
  /** Given so far, every door, as the quantity counts them (a once-a-day list: on `day`). */
  given: number;
  /** Who had theirs: ticket ID, when (ISO), at which door ('' unnamed). */
  gives: [ticketId: string, at: string, door: string][];
};

/**
 * A check-in the door recorded, waiting to be sent: one item of the sync's body
 * (door-sync-schema.ts), the door it was made at and the device's id (none in a queue kept from
 * an older page). `id` makes sending it twice harmless.
 */
export type QueuedCheckIn = DoorCheckIn & { door: string; device?: string };

/** A walk-in the door registered offline, waiting to be sent (personal data: it goes once sent). */
export type QueuedWalkIn = DoorWalkIn & { door: string; device?: string };

/** The server's answer to one queued check-in (or give, with `list`). */
export type DoorSyncResult = {
  id: string;
  status: "applied" | "duplicate" | "conflict" | "refused";
  /** A catalogue key (CHECKIN_MESSAGES): why "refused"; what became of a walk-in "applied" or "conflict" another way. */
  message?: string;
};

/** The sync's answer: one result per check-in sent, in order; then the per-door counts and the conflicts. */
export type DoorSyncAnswer = {
  results: DoorSyncResult[];
  doors: { door: string; count: number }[];
  conflicts: number;
};
