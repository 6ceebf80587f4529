import { nameSearchKey } from "~/db/search-key";
import { messageKey } from "~/i18n/message-key";
import { extractDoorCode } from "~/modules/tickets/door-code";
import { readTicketId } from "~/modules/tickets/ticket-id";
import { lagosClock } from "~/ui/date-time";
import type { CheckInOutcome, TicketSuggestion } from "../checkin.server";
import { JUST_NOW_MS, justNowMessage } from "../just-now";
import type { DoorList, QueuedCheckIn, QueuedWalkIn } from "./door-list-types";
import type { DoorSnapshot, OfflinePerson } from "./door-snapshot";
import { decideGive, markGiven, offlineLists } from "./offline-lists";
import { markWalkIn, unusedShares } from "./offline-walk-ins";
import { checkDoorCode } from "./verify-code";

// The door's answers without the server, from the list it downloaded and the check-ins it made
// since. The rules are the server's: a ticket in the list is admitted once (amber after); a
// cancelled one is refused; a forged code is refused. One more, only offline: a genuine code whose
// ticket is not in the list is admitted only if the ticket was issued after the download (its ID
// carries its issue time), since any older ticket missing from the list was cancelled, deleted,
// erased or belongs to another edition.

/** Tickets issued this long before the snapshot may still have been on their way into it. */
export const ISSUED_MARGIN_MS = 5 * 60_000;

export type OfflineDecision = { outcome: CheckInOutcome; record?: { ticketId: string; ticket: string; method: QueuedCheckIn["method"] } };

/** What the door does with a ticket it found: let them in (the entrance), or give from a list. */
type Act = (snapshot: DoorSnapshot, ticketId: string, ticket: string, method: QueuedCheckIn["method"], now: number) => OfflineDecision;

/** The snapshot a door works from: the downloaded list with the walk-ins and check-ins made here since. */
export function buildSnapshot(list: DoorList, local: readonly QueuedCheckIn[] = [], walkIns: readonly QueuedWalkIn[] = []): DoorSnapshot {
  const people = new Map<string, OfflinePerson>();
  const byName: OfflinePerson[] = [];
  let checkedIn = 0;
  for (const [
    ticketId,
    name,
    organization,
    state,
    checkedInAt,
    door,
    position = "",
    localGovernment = "",
    phoneEnd = "",
  ] of list.attendees) {
    const person = {
      ticketId,
      name,
      organization,
      state,
      checkedInAt,
      door,
      position,
      localGovernment,
      phoneEnd,
      key: nameSearchKey(name),
    };
    // A list naming a ticket twice (it never should) counts it once.
    if (checkedInAt && !people.get(ticketId)?.checkedInAt) checkedIn++;
    people.set(ticketId, person);
    byName.push(person);
  }
  const snapshot: DoorSnapshot = {
    generatedAt: Date.parse(list.generatedAt),
    deleteAfter: Date.parse(list.deleteAfter),
    people,
    byName,
    cancelled: new Set(list.cancelled),
    keys: list.keys,
    eventDate: list.eventDate ?? "",
    eventDateLabels: list.eventDateLabels ?? {},
    checkedIn,
    lists: list.lists ? offlineLists(list.lists) : null,
    shares: unusedShares(list.walkInShares ?? [], walkIns),
  };
  // Registered here and not sent yet (the download does not have them): first, for the gives queued after them.
  for (const walkIn of walkIns) markWalkIn(snapshot, walkIn);
  for (const item of local) {
    const ticketId = ticketIdOf(item.ticket) ?? "";
    // A give queued here: the list's, not an entrance check-in (a list put away since is simply not on the phone).
    if (item.list) {
      const giving = snapshot.lists?.get(item.list);
      if (giving && ticketId) markGiven(giving, ticketId, item.at, item.door);
    } else markLocal(snapshot, ticketId, item.at, item.door);
  }
  return snapshot;
}

