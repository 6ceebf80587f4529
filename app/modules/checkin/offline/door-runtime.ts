import { DOOR_NAME_MAX } from "~/db/door-name";
import { isUuid } from "~/db/uuid";
import { agreesEarly, type DoorAnswer, earlyConsentCookie, earlyQuestion } from "../early-door";
import { MIN_SEARCH_LENGTH, SEARCH_TOO_SHORT } from "../search-rules";
import { DOOR_NAME_KEY, doorDevice, doorName } from "./door-identity";
import type { DoorList, DoorWalkInShare, QueuedWalkIn } from "./door-list-types";
import type { DoorSnapshot } from "./door-snapshot";
import { countQueued, deleteList, enqueue, enqueueWalkIn, queued, queuedWalkIns, readList, saveList, takeNotices } from "./door-store";
import { type SyncRun, sendQueued } from "./door-sync";
import { buildSnapshot, decideScan, decideTicketId, giveFrom, markLocal, offlineCounts } from "./offline-door";
import { offlineListPage } from "./offline-list-page";
import { markGiven } from "./offline-lists";
import { searchOffline } from "./offline-search";
import { markWalkIn, shareUsed } from "./offline-walk-ins";

// The door's offline state in the page: the snapshot it answers from, the list's freshness, the
// queue, and whether the network answers. One per page, shared by the route's client loader and
// action (which fall back to it when the server cannot be reached) and the screen (which shows it).

const LIST_URL = "/admin/check-in/list";
export const REFRESH_MS = 60_000;
/** How often a door that lost the server looks for it again. */
export const PROBE_MS = 15_000;
export const SYNC_TIMER_MS = 30_000;

export type DoorStatus = {
  loaded: boolean;
  /** The list is on the device: its size and when it was made. */
  ready: { attendees: number; updatedAt: string } | null;
  online: boolean;
  queued: number;
  syncing: boolean;
  /** Check-ins the server refused after this door admitted them offline. */
  notices: { ticket: string; message: string }[];
  signedOut: boolean;
  /** Who is in by the device's list (downloaded and made here): the counts while offline. */
  counts: { checkedIn: number; registered: number } | null;
  /** Walk-ins this phone may still register offline (its seats granted by the server); null without a list. */
  walkInSeats: number | null;
};

let snapshot: DoorSnapshot | undefined;
let status: DoorStatus = {
  loaded: false,
  ready: null,
  online: true,
  queued: 0,
  syncing: false,
  notices: [],
  signedOut: false,
  counts: null,
  walkInSeats: null,
};
const listeners = new Set<() => void>();

function update(change: Partial<DoorStatus>) {
  status = {
    ...status,
    ...change,
    counts: snapshot ? offlineCounts(snapshot) : null,
    walkInSeats: snapshot ? snapshot.shares.length : null,
  };
  for (const listener of listeners) listener();
}

export const doorStatus = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: () => status,
};

export function setDoorName(name: string) {
  localStorage.setItem(DOOR_NAME_KEY, name.trim().slice(0, DOOR_NAME_MAX));
  update({});
}

function readyOf(list: DoorList | undefined): DoorStatus["ready"] {
  return list ? { attendees: list.attendees.length, updatedAt: list.generatedAt } : null;
}

/** The device's copy, unless the event is over (then it goes). */
export async function loadDoor(now = Date.now()): Promise<void> {
  const list = await readList();
  if (list && Date.parse(list.deleteAfter) < now) {
    await forgetList();
  } else if (list) {
    snapshot = buildSnapshot(list, await queued(), await queuedWalkIns());
  }
  update({ loaded: true, ready: snapshot ? readyOf(list) : null, queued: await countQueued(), online: navigator.onLine });
}

