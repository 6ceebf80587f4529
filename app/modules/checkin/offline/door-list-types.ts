// What a door downloads to work offline (GET /admin/check-in/list) and sends back
// (POST /admin/check-in/sync): shared by the server, the page and the service worker.

/** One attendee as the door shows them: nothing more (no e-mail, phone, position or record id). */
export type DoorListRow = [
  ticketId: string,
  fullName: string,
  organization: string,
  state: string,
  checkedInAt: string | null,
  door: string | null,
];

export type DoorList = {
  /** ISO: the server's time of the snapshot. Tickets issued after it are not in the list. */
  generatedAt: string;
  edition: number;
  attendees: DoorListRow[];
  /** Ticket IDs of cancelled registrations (their holders' names stay on the server). */
  cancelled: string[];
  /** ISO: the device deletes its copy after this (the end of the event). */
  deleteAfter: string;
  /** The public keys of the door codes (Ed25519, base64url, raw 32 bytes), the signing one first. */
  keys: { id: string; publicKey: string }[];
};

/** A check-in the door recorded, waiting to be sent. `id` makes sending it twice harmless. */
export type QueuedCheckIn = { id: string; ticket: string; method: "scan" | "ticket-id" | "search"; at: string; door: string };

export type DoorSyncStatus = "applied" | "duplicate" | "conflict" | "refused";
export type DoorSyncAnswer = { results: { id: string; status: DoorSyncStatus; message?: string }[] };
