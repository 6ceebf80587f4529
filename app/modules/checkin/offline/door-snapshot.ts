import type { DoorList, DoorWalkInShare } from "./door-list-types";
import type { OfflineGivingList } from "./offline-lists";

// What the door's phone answers from while the server cannot be reached: the downloaded list
// with what the phone did since (offline-door.ts builds it; the search, the lists and the
// walk-ins read and change it).

export type OfflinePerson = {
  ticketId: string;
  name: string;
  organization: string;
  state: string;
  checkedInAt: string | null;
  door: string | null;
  position: string;
  localGovernment: string;
  /** the phone's last three digits */
  phoneEnd: string;
  /** When this device let them in (ms), or learnt the server did for it: a second look then is "just now". */
  mineAt?: number;
  /** The name as searched (~/db/search-key): the rule the server's search column follows. */
  key: string;
};

export type DoorSnapshot = {
  generatedAt: number;
  deleteAfter: number;
  people: Map<string, OfflinePerson>;
  /** In the list's order (by name), for the search. */
  byName: OfflinePerson[];
  cancelled: Set<string>;
  keys: DoorList["keys"];
  /** ISO date of the event ("" from an older list): before it the door asks once. */
  eventDate: string;
  /** The date as the server wrote it in each language. */
  eventDateLabels: Partial<Record<string, string>>;
  /** How many people are in, kept as they come (counted on every answer, 10,000 a time was too slow). */
  checkedIn: number;
  /** The check-in lists to give from offline; null from a list downloaded before lists went offline. */
  lists: Map<string, OfflineGivingList> | null;
  /** The seats for walk-ins this phone may still use offline (offline-walk-ins.ts). */
  shares: DoorWalkInShare[];
};
