import { DOOR_SYNC_MAX_ITEMS } from "../door-sync-limits";
import type { DoorSyncAnswer, DoorSyncResult, QueuedCheckIn, QueuedWalkIn } from "./door-list-types";
import { addNotices, dequeue, queued, queuedWalkIns } from "./door-store";

// Sending the check-ins a door queued: from the page (on reconnecting, on a timer, after each
// check-in) and from the service worker (Background Sync, where the browser has it). Both may
// send the same ones at once: the server applies each by its id, once.

export const SYNC_URL = "/admin/check-in/sync";

export type SyncRun = { sent: number; conflicts: number; refused: number; state: "done" | "offline" | "signed-out" | "failed" };

export async function sendQueued(fetcher: typeof fetch = fetch): Promise<SyncRun> {
  const [checkIns, walkIns] = await Promise.all([queued(), queuedWalkIns()]);
  const run: SyncRun = { sent: 0, conflicts: 0, refused: 0, state: "done" };
  // One request names one door: its name and its device. Its walk-ins go first: a give or a
  // check-in queued for a walk-in's ticket finds them registered.
  const byDoor = new Map<string, { door: string; device?: string; batches: Batch[] }>();
  const add = (item: QueuedCheckIn | QueuedWalkIn, kind: keyof Batch) => {
    const key = JSON.stringify([item.door, item.device ?? null]);
    const group = byDoor.get(key) ?? { door: item.door, device: item.device, batches: [] };
    byDoor.set(key, group);
    let batch = group.batches.at(-1);
    if (
      !batch ||
      batch.checkIns.length + batch.walkIns.length >= DOOR_SYNC_MAX_ITEMS ||
      (kind === "walkIns" && batch.checkIns.length > 0)
    ) {
      batch = { checkIns: [], walkIns: [] };
      group.batches.push(batch);
    }
    (batch[kind] as (QueuedCheckIn | QueuedWalkIn)[]).push(item);
  };
  for (const item of walkIns) add(item, "walkIns");
  for (const item of checkIns) add(item, "checkIns");
  for (const { door, device, batches } of byDoor.values()) {
    for (const batch of batches) {
      let response: Response;
      try {
        response = await fetcher(SYNC_URL, {
          method: "POST",
          credentials: "same-origin",
          redirect: "manual",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          body: JSON.stringify({
            door,
            device,
            checkIns: batch.checkIns.map(({ id, ticket, method, at, list }) => ({ id, ticket, method, at, list })),
            ...(batch.walkIns.length > 0
              ? { walkIns: batch.walkIns.map(({ id, share, at, fields, language }) => ({ id, share, at, fields, language })) }
              : {}),
          }),
        });
      } catch {
        return { ...run, state: "offline" };
      }
      if (response.type === "opaqueredirect" || response.status === 401 || response.status === 403) return { ...run, state: "signed-out" };
      if (!response.ok) return { ...run, state: "failed" };
      const sent = [...batch.walkIns.map((w) => ({ id: w.id, ticket: w.share })), ...batch.checkIns];
      const results = await resultsOf(response, sent);
      // A 200 that is not the server's answer (a captive portal's page, a proxy's): nothing is known sent.
      if (!results) return { ...run, state: "failed" };
      const refused = results.filter((r) => r.status === "refused");
      // Refusals, and what became of a walk-in another way (already registered, another ticket ID): the door is told.
      const told = results.filter((r) => r.message);
      await addNotices(told.map((r) => ({ id: r.id, ticket: sent.find((b) => b.id === r.id)?.ticket ?? "", message: r.message ?? "" })));
      await dequeue(results.map((r) => r.id));
      run.sent += results.length;
      run.conflicts += results.filter((r) => r.status === "conflict").length;
      run.refused += refused.length;
    }
  }
  return run;
}

/** One request's items: walk-ins, then check-ins and gives. */
type Batch = { checkIns: QueuedCheckIn[]; walkIns: QueuedWalkIn[] };

/** The answers to this batch's items, or null when the body is not the sync's answer. */
async function resultsOf(response: Response, batch: readonly { id: string }[]): Promise<DoorSyncResult[] | null> {
  let answer: Partial<DoorSyncAnswer> | null;
  try {
    answer = (await response.json()) as Partial<DoorSyncAnswer> | null;
  } catch {
    return null;
  }
  if (!Array.isArray(answer?.results)) return null;
  // Only ids this batch sent leave the queue: an answer naming others takes nothing else off.
  const sent = new Set(batch.map((item) => item.id));
  return answer.results.filter((r) => typeof r?.id === "string" && sent.has(r.id));
}
