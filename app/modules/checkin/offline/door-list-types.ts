import type { DoorCheckIn } from "../door-sync-schema";

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
};

/**
 * A check-in the door recorded, waiting to be sent: one item of the sync's body
 * (door-sync-schema.ts), the door it was made at and the device's id (none in a queue kept from
 * an older page). `id` makes sending it twice harmless.
 */
export type QueuedCheckIn = DoorCheckIn & { door: string; device?: string };

/** The server's answer to one queued check-in. */
export type DoorSyncResult = {
  id: string;
  status: "applied" | "duplicate" | "conflict" | "refused";
  /** A catalogue key (CHECKIN_MESSAGES), for "refused". */
  message?: string;
};

/** The sync's answer: one result per check-in sent, in order; then the per-door counts and the conflicts. */
export type DoorSyncAnswer = {
  results: DoorSyncResult[];
  doors: { door: string; count: number }[];
  conflicts: number;
};
