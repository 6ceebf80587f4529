import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cookieJar, DAY, DOOR_SECRET, formOf, LIST_GENERATED, makeDoorList, memoryStorage } from "#tests/support/door-device.ts";
import { messageKey } from "~/i18n/message-key";
import { generateTicketId } from "~/modules/tickets/ticket-id";
import { signDoorCode } from "~/modules/tickets/ticket-token.server";
import { doorDevice } from "./door-identity";
import type { DoorListRow } from "./door-list-types";
import { withinServerWait } from "./server-wait";

// The door page's offline state, as the route's client loader and action use it: the list on the
// device (IndexedDB, fake-indexeddb's here), the queue, the door's name (localStorage) and the
// network (fetch), the browser's pieces Node lacks stubbed. The runtime is one per page: each test
// loads a fresh copy of it, and of the store under it.

async function fresh() {
  vi.resetModules();
  const store = await import("./door-store");
  const runtime = await import("./door-runtime");
  return { store, runtime };
}

let door: Awaited<ReturnType<typeof fresh>>;

beforeEach(async () => {
  vi.stubGlobal("navigator", { onLine: false });
  vi.stubGlobal("localStorage", memoryStorage());
  door = await fresh();
});

afterEach(async () => {
  await door.store.deleteDoorDatabase();
  vi.unstubAllGlobals();
});

describe("loadDoor", () => {
  it("deletes the list once the event is over, and keeps the queue", async () => {
    const { store, runtime } = door;
    const { list } = makeDoorList(LIST_GENERATED + DAY);
    await store.saveList(list);
    const item = { id: crypto.randomUUID(), ticket: "ZYS-ABC-234567", method: "scan" as const, at: list.generatedAt, door: "Gate A" };
    await store.enqueue(item);
    await runtime.loadDoor(LIST_GENERATED + DAY + 1);
    expect(await store.readList()).toBeUndefined();
    expect(await store.queued()).toEqual([item]);
    expect(runtime.doorStatus.get()).toMatchObject({ loaded: true, ready: null, queued: 1, online: false, counts: null });
  });

  it("answers from the list until then", async () => {
    const { store, runtime } = door;
    const { list } = makeDoorList(LIST_GENERATED + DAY);
    await store.saveList(list);
    await runtime.loadDoor(LIST_GENERATED + DAY - 1);
    expect(await store.readList()).toEqual(list);
    expect(runtime.doorStatus.get()).toMatchObject({
      ready: { attendees: 2, updatedAt: list.generatedAt },
      counts: { checkedIn: 0, registered: 2 },
    });
  });
});