/** The ticket ID a queued check-in names (a typed ID or a code's), without checking the code. */
function ticketIdOf(ticket: string): string | null {
  const code = extractDoorCode(ticket);
  const dot = code.lastIndexOf(".");
  return readTicketId(dot > 0 ? code.slice(0, dot) : code);
}

/** A check-in made on this device (or told by the server), shown as the others are. */
export function markLocal(snapshot: DoorSnapshot, ticketId: string, at: string, door: string) {
  if (!ticketId || snapshot.cancelled.has(ticketId)) return;
  const person = snapshot.people.get(ticketId);
  const mineAt = Date.parse(at);
  if (!person) {
    // A ticket issued after the list was admitted: without it here, the snapshot rebuilt from the
    // queue (a reload, a fresh list before the queue is sent) would let the same code in again.
    snapshot.people.set(ticketId, { ...newcomer(ticketId), checkedInAt: at, door, mineAt });
    snapshot.checkedIn++;
  } else if (!person.checkedInAt) {
    Object.assign(person, { checkedInAt: at, door, mineAt });
    snapshot.checkedIn++;
  }
}

/** A ticket the list does not name yet (issued after it): its ID is all the door knows. */
function newcomer(ticketId: string): OfflinePerson {
  return {
    ticketId,
    name: "",
    organization: "",
    state: "",
    checkedInAt: null,
    door: null,
    position: "",
    localGovernment: "",
    phoneEnd: "",
    key: "",
  };
}

/** When a ticket ID was issued, from its time part (base 36 milliseconds); null when not a generated ID. */
export function issuedAt(ticketId: string): number | null {
  const time = /^ZYS-([0-9A-Z]{1,12})-[0-9A-Z]{6}$/.exec(ticketId)?.[1];
  return time ? Number.parseInt(time, 36) : null;
}

function attendeeOf(person: OfflinePerson) {
  return {
    id: person.ticketId,
    full_name: person.name,
    organization: person.organization,
    position: person.position,
    state: person.state,
    ticket_id: person.ticketId,
  };
}

function admit(snapshot: DoorSnapshot, ticketId: string, ticket: string, method: QueuedCheckIn["method"], now: number): OfflineDecision {
  if (snapshot.cancelled.has(ticketId)) return refused(messageKey("door:checkin.cancelledOffline", { ticketId }));
  const person = snapshot.people.get(ticketId);
  if (!person) return refused(messageKey("door:checkin.unknownTicketId", { ticketId }));
  // This door let them in a moment ago (the QR still in view): the green card stays, as online,
  // and nothing is queued again. Amber is for an admission the volunteer did not just see.
  if (person.mineAt !== undefined && now - person.mineAt < JUST_NOW_MS) {
    return {
      outcome: {
        status: "checked-in",
        attendee: attendeeOf(person),
        message: person.name ? justNowMessage(person.name) : messageKey("door:checkin.newTicket", { ticketId }),
      },
    };
  }
  if (person.checkedInAt) {
    const time = lagosClock(new Date(person.checkedInAt));
    return {
      outcome: {
        status: "already",
        attendee: attendeeOf(person),
        message: person.door
          ? messageKey("door:checkin.alreadyAt", { time, door: person.door })
          : messageKey("door:checkin.already", { time }),
      },
    };
  }
  // A ticket issued after the download: the door knows its ID only.
  const message = person.name
    ? messageKey("door:checkin.checkedIn", { name: person.name })
    : messageKey("door:checkin.newTicket", { ticketId });
  return { outcome: { status: "checked-in", attendee: attendeeOf(person), message }, record: { ticketId, ticket, method } };
}

/**
 * Giving from the check-in list `listId` instead of admitting (offline-lists.ts), with the
 * entrance's refusals first: a cancelled ticket, one the door does not know.
 */