/** A fresh list from the server; a session that ended takes the device's copy with it. */
export async function refreshList(): Promise<"ok" | "offline" | "signed-out"> {
  let response: Response;
  try {
    response = await fetch(`${LIST_URL}?device=${doorDevice()}&door=${encodeURIComponent(doorName())}`, {
      credentials: "same-origin",
      redirect: "manual",
      headers: { Accept: "application/json" },
    });
  } catch {
    update({ online: false });
    return "offline";
  }
  if (response.type === "opaqueredirect" || response.status === 401 || response.status === 403) {
    await forgetList();
    update({ signedOut: true });
    return "signed-out";
  }
  if (!response.ok) return "offline";
  const list = await response.json().catch(() => null);
  // A 200 that is not the list (a captive portal's page): as good as no network, the copy stays.
  if (!isDoorList(list)) return "offline";
  await saveList(list);
  snapshot = buildSnapshot(list, await queued(), await queuedWalkIns());
  update({ ready: readyOf(list), online: true, signedOut: false });
  return "ok";
}

/** Enough of a list's shape to answer from it (the server made it; what reached us may not be it). */
function isDoorList(value: unknown): value is DoorList {
  const list = value as Partial<DoorList> | null;
  return (
    typeof list?.generatedAt === "string" &&
    typeof list.deleteAfter === "string" &&
    Array.isArray(list.attendees) &&
    Array.isArray(list.cancelled) &&
    Array.isArray(list.keys)
  );
}

/** At logout, when the session has ended and after the event: the list goes, the queue stays. */
export async function forgetList(): Promise<void> {
  snapshot = undefined;
  await deleteList();
  // The kept door page shows a few names too (the tickets let in at two doors).
  if (typeof caches !== "undefined") {
    for (const name of await caches.keys()) if (name.startsWith("door-")) await caches.delete(name);
  }
  update({ ready: null });
}

let sending: Promise<SyncRun> | undefined;

/** Sends what is queued (one run at a time); the answer's refusals become notices. */
export async function syncNow(): Promise<SyncRun | undefined> {
  if ((await countQueued()) === 0) {
    update({ queued: 0 });
    return undefined;
  }
  sending ??= (async () => {
    update({ syncing: true });
    try {
      const run = await sendQueued();
      const notices = await takeNotices();
      const left = await countQueued();
      if (left === 0) backgroundSyncAsked = false;
      update({
        online: run.state !== "offline",
        signedOut: run.state === "signed-out",
        queued: left,
        notices: [...status.notices, ...notices.map(({ ticket, message }) => ({ ticket, message }))],
      });
      return run;
    } finally {
      update({ syncing: false });
      sending = undefined;
    }
  })();
  return sending;
}

export function setOnline(online: boolean) {
  update({ online });
}

export function dismissNotices() {
  update({ notices: [] });
}

// Asked once until the queue has been sent: the browser keeps one request per tag anyway.
let backgroundSyncAsked = false;

/** Asks the service worker to send the queue when the network is back, even with the page closed. */
async function requestBackgroundSync() {
  try {
    const registration = await navigator.serviceWorker?.ready;
    const sync = (registration as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }).sync;
    await sync?.register("door-checkins");
  } catch {
    // No Background Sync (Firefox, Safari): the page sends on reconnecting and on its timer.
  }
}

export type DoorResult = { outcome: DoorAnswer; at: number; offline?: true };

/** The device ids this page has queued check-ins under. */
const queuedHere = new Set<string>();

/**
 * A check-in answered by the device: the decision, and the record queued when it admits. With a
 * check-in list chosen (`listId`), a give from that list the same way.
 */
