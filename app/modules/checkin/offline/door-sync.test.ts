import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import type { DoorSyncAnswer, DoorSyncResult, QueuedCheckIn } from "./door-list-types";
import { countQueued, deleteDoorDatabase, enqueue, queued, takeNotices } from "./door-store";
import { SYNC_URL, sendQueued } from "./door-sync";

// Sending what a door queued, against a fake server: grouped by door, at most 500 a request,
// answered items off the queue (refusals kept as notices), and nothing lost when the server is
// not reached, has signed the door out, or fails.

afterEach(async () => {
  await deleteDoorDatabase();
});

type SyncBody = { door: string; device?: string; checkIns: Omit<QueuedCheckIn, "door" | "device">[] };

let ticketNumber = 0;
function checkIn(door: string, ticket = `ZYS-ABC-${String(++ticketNumber).padStart(6, "2")}`): QueuedCheckIn {
  return { id: crypto.randomUUID(), ticket, method: "scan", at: new Date().toISOString(), door };
}

async function queue(items: QueuedCheckIn[]) {
  for (const item of items) await enqueue(item);
  return items;
}

/** A server that answers every item, by the status `statusOf` gives it; it records what it was sent. */
function fakeServer(statusOf: (item: SyncBody["checkIns"][number]) => DoorSyncResult["status"] = () => "applied") {
  const bodies: SyncBody[] = [];
  const fetcher = (async (url: string | URL | Request, init?: RequestInit) => {
    expect(url).toBe(SYNC_URL);
    expect(init).toMatchObject({ method: "POST", credentials: "same-origin", redirect: "manual" });
    const body = JSON.parse(String(init?.body)) as SyncBody;
    bodies.push(body);
    const answer: DoorSyncAnswer = {
      results: body.checkIns.map((item) => {
        const status = statusOf(item);
        return status === "refused" ? { id: item.id, status, message: "door:checkin.cancelledOffline" } : { id: item.id, status };
      }),
      doors: [],
      conflicts: 0,
    };
    return Response.json(answer);
  }) as typeof fetch;
  return { fetcher, bodies };
}

const answering = (response: () => Response) => (async () => response()) as typeof fetch;

