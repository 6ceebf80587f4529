import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import type { DoorList, QueuedCheckIn } from "./door-list-types";
import {
  addNotices,
  countQueued,
  deleteDoorDatabase,
  deleteList,
  dequeue,
  enqueue,
  queued,
  readList,
  saveList,
  takeNotices,
} from "./door-store";

// What a door keeps on the device (IndexedDB; fake-indexeddb's in-memory one here): the list,
// which goes at logout and after the event, and the queue, which goes only once the server has it.

afterEach(async () => {
  await deleteDoorDatabase();
});

function checkIn(ticket: string, door = "Gate A"): QueuedCheckIn {
  return { id: crypto.randomUUID(), ticket, method: "ticket-id", at: new Date().toISOString(), door };
}

function list(): DoorList {
  return {
    generatedAt: "2026-11-21T07:00:00.000Z",
    edition: 1,
    attendees: [["ZYS-ABC-234567", "Ɗanladi Ƙasimu", "", "Zamfara", null, null]],
    cancelled: [],
    deleteAfter: "2026-11-22T23:00:00.000Z",
    keys: [{ id: "1", publicKey: "A".repeat(43) }],
  };
}

describe("the queue", () => {
  it("gives back what was queued in the order it was queued, even within one millisecond", async () => {
    // Enough items that many share a millisecond: the order must not fall back to the ids' (random) order.
    const items = Array.from({ length: 40 }, (_, i) =>
      checkIn(`ZYS-ABC-${String(i).padStart(6, "2")}`, i % 2 ? "Gate A" : "ʼYar Gate\u0000"),
    );
    for (const item of items) await enqueue(item);
    expect(await queued()).toEqual(items);
    expect(await countQueued()).toBe(40);
  });

  it("takes off only the ids the server answered, and ignores ids it does not hold", async () => {
    const items = [checkIn("ZYS-ABC-222222"), checkIn("ZYS-ABC-333333"), checkIn("ZYS-ABC-444444")];
    for (const item of items) await enqueue(item);
    await dequeue([items[1]?.id ?? "", crypto.randomUUID(), "\uD800"]);
    expect(await queued()).toEqual([items[0], items[2]]);
    await dequeue([]);
    expect(await countQueued()).toBe(2);
  });

  it("keeps one item per id: queued again, it is not sent twice", async () => {
    const item = checkIn("ZYS-ABC-222222");
    await enqueue(item);
    await enqueue(item);
    expect(await queued()).toEqual([item]);
  });
});

describe("the list", () => {
  it("is saved, read and deleted, and deleting it keeps the queue", async () => {
    expect(await readList()).toBeUndefined();
    await saveList(list());
    expect(await readList()).toEqual(list());
    const item = checkIn("ZYS-ABC-222222");
    await enqueue(item);
    await deleteList();
    expect(await readList()).toBeUndefined();
    expect(await queued()).toEqual([item]);
  });
});

describe("notices", () => {
  it("are taken once", async () => {
    await addNotices([
      { id: "a", ticket: "ZYS-ABC-222222", message: "door:checkin.cancelledOffline" },
      { id: "b", ticket: "Na’Allah\u0000", message: "" },
    ]);
    // The same refusal told twice (two runs sending one queue) is one notice.
    await addNotices([{ id: "a", ticket: "ZYS-ABC-222222", message: "door:checkin.cancelledOffline" }]);
    expect(await takeNotices()).toEqual([
      { id: "a", ticket: "ZYS-ABC-222222", message: "door:checkin.cancelledOffline" },
      { id: "b", ticket: "Na’Allah\u0000", message: "" },
    ]);
    expect(await takeNotices()).toEqual([]);
  });
});

describe("deleteDoorDatabase", () => {
  it("leaves a clean slate, and the store opens again after it", async () => {
    await saveList(list());
    await enqueue(checkIn("ZYS-ABC-222222"));
    await deleteDoorDatabase();
    expect(await readList()).toBeUndefined();
    expect(await countQueued()).toBe(0);
  });
});