export function giveFrom(listId: string, language: string): Act {
  return (snapshot, ticketId, ticket, method, now) => {
    const list = snapshot.lists?.get(listId);
    if (!list) return refused("door:lists.needsNetwork");
    if (snapshot.cancelled.has(ticketId)) return refused(messageKey("door:checkin.cancelledOffline", { ticketId }));
    const person = snapshot.people.get(ticketId);
    if (!person) return refused(messageKey("door:checkin.unknownTicketId", { ticketId }));
    return decideGive(list, person, attendeeOf(person), { ticket, method, now, language });
  };
}

function refused(message: string): OfflineDecision {
  return { outcome: { status: "refused", message } };
}

/** A scanned QR code, offline. */
export async function decideScan(snapshot: DoorSnapshot, scanned: string, now = Date.now(), act: Act = admit): Promise<OfflineDecision> {
  const code = extractDoorCode(scanned);
  const check = await checkDoorCode(code, snapshot.keys);
  if (check.kind === "forged") return refused("door:checkin.forged");
  const { ticketId } = check;
  if (!snapshot.people.has(ticketId) && !snapshot.cancelled.has(ticketId) && check.kind !== "unchecked") {
    const issued = issuedAt(ticketId);
    if (issued === null || issued < snapshot.generatedAt - ISSUED_MARGIN_MS) {
      return refused(messageKey("door:checkin.notOnList", { ticketId }));
    }
    // Genuine and newer than the list: known from now on, though the door does not know the name yet.
    snapshot.people.set(ticketId, newcomer(ticketId));
  }
  return act(snapshot, ticketId, code, "scan", now);
}

/**
 * A ticket ID typed at the door (or picked from the search), offline. A typed ID the list does not
 * hold offers the list's tickets one character away, as the server does (ticketsOneAway): a slip
 * at a door whose Wi-Fi is down is as likely as at one online.
 */
export function decideTicketId(
  snapshot: DoorSnapshot,
  typed: string,
  method: "ticket-id" | "search" = "ticket-id",
  now = Date.now(),
  act: Act = admit,
): OfflineDecision {
  const ticketId = readTicketId(typed);
  if (!ticketId) return refused(messageKey("door:checkin.unknownTicketId", { ticketId: typed.trim() }));
  const decision = act(snapshot, ticketId, ticketId, method, now);
  if (method !== "ticket-id" || snapshot.people.has(ticketId) || snapshot.cancelled.has(ticketId)) return decision;
  const suggestions = ticketsOneAwayOnList(snapshot, ticketId);
  return suggestions.length > 0 && decision.outcome.status === "refused" ? { outcome: { ...decision.outcome, suggestions } } : decision;
}

/**
 * The server's rule on the device's list: same length, the same time or random part, exactly one
 * character different; named people only (a ticket admitted by its signature has no name to check).
 */
function ticketsOneAwayOnList(snapshot: DoorSnapshot, ticketId: string, limit = 3): TicketSuggestion[] {
  const [, time = "", random = ""] = ticketId.split("-");
  const found: TicketSuggestion[] = [];
  for (const person of snapshot.people.values()) {
    const id = person.ticketId;
    if (id.length !== ticketId.length || !person.name) continue;
    const [, itsTime = "", itsRandom = ""] = id.split("-");
    if (itsTime !== time && itsRandom !== random) continue;
    let differing = 0;
    for (let i = 0; i < id.length && differing < 2; i++) if (id[i] !== ticketId[i]) differing++;
    if (differing === 1) found.push({ ticket_id: id, full_name: person.name });
  }
  return found.sort((a, b) => (a.ticket_id < b.ticket_id ? -1 : 1)).slice(0, limit);
}

/** How many are in (downloaded and made here), and how many may come: the list and the tickets issued since. */
export function offlineCounts(snapshot: DoorSnapshot): { checkedIn: number; registered: number } {
  // people, not byName: a ticket issued after the list and admitted here is in the first only,
  // and counting it in but not registered would show more people in than registered.
  return { checkedIn: snapshot.checkedIn, registered: snapshot.people.size };
}
