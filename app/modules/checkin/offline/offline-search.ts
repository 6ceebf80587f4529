import { keyMatches, searchWords, wholeWords } from "~/db/search-key";
import { readTicketId } from "~/modules/tickets/ticket-id";
import { MIN_SEARCH_LENGTH } from "../search-rules";
import type { DoorSnapshot, OfflinePerson } from "./door-snapshot";

// The door's search on the phone's copy of the list, while the server cannot be reached.

export type OfflineMatch = {
  id: string;
  full_name: string;
  ticket_id: string;
  organization: string;
  position: string;
  local_government: string;
  phone_end: string;
  state: string;
  checked_in_at: string | null;
  checked_in_by: null;
  door: string | null;
};

/**
 * The door's search, offline: by name as people type it (each word starts a word of the name, in
 * any order; case, accents, hooked letters and apostrophes folded, as the server searches) or a
 * whole ticket ID. Up to `limit`, those whose name holds the typed words whole first, then in the
 * list's order (by name), and how many matched in all.
 */
export function searchOffline(snapshot: DoorSnapshot, q: string, limit = 8): { rows: OfflineMatch[]; total: number } {
  const typed = searchWords(q);
  if (typed.join(" ").length < MIN_SEARCH_LENGTH) return { rows: [], total: 0 };
  const ticketId = readTicketId(q);
  const exact = ticketId ? snapshot.people.get(ticketId) : undefined;
  const named = snapshot.byName.filter((person) => person !== exact && keyMatches(person.key, typed));
  // A stable sort: the list's order among equals.
  const best = named
    .map((person) => ({ person, whole: wholeWords(person.key, typed) }))
    .sort((a, b) => b.whole - a.whole)
    .map((m) => m.person);
  const rows = [...(exact ? [exact] : []), ...best].slice(0, limit).map(matchOf);
  return { rows, total: named.length + (exact ? 1 : 0) };
}

function matchOf(person: OfflinePerson): OfflineMatch {
  return {
    id: person.ticketId,
    full_name: person.name,
    ticket_id: person.ticketId,
    organization: person.organization,
    position: person.position,
    local_government: person.localGovernment,
    phone_end: person.phoneEnd,
    state: person.state,
    checked_in_at: person.checkedInAt,
    checked_in_by: null,
    door: person.door,
  };
}