describe("sendQueued", () => {
  it("sends each door's check-ins in their own requests, in order, without the door in each item", async () => {
    const items = await queue([checkIn("Gate A"), checkIn("ʼYar Gate"), checkIn("Gate A"), checkIn(""), checkIn("ʼYar Gate")]);
    const server = fakeServer();
    expect(await sendQueued(server.fetcher)).toEqual({ sent: 5, conflicts: 0, refused: 0, state: "done" });
    const sent = (door: string) => items.filter((i) => i.door === door).map(({ door: _, ...item }) => item);
    expect(server.bodies).toEqual([
      { door: "Gate A", checkIns: sent("Gate A") },
      { door: "ʼYar Gate", checkIns: sent("ʼYar Gate") },
      { door: "", checkIns: sent("") },
    ]);
    expect(await countQueued()).toBe(0);
  });

  it("sends one door name on two devices as two doors, each request naming its device", async () => {
    const [first, second] = [crypto.randomUUID(), crypto.randomUUID()];
    const items = await queue([
      { ...checkIn("Gate A"), device: first },
      { ...checkIn("Gate A"), device: second },
      { ...checkIn("Gate A"), device: first },
    ]);
    const server = fakeServer();
    expect(await sendQueued(server.fetcher)).toMatchObject({ sent: 3, state: "done" });
    const sent = (device: string) => items.filter((i) => i.device === device).map(({ door: _, device: __, ...item }) => item);
    expect(server.bodies).toEqual([
      { door: "Gate A", device: first, checkIns: sent(first) },
      { door: "Gate A", device: second, checkIns: sent(second) },
    ]);
  });

  it("sends at most 500 a request", async () => {
    const items = await queue(Array.from({ length: 501 }, () => checkIn("Gate A")));
    const server = fakeServer();
    expect(await sendQueued(server.fetcher)).toMatchObject({ sent: 501, state: "done" });
    expect(server.bodies.map((b) => b.checkIns.length)).toEqual([500, 1]);
    expect(server.bodies.flatMap((b) => b.checkIns.map((c) => c.id))).toEqual(items.map((i) => i.id));
    expect(await countQueued()).toBe(0);
  });

  it("takes every answered item off the queue, whatever the answer, and keeps refusals as notices", async () => {
    const [applied, duplicate, conflict, refused] = await queue([
      checkIn("Gate A"),
      checkIn("Gate A"),
      checkIn("Gate A"),
      checkIn("Gate A", "https://summit.example.org/tickets/ZYS-ABC-999999.1x"),
    ]);
    const statuses = new Map<string | undefined, DoorSyncResult["status"]>([
      [applied?.id, "applied"],
      [duplicate?.id, "duplicate"],
      [conflict?.id, "conflict"],
      [refused?.id, "refused"],
    ]);
    const server = fakeServer((item) => statuses.get(item.id) ?? "applied");
    expect(await sendQueued(server.fetcher)).toEqual({ sent: 4, conflicts: 1, refused: 1, state: "done" });
    expect(await queued()).toEqual([]);
    expect(await takeNotices()).toEqual([
      { id: refused?.id, ticket: "https://summit.example.org/tickets/ZYS-ABC-999999.1x", message: "door:checkin.cancelledOffline" },
    ]);
  });

  it("leaves an item the server did not answer on the queue", async () => {
    const [answered, unanswered] = await queue([checkIn("Gate A"), checkIn("Gate A")]);
    const fetcher = answering(() => Response.json({ results: [{ id: answered?.id, status: "applied" }], doors: [], conflicts: 0 }));
    expect(await sendQueued(fetcher)).toMatchObject({ sent: 1, state: "done" });
    expect(await queued()).toEqual([unanswered]);
  });

  it("keeps everything when the network is not there", async () => {
    const items = await queue([checkIn("Gate A"), checkIn("Gate B")]);
    const fetcher = (async () => {
      throw new TypeError("Failed to fetch");
    }) as typeof fetch;
    expect(await sendQueued(fetcher)).toEqual({ sent: 0, conflicts: 0, refused: 0, state: "offline" });
    expect(await queued()).toEqual(items);
  });

  it("keeps everything and says so when the session has ended (401, 403, a redirect to sign in)", async () => {
    const items = await queue([checkIn("Gate A")]);
    const redirect = { type: "opaqueredirect", status: 0, ok: false } as Response;
    for (const response of [() => new Response(null, { status: 401 }), () => new Response(null, { status: 403 }), () => redirect]) {
      expect(await sendQueued(answering(response))).toMatchObject({ sent: 0, state: "signed-out" });
    }
    expect(await queued()).toEqual(items);
  });

  it("keeps everything when the server fails, or answers something that is not its answer", async () => {
    const items = await queue([checkIn("Gate A"), checkIn("Gate A")]);
    const failures = [
      () => new Response("oops", { status: 500 }),
      () => new Response("bad request", { status: 400 }),
      // A venue's captive portal answers 200 with its own page.
      () => new Response("<html>Welcome to the hotel Wi-Fi</html>", { status: 200, headers: { "Content-Type": "text/html" } }),
      () => Response.json(null),
      () => Response.json({ results: "all of them" }),
      () => Response.json({ results: [null, { id: 42 }, { status: "applied" }, { id: "\uD800", status: "applied" }] }),
    ];
    const states = [];
    for (const response of failures) states.push(await sendQueued(answering(response)));
    // The last is an answer, naming none of the items sent: nothing to take off.
    expect(states).toEqual([
      ...Array.from({ length: 5 }, () => ({ sent: 0, conflicts: 0, refused: 0, state: "failed" })),
      { sent: 0, conflicts: 0, refused: 0, state: "done" },
    ]);
    expect(await queued()).toEqual(items);
    expect(await takeNotices()).toEqual([]);
  });

  it("keeps the batches after a failure, and takes off those sent before it", async () => {
    const items = await queue(Array.from({ length: 501 }, () => checkIn("Gate A")));
    let calls = 0;
    const server = fakeServer();
    const fetcher = (async (url: string, init?: RequestInit) =>
      ++calls === 1 ? server.fetcher(url, init) : new Response("oops", { status: 502 })) as typeof fetch;
    expect(await sendQueued(fetcher)).toEqual({ sent: 500, conflicts: 0, refused: 0, state: "failed" });
    expect(await queued()).toEqual(items.slice(500));
  });

  it("sends nothing when nothing is queued", async () => {
    const server = fakeServer();
    expect(await sendQueued(server.fetcher)).toEqual({ sent: 0, conflicts: 0, refused: 0, state: "done" });
    expect(server.bodies).toEqual([]);
  });

  it("is harmless sent twice at once (the page and the service worker): both runs end and the queue empties", async () => {
    await queue([checkIn("Gate A"), checkIn("Gate A"), checkIn("Gate B", "ZYS-ABC-777777")]);
    // The server answers an id it has seen as a duplicate, as door-sync.server does.
    const seen = new Set<string>();
    const server = fakeServer((item) => {
      if (item.ticket === "ZYS-ABC-777777") return "refused";
      const status = seen.has(item.id) ? "duplicate" : "applied";
      seen.add(item.id);
      return status;
    });
    const runs = await Promise.all([sendQueued(server.fetcher), sendQueued(server.fetcher)]);
    expect(runs.map((r) => r.state)).toEqual(["done", "done"]);
    expect(await countQueued()).toBe(0);
    // One refusal, told twice, is one notice.
    expect((await takeNotices()).map((n) => n.ticket)).toEqual(["ZYS-ABC-777777"]);
    expect(await sendQueued(server.fetcher)).toEqual({ sent: 0, conflicts: 0, refused: 0, state: "done" });
  });
});
