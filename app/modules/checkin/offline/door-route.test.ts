import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { formOf, LIST_GENERATED, makeDoorList, memoryStorage } from "#tests/support/door-device.ts";
import { messageKey } from "~/i18n/message-key";
import { generateTicketId } from "~/modules/tickets/ticket-id";

// The door route's client action as the browser runs it: the server first, the phone's list when
// the server cannot be reached, and the server looked for once more before the phone turns anyone
// away. The network is fetch, stubbed; the server's action is a function the test answers.

async function fresh() {
  vi.resetModules();
  const store = await import("./door-store");
  const runtime = await import("./door-runtime");
  const route = await import("./door-route");
  return { store, runtime, route };
}

let door: Awaited<ReturnType<typeof fresh>>;

beforeEach(async () => {
  vi.stubGlobal("navigator", { onLine: true });
  vi.stubGlobal("localStorage", memoryStorage());
  vi.stubGlobal("document", { cookie: "" });
  door = await fresh();
});

afterEach(async () => {
  vi.useRealTimers();
  await door.store.deleteDoorDatabase();
  vi.unstubAllGlobals();
});

function post(fields: Record<string, string>): Request {
  return new Request("http://127.0.0.1/admin/check-in", { method: "POST", body: formOf(fields) });
}

/** fetch as a network with no way out: nothing comes back, until the request is aborted. */
const noWayOut = (_url: string, init?: RequestInit) =>
  new Promise<Response>((_, reject) => init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))));

/** A door whose list is on the phone, and that stopped asking the server a moment ago. */
async function doorGoneQuiet() {
  const { list, danladi } = makeDoorList();
  await door.store.saveList(list);
  await door.runtime.loadDoor(LIST_GENERATED);
  door.runtime.setOnline(false);
  return { danladi };
}

/** The door's waits on fake time (the list on the device was read before, on real time: IndexedDB's own timers). */
const useFakeTimers = () => vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });

const pastEdition = { outcome: { status: "refused", message: "door:checkin.pastEdition" }, at: 1 };

describe("doorClientAction", () => {
  it("admits someone on the phone's list at once, without asking the server", async () => {
    const { danladi } = await doorGoneQuiet();
    const serverAction = vi.fn();
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    const answer = await door.route.doorClientAction(post({ intent: "ticket", ticket_id: danladi }), serverAction);
    expect(answer).toMatchObject({ offline: true, outcome: { status: "checked-in", attendee: { ticket_id: danladi } } });
    expect(serverAction).not.toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("asks the server before refusing a ticket the phone does not know, and takes its answer", async () => {
    await doorGoneQuiet();
    // Last year's ticket: only the server knows its edition.
    const serverAction = vi.fn(async () => pastEdition);
    const lastYear = generateTicketId(LIST_GENERATED - 400 * 24 * 3_600_000);
    const answer = await door.route.doorClientAction(post({ intent: "ticket", ticket_id: lastYear }), serverAction);
    expect(answer).toEqual(pastEdition);
    expect(serverAction).toHaveBeenCalledOnce();
    // The server answered: the door asks it again for the next person.
    expect(door.runtime.doorStatus.get().online).toBe(true);
  });

  it("waits for the answer already on its way when the server was slow to show itself, asking it only once", async () => {
    const { list } = makeDoorList();
    await door.store.saveList(list);
    await door.runtime.loadDoor(LIST_GENERATED);
    useFakeTimers();
    // The first look for the server fails (a busy machine), the second finds it.
    const fetch = vi
      .fn()
      .mockImplementationOnce(noWayOut)
      .mockResolvedValue(new Response(null, { status: 200 }));
    vi.stubGlobal("fetch", fetch);
    let answer!: (value: typeof pastEdition) => void;
    const serverAction = vi.fn(() => new Promise<typeof pastEdition>((resolve) => (answer = resolve)));
    const unknown = generateTicketId(LIST_GENERATED - 400 * 24 * 3_600_000);
    let settled: unknown;
    void door.route.doorClientAction(post({ intent: "ticket", ticket_id: unknown }), serverAction).then((value) => (settled = value));
    await vi.advanceTimersByTimeAsync(3_000);
    expect(door.runtime.doorStatus.get().online).toBe(false);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1_500);
    answer(pastEdition);
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toEqual(pastEdition);
    expect(serverAction).toHaveBeenCalledOnce();
  });

  it("refuses from the phone when the server cannot be reached at all, within 3 s more", async () => {
    await doorGoneQuiet();
    useFakeTimers();
    vi.stubGlobal("fetch", vi.fn(noWayOut));
    const unknown = generateTicketId(LIST_GENERATED);
    let settled: unknown;
    void door.route
      .doorClientAction(post({ intent: "ticket", ticket_id: unknown }), () => new Promise(() => undefined))
      .then((value) => (settled = value));
    await vi.advanceTimersByTimeAsync(2_999);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toMatchObject({
      offline: true,
      outcome: { status: "refused", message: messageKey("door:checkin.unknownTicketId", { ticketId: unknown }) },
    });
  });

  it("refuses from the phone at once when the browser has no network", async () => {
    await doorGoneQuiet();
    vi.stubGlobal("navigator", { onLine: false });
    const serverAction = vi.fn();
    const answer = await door.route.doorClientAction(post({ intent: "ticket", ticket_id: "ZYS-NOPE-234567" }), serverAction);
    expect(answer).toMatchObject({ offline: true, outcome: { status: "refused" } });
    expect(serverAction).not.toHaveBeenCalled();
  });
});
