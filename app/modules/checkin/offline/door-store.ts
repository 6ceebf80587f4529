import { type DBSchema, deleteDB, type IDBPDatabase, openDB } from "idb";
import type { DoorList, QueuedCheckIn, QueuedWalkIn } from "./door-list-types";

// What the door keeps on the device, in IndexedDB (shared by the page and the service worker):
// the last downloaded list, the check-ins waiting to be sent, and the walk-ins registered offline.
// The list is personal data and goes at logout, when the session has expired and after the event
// (deleteList); the queue holds ticket IDs, times and the door's name only, and goes as soon as
// the server has it. A queued walk-in holds what the volunteer typed about the person (personal
// data): it stays only until the server has it, through a logout too, as nobody else holds it.
// docs/PRIVACY.md says the same for the people it is about.

const NAME = "summit-door";
const VERSION = 2;

interface DoorDb extends DBSchema {
  list: { key: "current"; value: DoorList };
  queue: { key: string; value: QueuedCheckIn & { queuedAt: number } };
  walkIns: { key: string; value: QueuedWalkIn & { queuedAt: number } };
  notices: { key: string; value: { id: string; ticket: string; message: string; at: number } };
}

let opening: Promise<IDBPDatabase<DoorDb>> | undefined;

function db(): Promise<IDBPDatabase<DoorDb>> {
  opening ??= openDB<DoorDb>(NAME, VERSION, {
    upgrade(database) {
      // Later versions add stores here, never drop "queue": a new deploy must find the check-ins
      // an older page queued.
      if (!database.objectStoreNames.contains("list")) database.createObjectStore("list");
      if (!database.objectStoreNames.contains("queue")) database.createObjectStore("queue", { keyPath: "id" });
      if (!database.objectStoreNames.contains("notices")) database.createObjectStore("notices", { keyPath: "id" });
      if (!database.objectStoreNames.contains("walkIns")) database.createObjectStore("walkIns", { keyPath: "id" });
    },
    // Another tab or a new service worker upgrading: let it, and open again next time.
    blocking() {
      void opening?.then((open) => open.close());
      opening = undefined;
    },
  });
  return opening;
}

export async function readList(): Promise<DoorList | undefined> {
  return (await db()).get("list", "current");
}

export async function saveList(list: DoorList): Promise<void> {
  await (await db()).put("list", list, "current");
}

/** The copy of the list goes; queued check-ins stay until they are sent. */
export async function deleteList(): Promise<void> {
  await (await db()).delete("list", "current");
}

/** The last queuedAt this page gave: never repeated, so items queued within one millisecond keep their order. */
let lastQueuedAt = 0;

function nextQueuedAt(): number {
  // Equal times would sort by the ids (random UUIDs): the door's check-ins must go in the order made.
  lastQueuedAt = Math.max(Date.now(), lastQueuedAt + 1);
  return lastQueuedAt;
}

export async function enqueue(item: QueuedCheckIn): Promise<void> {
  await (await db()).put("queue", { ...item, queuedAt: nextQueuedAt() });
}

export async function queued(): Promise<QueuedCheckIn[]> {
  const items = await (await db()).getAll("queue");
  return items.sort((a, b) => a.queuedAt - b.queuedAt).map(({ queuedAt: _, ...item }) => item);
}

export async function enqueueWalkIn(item: QueuedWalkIn): Promise<void> {
  await (await db()).put("walkIns", { ...item, queuedAt: nextQueuedAt() });
}

export async function queuedWalkIns(): Promise<QueuedWalkIn[]> {
  const items = await (await db()).getAll("walkIns");
  return items.sort((a, b) => a.queuedAt - b.queuedAt).map(({ queuedAt: _, ...item }) => item);
}

/** What waits to be sent: check-ins, gives and walk-ins. */
export async function countQueued(): Promise<number> {
  const open = await db();
  return (await open.count("queue")) + (await open.count("walkIns"));
}

/** The server has these (check-ins, gives or walk-ins): off the queue, in one transaction. */
export async function dequeue(ids: readonly string[]): Promise<void> {
  const tx = (await db()).transaction(["queue", "walkIns"], "readwrite");
  const queue = tx.objectStore("queue");
  const walkIns = tx.objectStore("walkIns");
  await Promise.all([...ids.flatMap((id) => [queue.delete(id), walkIns.delete(id)]), tx.done]);
}

/** A check-in the server refused after the door admitted it offline (cancelled meanwhile…). */
export async function addNotices(notices: readonly { id: string; ticket: string; message: string }[]): Promise<void> {
  const tx = (await db()).transaction("notices", "readwrite");
  await Promise.all([...notices.map((n) => tx.store.put({ ...n, at: Date.now() })), tx.done]);
}

export async function takeNotices(): Promise<{ id: string; ticket: string; message: string }[]> {
  const tx = (await db()).transaction("notices", "readwrite");
  const all = await tx.store.getAll();
  await Promise.all([tx.store.clear(), tx.done]);
  return all.map(({ id, ticket, message }) => ({ id, ticket, message }));
}

/** Everything, queue included (a test's clean slate; the page never drops unsent check-ins). */
export async function deleteDoorDatabase(): Promise<void> {
  (await opening)?.close();
  opening = undefined;
  await deleteDB(NAME);
}