describe("checkInOffline", () => {
  it("refuses while the device holds no list", async () => {
    const { runtime } = door;
    await runtime.loadDoor();
    expect((await runtime.checkInOffline(formOf({ intent: "ticket", ticket_id: "ZYS-ABC-234567" }))).outcome).toEqual({
      status: "refused",
      message: "door:offline.notReady",
    });
  });

  it("queues the check-in under the form's id and the door's name; the same ticket green within a minute, then amber", async () => {
    const { store, runtime } = door;
    const { list, danladi } = makeDoorList();
    await store.saveList(list);
    await runtime.loadDoor(LIST_GENERATED);
    runtime.setDoorName("  ʼYar Gate Na’Allah  ");
    const clientId = crypto.randomUUID();
    const now = new Date("2026-11-21T09:15:00.000Z");

    const first = await runtime.checkInOffline(formOf({ intent: "ticket", ticket_id: danladi.toLowerCase(), client_id: clientId }), now);
    expect(first).toMatchObject({ offline: true, at: now.getTime(), outcome: { status: "checked-in", attendee: { ticket_id: danladi } } });
    expect(await store.queued()).toEqual([
      {
        id: clientId,
        ticket: danladi,
        method: "ticket-id",
        at: now.toISOString(),
        door: "ʼYar Gate Na’Allah",
        device: doorDevice(),
      },
    ]);
    // The device's id is made once and kept.
    expect(doorDevice()).toMatch(/^[0-9a-f-]{36}$/);
    expect(localStorage.getItem("summit-door-device")).toBe(doorDevice());
    expect(runtime.doorStatus.get()).toMatchObject({ queued: 1, counts: { checkedIn: 1, registered: 2 } });

    // The QR still in view a moment later: the green card stays, nothing queued again.
    const soon = new Date(now.getTime() + 10_000);
    const again = await runtime.checkInOffline(formOf({ intent: "ticket", ticket_id: danladi, client_id: crypto.randomUUID() }), soon);
    expect(again.outcome).toMatchObject({
      status: "checked-in",
      message: messageKey("door:checkin.checkedInJustNow", { name: "Ɗanladi Ƙasimu" }),
    });
    const later = new Date(now.getTime() + 61_000);
    const second = await runtime.checkInOffline(formOf({ intent: "ticket", ticket_id: danladi, client_id: crypto.randomUUID() }), later);
    expect(second.outcome).toMatchObject({
      status: "already",
      message: messageKey("door:checkin.alreadyAt", { time: "10:15", door: "ʼYar Gate Na’Allah" }),
    });
    expect(await store.countQueued()).toBe(1);
  });

  it("asks before the event's day, once: the yes is kept in a cookie and checks in", async () => {
    const { store, runtime } = door;
    const { list, danladi, aisha } = makeDoorList();
    // The server writes the date in each language; the device shows what it wrote.
    const dateLabels = { en: "19 December 2026", ha: "19 Disamba, 2026" };
    await store.saveList({ ...list, eventDate: "2026-12-19", eventDateLabels: dateLabels });
    await runtime.loadDoor(LIST_GENERATED);
    const page = cookieJar();
    vi.stubGlobal("document", page);
    const now = new Date("2026-11-21T09:15:00.000Z");

    const asked = await runtime.checkInOffline(formOf({ intent: "ticket", ticket_id: danladi }), now);
    expect(asked.outcome).toEqual({
      status: "early",
      eventDate: "2026-12-19",
      dateLabels,
      resubmit: [
        ["intent", "ticket"],
        ["ticket_id", danladi],
      ],
    });
    expect(await store.countQueued()).toBe(0);

    const yes = await runtime.checkInOffline(formOf({ intent: "ticket", ticket_id: danladi, early: "2026-12-19" }), now);
    expect(yes.outcome.status).toBe("checked-in");
    expect(page.written).toContainEqual(expect.stringMatching(/^summit-door-early=2026-12-19; Path=\/admin;/));
    // The browser keeps the name=value pair; the next person is not asked.
    expect((await runtime.checkInOffline(formOf({ intent: "ticket", ticket_id: aisha }), now)).outcome.status).toBe("checked-in");
    expect(await store.countQueued()).toBe(2);
  });

  it("queues a scan as the code read, and a search as such", async () => {
    const { store, runtime } = door;
    const { list, danladi, aisha } = makeDoorList();
    await store.saveList(list);
    await runtime.loadDoor(LIST_GENERATED);
    const code = signDoorCode(danladi, DOOR_SECRET);
    expect((await runtime.checkInOffline(formOf({ intent: "scan", code }))).outcome.status).toBe("checked-in");
    expect((await runtime.checkInOffline(formOf({ intent: "ticket", ticket_id: aisha, via: "search" }))).outcome.status).toBe("checked-in");
    expect((await store.queued()).map(({ ticket, method, door }) => ({ ticket, method, door }))).toEqual([
      { ticket: code, method: "scan", door: "" },
      { ticket: aisha, method: "search", door: "" },
    ]);
  });

  it("answers a search result found online from its ticket ID when the server stops answering; without one it needs the network", async () => {
    const { store, runtime } = door;
    const { list, danladi } = makeDoorList();
    await store.saveList(list);
    await runtime.loadDoor(LIST_GENERATED);
    const online = { intent: "attendee", id: crypto.randomUUID() };
    expect((await runtime.checkInOffline(formOf(online))).outcome).toMatchObject({
      status: "refused",
      message: "door:offline.needsNetwork",
    });
    expect((await runtime.checkInOffline(formOf({ ...online, ticket_id: danladi }))).outcome).toMatchObject({
      status: "checked-in",
      attendee: { ticket_id: danladi },
    });
    expect((await store.queued()).map(({ ticket, method }) => ({ ticket, method }))).toEqual([{ ticket: danladi, method: "search" }]);
  });

  it("gives a check-in its own id when the form's is not a device id, or was queued already for another ticket", async () => {
    const { store, runtime } = door;
    const { list, danladi, aisha } = makeDoorList();
    await store.saveList(list);
    await runtime.loadDoor(LIST_GENERATED);
    const reused = crypto.randomUUID();
    await runtime.checkInOffline(formOf({ intent: "ticket", ticket_id: danladi, client_id: reused }));
    // Two answers racing on one form: the second must not replace the first's queued check-in.
    await runtime.checkInOffline(formOf({ intent: "ticket", ticket_id: aisha, client_id: reused }));
    const items = await store.queued();
    expect(items.map((i) => i.ticket)).toEqual([danladi, aisha]);
    expect(items[0]?.id).toBe(reused);
    expect(items[1]?.id).not.toBe(reused);

    // The sync refuses a whole batch with an id that is no UUID: it would never leave the queue.
    await store.deleteDoorDatabase();
    const nasty = ["not-a-uuid", "\u0000", `${crypto.randomUUID()}\u0301`, "ƙɗɓƴ"];
    const guests = nasty.map((_, i): DoorListRow => [generateTicketId(LIST_GENERATED - DAY + i), `Guest ${i}`, "", "", null, null]);
    await store.saveList({ ...list, attendees: [...list.attendees, ...guests] });
    await runtime.loadDoor(LIST_GENERATED);
    for (const [i, clientId] of nasty.entries()) {
      await runtime.checkInOffline(formOf({ intent: "ticket", ticket_id: guests[i]?.[0] ?? "", client_id: clientId }));
    }
    const ids = (await store.queued()).map((i) => i.id);
    expect(ids).toHaveLength(4);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it("needs the network for anything but a check-in, and never throws on junk", async () => {
    const { store, runtime } = door;
    await store.saveList(makeDoorList().list);
    await runtime.loadDoor(LIST_GENERATED);
    const forms: Record<string, string>[] = [
      { intent: "undo" },
      {},
      { intent: "\u0000" },
      { intent: "scan", code: "\uD800" },
      { intent: "ticket", ticket_id: "Ɗanladi\u0000ʼ’'" },
    ];
    for (const fields of forms) {
      const { outcome } = await runtime.checkInOffline(formOf(fields));
      expect(outcome.status, JSON.stringify(fields)).toBe("refused");
    }
    expect(await store.countQueued()).toBe(0);
  });
});

describe("checkInOffline with a check-in list chosen", () => {
  const LUNCH = "5f0c3f7e-2b1d-4c8e-9d6a-1e2f3a4b5c6d";

  it("gives from the list on the phone, queues the give with its list, and remembers it after a reload", async () => {
    const { store, runtime } = door;
    vi.stubGlobal("document", { documentElement: { lang: "ha" }, cookie: "" });
    const { list, danladi } = makeDoorList();
    const lunch = { id: LUNCH, names: { en: "Lunch", ha: "Abincin rana" }, rule: "once" as const, requiresEntrance: false };
    await store.saveList({ ...list, lists: [{ ...lunch, quantity: 5, day: "2026-11-21", given: 1, gives: [] }] });
    await runtime.loadDoor(LIST_GENERATED);
    const now = new Date(LIST_GENERATED + 60_000);
    const given = await runtime.checkInOffline(formOf({ intent: "ticket", ticket_id: danladi }), now, LUNCH);
    expect(given.outcome).toMatchObject({
      status: "checked-in",
      list: "Abincin rana",
      message: messageKey("door:lists.givenLeft", { list: "Abincin rana", count: 3 }),
    });
    expect(await store.queued()).toMatchObject([{ ticket: danladi, method: "ticket-id", list: LUNCH, at: now.toISOString() }]);
    // Giving is not letting in.
    expect(runtime.doorStatus.get().counts).toEqual({ checkedIn: 0, registered: 2 });

    door = await fresh();
    await door.runtime.loadDoor(LIST_GENERATED);
    const again = await door.runtime.checkInOffline(
      formOf({ intent: "ticket", ticket_id: danladi }),
      new Date(now.getTime() + 600_000),
      LUNCH,
    );
    expect(again.outcome.status).toBe("already");
    expect(await door.store.countQueued()).toBe(1);
    const page = door.runtime.offlinePage(
      { q: "", checkedIn: 0, registered: 0 },
      new URL(`http://door/admin/check-in?list=${LUNCH}&q=danladi`),
    );
    expect(page).toMatchObject({ list: { name: "Abincin rana", given: 2, left: 3 }, matches: [{ ticket_id: danladi }] });
    expect(page.matches[0]?.checked_in_at).toBe(now.toISOString());
  });
});

describe("refreshList", () => {
  it("saves the server's list and answers from it", async () => {
    const { store, runtime } = door;
    const { list } = makeDoorList();
    vi.stubGlobal("fetch", async () => Response.json(list));
    expect(await runtime.refreshList()).toBe("ok");
    expect(await store.readList()).toEqual(list);
    expect(runtime.doorStatus.get()).toMatchObject({ ready: { attendees: 2 }, online: true, signedOut: false });
  });

  it("forgets the list when the session has ended (401), and keeps the queue", async () => {
    const { store, runtime } = door;
    const { list, danladi } = makeDoorList();
    await store.saveList(list);
    await runtime.loadDoor(LIST_GENERATED);
    await runtime.checkInOffline(formOf({ intent: "ticket", ticket_id: danladi }));
    vi.stubGlobal("fetch", async () => new Response(null, { status: 401 }));
    expect(await runtime.refreshList()).toBe("signed-out");
    expect(await store.readList()).toBeUndefined();
    expect(await store.countQueued()).toBe(1);
    expect(runtime.doorStatus.get()).toMatchObject({ ready: null, signedOut: true, counts: null });
    expect((await runtime.checkInOffline(formOf({ intent: "ticket", ticket_id: danladi }))).outcome).toMatchObject({
      message: "door:offline.notReady",
    });
  });

  it("keeps the device's list when the network is not there, or answers with something that is not the list", async () => {
    const { store, runtime } = door;
    const { list } = makeDoorList();
    await store.saveList(list);
    await runtime.loadDoor(LIST_GENERATED);
    const answers = [
      async () => {
        throw new TypeError("Failed to fetch");
      },
      async () => new Response("oops", { status: 502 }),
      // A venue's captive portal answers 200 with its own page.
      async () => new Response("<html>Welcome to the hotel Wi-Fi</html>", { headers: { "Content-Type": "text/html" } }),
      async () => Response.json({ attendees: "everyone" }),
      async () => Response.json(null),
    ];
    for (const answer of answers) {
      vi.stubGlobal("fetch", answer);
      expect(await runtime.refreshList()).toBe("offline");
    }
    expect(await store.readList()).toEqual(list);
    expect(runtime.doorStatus.get()).toMatchObject({ ready: { attendees: 2 }, signedOut: false });
  });
});

describe("syncNow", () => {
  it("sends the queue and shows the server's refusals", async () => {
    const { store, runtime } = door;
    const { list, danladi } = makeDoorList();
    await store.saveList(list);
    await runtime.loadDoor(LIST_GENERATED);
    await runtime.checkInOffline(formOf({ intent: "ticket", ticket_id: danladi }));
    vi.stubGlobal("fetch", async (_url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as { checkIns: { id: string }[] };
      return Response.json({
        results: body.checkIns.map(({ id }) => ({ id, status: "refused", message: "door:checkin.cancelled" })),
        doors: [],
        conflicts: 0,
      });
    });
    expect(await runtime.syncNow()).toEqual({ sent: 1, conflicts: 0, refused: 1, state: "done" });
    expect(runtime.doorStatus.get()).toMatchObject({
      queued: 0,
      syncing: false,
      online: true,
      notices: [{ ticket: danladi, message: "door:checkin.cancelled" }],
    });
    expect(await runtime.syncNow()).toBeUndefined();
  });
});

describe("withinServerWait", () => {
  afterEach(() => vi.useRealTimers());

  /** A promise settled by hand, and whether it has settled. */
  function later<T>() {
    let resolve!: (value: T) => void;
    const promise = new Promise<T>((r) => {
      resolve = r;
    });
    return { promise, resolve };
  }

  function watch<T>(promise: Promise<T>) {
    const state: { settled?: "resolved" | "rejected"; value?: T; error?: unknown } = {};
    promise.then(
      (value) => Object.assign(state, { settled: "resolved", value }),
      (error) => Object.assign(state, { settled: "rejected", error }),
    );
    return state;
  }

  /** fetch as a network with no way out: nothing comes back, until the request is aborted. */
  const noWayOut = vi.fn(
    (_url: string, init?: RequestInit) =>
      new Promise<Response>((_, reject) =>
        init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))),
      ),
  );

  it("takes a quick answer without asking anything more", async () => {
    vi.useFakeTimers();
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    const answer = later<string>();
    const waited = watch(withinServerWait(answer.promise));
    await vi.advanceTimersByTimeAsync(900);
    answer.resolve("page");
    await vi.advanceTimersByTimeAsync(0);
    expect(waited).toEqual({ settled: "resolved", value: "page" });
    expect(fetch).not.toHaveBeenCalled();
  });

  it("gives up within 3 s when the server cannot be reached, though the browser says it is online", async () => {
    vi.useFakeTimers();
    vi.stubGlobal("fetch", noWayOut);
    const waited = watch(withinServerWait(new Promise(() => undefined)));
    await vi.advanceTimersByTimeAsync(2_999);
    expect(waited.settled).toBeUndefined();
    expect(noWayOut).toHaveBeenCalledWith("/door-sw.js", expect.objectContaining({ method: "HEAD", cache: "no-store" }));
    await vi.advanceTimersByTimeAsync(1);
    expect(waited.settled).toBe("rejected");
  });

  it("waits for a slow server that can be reached, up to 20 s", async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(null, { status: 200 })),
    );
    const answer = later<string>();
    const waited = watch(withinServerWait(answer.promise));
    await vi.advanceTimersByTimeAsync(9_000);
    expect(waited.settled).toBeUndefined();
    answer.resolve("check-in");
    await vi.advanceTimersByTimeAsync(0);
    expect(waited).toEqual({ settled: "resolved", value: "check-in" });

    const never = watch(withinServerWait(new Promise(() => undefined)));
    await vi.advanceTimersByTimeAsync(20_999);
    expect(never.settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(never.settled).toBe("rejected");
  });

  it("passes a failure on at once (no network at all: the browser refuses the request)", async () => {
    vi.useFakeTimers();
    const waited = watch(withinServerWait(Promise.reject(new TypeError("Failed to fetch"))));
    await vi.advanceTimersByTimeAsync(0);
    expect(waited).toMatchObject({ settled: "rejected", error: expect.any(TypeError) });
  });
});
