import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { formOf, LIST_GENERATED, makeDoorList, memoryStorage } from "#tests/support/door-device.ts";
import { generateTicketId } from "~/modules/tickets/ticket-id";
import type { DoorWalkInShare } from "./door-list-types";

// A walk-in registered on the door's phone while the server cannot be reached: checked by the
// form's own schema, on one of the seats the server granted this phone, let in on the phone's
// list at once (lunch finds them), queued with what was typed, and sent before the check-ins.

async function fresh() {
  vi.resetModules();
  const store = await import("./door-store");
  const runtime = await import("./door-runtime");
  const walkIn = await import("./walk-in-offline");
  return { store, runtime, walkIn };
}

let door: Awaited<ReturnType<typeof fresh>>;

beforeEach(async () => {
  vi.stubGlobal("navigator", { onLine: false });
  vi.stubGlobal("localStorage", memoryStorage());
  vi.stubGlobal("document", { documentElement: { lang: "ha" }, cookie: "" });
  door = await fresh();
});

afterEach(async () => {
  await door.store.deleteDoorDatabase();
  vi.unstubAllGlobals();
});

const shares = (n: number): DoorWalkInShare[] =>
  Array.from({ length: n }, (_, i) => ({ ticketId: generateTicketId(LIST_GENERATED + i), code: `code-${i}`, qr: `<svg>${i}</svg>` }));

const person = (fields: Record<string, string> = {}) =>
  formOf({
    fullName: "Ƙasimu Ɗan Ɓello ʼYar",
    phone: "0803 123 4567",
    gender: "male",
    state: "Zamfara",
    localGovernment: "Gusau",
    consent: "on",
    ...fields,
  });

describe("registerWalkInOffline", () => {
  it("registers on the phone's first seat: the ticket shown, let in at once, queued with what was typed", async () => {
    const { store, runtime, walkIn } = door;
    const { list } = makeDoorList();
    const granted = shares(2);
    await store.saveList({ ...list, walkInShares: granted });
    await runtime.loadDoor(LIST_GENERATED);
    expect(runtime.doorStatus.get().walkInSeats).toBe(2);
    const clientId = crypto.randomUUID();
    const now = new Date(LIST_GENERATED + 60_000);
    const answer = await walkIn.registerWalkInOffline(person({ client_id: clientId, email: "" }), now);
    expect(answer).toMatchObject({
      kind: "admitted",
      offline: true,
      attendee: { ticket_id: granted[0]?.ticketId, full_name: "Ƙasimu Ɗan Ɓello ʼYar" },
      qr: "<svg>0</svg>",
    });
    expect(await store.queuedWalkIns()).toMatchObject([
      { id: clientId, share: granted[0]?.ticketId, at: now.toISOString(), language: "ha", fields: { fullName: "Ƙasimu Ɗan Ɓello ʼYar" } },
    ]);
    expect(runtime.doorStatus.get()).toMatchObject({ queued: 1, walkInSeats: 1, counts: { checkedIn: 1, registered: 3 } });

    // Found by the phone's search, as let in here: the entrance says "just now", a list can give to them.
    const page = runtime.offlinePage({ q: "", checkedIn: 0, registered: 0 }, new URL("http://door/admin/check-in?q=bello"));
    expect(page.matches).toMatchObject([{ ticket_id: granted[0]?.ticketId, phone_end: "567", door: "" }]);
    expect(page).toMatchObject({ walkInSeatsLeft: 1 });
    const again = await runtime.checkInOffline(formOf({ intent: "ticket", ticket_id: granted[0]?.ticketId ?? "" }), now);
    expect(again.outcome.status).toBe("checked-in");
    expect(await store.countQueued()).toBe(1);

    // The same form sent twice (its id queued already) is another walk-in, never a replacement.
    const second = await walkIn.registerWalkInOffline(person({ client_id: clientId, fullName: "Hauwa Sani" }), now);
    expect(second).toMatchObject({ kind: "admitted", attendee: { ticket_id: granted[1]?.ticketId } });
    const queued = await store.queuedWalkIns();
    expect(queued.map((w) => w.share)).toEqual(granted.map((s) => s.ticketId));
    expect(new Set(queued.map((w) => w.id)).size).toBe(2);

    // No seat left on this phone: refused, what was typed kept.
    const third = await walkIn.registerWalkInOffline(person({ fullName: "Bilkisu Umar" }), now);
    expect(third).toMatchObject({ kind: "no-seats-offline", values: { fullName: "Bilkisu Umar" } });

    // After a reload the phone remembers both (from its queue), and its seats stay spent.
    door = await fresh();
    await door.store.saveList({ ...list, walkInShares: granted });
    await door.runtime.loadDoor(LIST_GENERATED);
    expect(door.runtime.doorStatus.get()).toMatchObject({ queued: 2, walkInSeats: 0, counts: { checkedIn: 2 } });
  });

  it("refuses what the server would, with the form's own messages, and says when the phone has no list", async () => {
    const { store, runtime, walkIn } = door;
    expect(await walkIn.registerWalkInOffline(person())).toMatchObject({ kind: "not-ready" });
    const { list } = makeDoorList();
    await store.saveList({ ...list, walkInShares: shares(1) });
    await runtime.loadDoor(LIST_GENERATED);
    const answer = await walkIn.registerWalkInOffline(person({ phone: "12", consent: "", fullName: "see https://x.example" }));
    expect(answer.kind).toBe("invalid");
    if (answer.kind !== "invalid") throw new Error("not refused");
    expect(Object.keys(answer.errors).sort()).toEqual(["consent", "fullName", "phone"]);
    expect(await store.countQueued()).toBe(0);
    expect(runtime.doorStatus.get().walkInSeats).toBe(1);
  });

  it("sends walk-ins before the check-ins queued after them, and leaves the queue once the server has them", async () => {
    const { store, runtime, walkIn } = door;
    const { list } = makeDoorList();
    const granted = shares(1);
    await store.saveList({ ...list, walkInShares: granted });
    await runtime.loadDoor(LIST_GENERATED);
    await walkIn.registerWalkInOffline(person());
    const bodies: { walkIns?: { share: string; fields: Record<string, string> }[]; checkIns: unknown[] }[] = [];
    vi.stubGlobal("fetch", async (_url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body));
      bodies.push(body);
      const ids = [...(body.walkIns ?? []), ...body.checkIns].map(({ id }: { id: string }) => id);
      return Response.json({ results: ids.map((id: string) => ({ id, status: "applied" })), doors: [], conflicts: 0 });
    });
    expect(await runtime.syncNow()).toMatchObject({ sent: 1, state: "done" });
    expect(bodies).toMatchObject([{ walkIns: [{ share: granted[0]?.ticketId, fields: { phone: "0803 123 4567" } }], checkIns: [] }]);
    expect(await store.countQueued()).toBe(0);
  });
});
