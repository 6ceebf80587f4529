import { isUuid } from "~/db/uuid";
import { LIST_PARAM } from "../lists/door-href";
import { checkInOffline, type DoorResult, doorStatus, learnFromServer, offlinePage, setOnline } from "./door-runtime";
import { fromServer, unreachable, withinServerWait } from "./server-wait";

// The door route's client loader and action: the server first, the device when the server
// cannot be reached (no network, or no answer within a few seconds). A check-in carries the
// device's own id, so one the server did apply before the device gave up on it counts once.
// Once the server has not answered, the door stops asking it for each person (a Wi-Fi with no
// way out would cost everyone in the queue the wait) until a probe in the background reaches it
// again (use-offline-door.ts).

/** Worth asking the server: the browser has a network, and the server answered last time. */
function serverReachable(): boolean {
  return navigator.onLine && doorStatus.get().online;
}

type Page = { q: string; checkedIn: number; registered: number };
let lastPage: unknown;

/** The page's data from the server; offline, from the device on top of the last data seen. */
export async function doorClientLoader<P extends Page>(
  request: Request,
  serverLoader: () => Promise<P>,
): Promise<P | ReturnType<typeof offlinePage<P>>> {
  const server = await fromServer(serverLoader);
  if (server) {
    lastPage = server.answer;
    return server.answer;
  }
  const base = (lastPage ?? {
    q: "",
    checkedIn: 0,
    registered: 0,
    matches: [],
    searchError: null,
    undo: null,
    doors: [],
    conflicts: { rows: [], total: 0 },
  }) as P;
  return offlinePage(base, new URL(request.url));
}

/** What the server rendered first: the base of the page offline. */
export function rememberPage(page: unknown) {
  lastPage ??= page;
}

/** An action's answer made on the device (offline/door-runtime.ts, checkInOffline), not the server's. */
export function answeredByDevice(actionResult: unknown): boolean {
  return typeof actionResult === "object" && actionResult !== null && "offline" in actionResult;
}

export async function doorClientAction<R>(request: Request, serverAction: () => Promise<R>): Promise<R | DoorResult> {
  const form = await request.clone().formData();
  // A check-in list chosen (`?list=`): a give from it, offline too (offline-lists.ts).
  const listId = chosenList(request);
  let asked: Promise<R> | undefined;
  if (serverReachable() || form.get("intent") === "undo") {
    asked = serverAction();
    try {
      const result = await withinServerWait(asked);
      learnFromServer(result as DoorResult, listId);
      return result;
    } catch (error) {
      if (!unreachable(error)) throw error;
      setOnline(false);
      if (form.get("intent") === "undo") {
        return { outcome: { status: "refused", message: "door:offline.needsNetwork" }, at: Date.now(), offline: true };
      }
    }
  }
  const answer = await checkInOffline(form, new Date(), listId);
  return answer.outcome.status === "refused" && navigator.onLine ? askBeforeRefusing(asked ?? serverAction(), answer, listId) : answer;
}

/** The check-in list the door gives from ("" for the entrance). */
function chosenList(request: Request): string {
  const id = new URL(request.url).searchParams.get(LIST_PARAM) ?? "";
  return isUuid(id) ? id.toLowerCase() : "";
}

/**
 * A refusal from the phone turns a person away, and the phone's list cannot know everything the
 * server does (last year's ticket and its edition, a registration made since the list came). While
 * the browser has a network, the server is looked for once more (withinServerWait: its answer
 * still on the way, or asked now when the door had stopped asking) and its answer wins; only
 * without it does the phone's refusal stand. An admission from the list is never held up by this.
 */
async function askBeforeRefusing<R>(work: Promise<R>, refusal: DoorResult, listId: string): Promise<R | DoorResult> {
  try {
    const result = await withinServerWait(work);
    setOnline(true);
    learnFromServer(result as DoorResult, listId);
    return result;
  } catch (error) {
    if (!unreachable(error)) throw error;
    return refusal;
  }
}
