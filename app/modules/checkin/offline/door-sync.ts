import { DOOR_SYNC_MAX_ITEMS } from "../door-sync-limits";
import type { DoorSyncAnswer, DoorSyncResult, QueuedCheckIn } from "./door-list-types";
import { addNotices, dequeue, queued } from "./door-store";

// Sending the check-ins a door queued: from the page (on reconnecting, on a timer, after each
// check-in) and from the service worker (Background Sync, where the browser has it). Both may
// send the same ones at once: the server applies each by its id, once.

export const SYNC_URL = "/admin/check-in/sync";

export type SyncRun = { sent: number; conflicts: number; refused: number; state: "done" | "offline" | "signed-out" | "failed" };

export async function sendQueued(fetcher: typeof fetch = fetch): Promise<SyncRun> {
  const items = await queued();
  const run: SyncRun = { sent: 0, conflicts: 0, refused: 0, state: "done" };
  // One request names one door: its name and its device.
  const byDoor = new Map<string, QueuedCheckIn[]>();
  for (const item of items) {
    const key = JSON.stringify([item.door, item.device ?? null]);
    const door = byDoor.get(key);
    if (door) door.push(item);
    else byDoor.set(key, [item]);
  }
  for (const all of byDoor.values()) {
    const { door, device } = all[0] ?? { door: "" };
    for (let i = 0; i < all.length; i += DOOR_SYNC_MAX_ITEMS) {
      const batch = all.slice(i, i + DOOR_SYNC_MAX_ITEMS);
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
            checkIns: batch.map(({ id, ticket, method, at, list }) => ({ id, ticket, method, at, list })),
          }),
        });
      } catch {
        return { ...run, state: "offline" };
      }
      if (response.type === "opaqueredirect" || response.status === 401 || response.status === 403) return { ...run, state: "signed-out" };
      if (!response.ok) return { ...run, state: "failed" };
      const results = await resultsOf(response, batch);
      // A 200 that is not the server's answer (a captive portal's page, a proxy's): nothing is known sent.
      if (!results) return { ...run, state: "failed" };
      const refused = results.filter((r) => r.status === "refused");
      await addNotices(
        refused.map((r) => ({ id: r.id, ticket: batch.find((b) => b.id === r.id)?.ticket ?? "", message: r.message ?? "" })),
      );
      await dequeue(results.map((r) => r.id));
      run.sent += results.length;
      run.conflicts += results.filter((r) => r.status === "conflict").length;
      run.refused += refused.length;
    }
  }
  return run;
}

/** The answers to this batch's items, or null when the body is not the sync's answer. */
async function resultsOf(response: Response, batch: readonly QueuedCheckIn[]): Promise<DoorSyncResult[] | null> {
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