export async function checkInOffline(form: FormData, now = new Date(), listId = ""): Promise<DoorResult> {
  const at = now.getTime();
  if (!snapshot) return { outcome: { status: "refused", message: "door:offline.notReady" }, at, offline: true };
  const intent = String(form.get("intent") ?? "");
  // Before the event's day the device asks as the server does, once (early-door.ts).
  const { eventDate, eventDateLabels } = snapshot;
  const question = earlyQuestion(
    form,
    eventDate,
    () => document.cookie,
    at,
    () => eventDateLabels,
  );
  if (question) return { outcome: question, at, offline: true };
  if (agreesEarly(form, eventDate)) {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from the older Android browsers at the door; one plain cookie, the server's own
    document.cookie = earlyConsentCookie(eventDate);
  }
  const act = listId ? giveFrom(listId, document.documentElement.lang) : undefined;
  const decision =
    intent === "scan"
      ? await decideScan(snapshot, String(form.get("code") ?? ""), at, act)
      : intent === "ticket"
        ? decideTicketId(snapshot, String(form.get("ticket_id") ?? ""), form.get("via") === "search" ? "search" : "ticket-id", at, act)
        : // A search result found online and pressed as the server stopped answering: its ticket ID.
          intent === "attendee" && form.get("ticket_id")
          ? decideTicketId(snapshot, String(form.get("ticket_id")), "search", at, act)
          : null;
  if (!decision) return { outcome: { status: "refused", message: "door:offline.needsNetwork" }, at, offline: true };
  if (decision.record) {
    const door = doorName();
    // The form's id, so a check-in the server applied before the device gave up on it counts once.
    // Not one the sync would refuse (the whole batch with it), nor one queued already: queued
    // again for another ticket, it would replace that ticket's check-in.
    const given = String(form.get("client_id") ?? "");
    const id = isUuid(given) && !queuedHere.has(given) ? given : crypto.randomUUID();
    queuedHere.add(id);
    await enqueue({
      id,
      ticket: decision.record.ticket,
      method: decision.record.method,
      at: now.toISOString(),
      door,
      device: doorDevice(),
      ...(listId ? { list: listId } : {}),
    });
    remember(snapshot, decision.record.ticketId, now.toISOString(), door, listId);
    // One more than before (ids are never queued twice); the next sync counts them again.
    queuedOne();
  }
  return { outcome: decision.outcome, at, offline: true };
}

/** One more item waits (ids are never queued twice; the next sync counts them again), and the browser is asked to send it. */
function queuedOne() {
  update({ queued: status.queued + 1 });
  if (!backgroundSyncAsked) {
    backgroundSyncAsked = true;
    void requestBackgroundSync();
  }
}

/** The seats for walk-ins this phone may still use offline; null without its list. */
export function walkInShares(): readonly DoorWalkInShare[] | null {
  return snapshot ? snapshot.shares : null;
}

/** A walk-in registered on this phone (walk-in-offline.ts): queued, and in on the phone's list at once. */
export async function queueWalkIn(walkIn: QueuedWalkIn): Promise<void> {
  await enqueueWalkIn(walkIn);
  if (snapshot) markWalkIn(snapshot, walkIn);
  queuedOne();
}

/** A walk-in the server registered for this phone online: the seat it took from the phone's share is spent. */
export function learnWalkIn(ticketId: string) {
  if (!snapshot) return;
  shareUsed(snapshot, ticketId);
  update({});
}

/** A check-in (or a give from `listId`) the device's copy now knows of. */
function remember(into: DoorSnapshot, ticketId: string, at: string, door: string, listId: string) {
  if (!listId) return markLocal(into, ticketId, at, door);
  const list = into.lists?.get(listId);
  if (list) markGiven(list, ticketId, at, door);
}

/** An answer from the server: the device's copy learns of the check-in (or the list's give) at once. */
export function learnFromServer(result: DoorResult | undefined, listId = "") {
  const ticketId = result?.outcome.status === "checked-in" ? result.outcome.attendee.ticket_id : undefined;
  if (snapshot && ticketId) remember(snapshot, ticketId, new Date().toISOString(), doorName(), listId);
}

/** The door page's data from the device when the server cannot be reached. */
export function offlinePage<P extends { q: string; checkedIn: number; registered: number }>(base: P, url: URL) {
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  const counts = snapshot ? offlineCounts(snapshot) : { checkedIn: base.checkedIn, registered: base.registered };
  const tooShort = q.trim() !== "" && q.trim().length < MIN_SEARCH_LENGTH;
  const found = snapshot && !tooShort ? searchOffline(snapshot, q) : { rows: [], total: 0 };
  return {
    ...base,
    ...counts,
    // Walk-ins offline take this phone's own seats (offline-walk-ins.ts): those are the ones left here.
    ...(snapshot ? { walkInSeatsLeft: snapshot.shares.length } : {}),
    q,
    // With a list chosen, its count and who had theirs, from the phone's copy (offline-list-page.ts).
    ...offlineListPage(snapshot, url, found.rows, document.documentElement.lang, Date.now()),
    more: found.total - found.rows.length,
    searchError: tooShort ? SEARCH_TOO_SHORT : null,
    undo: null,
    offline: true as const,
  };
}
