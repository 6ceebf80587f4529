import type { Db } from "~/db/client.server";
import type { Language } from "~/i18n/languages";
import type { AuditActor } from "~/modules/audit/audit.server";
import { ticketLinkKeys } from "~/modules/tickets/ticket-link.server";
import { deviceOf, recordListFetch } from "./door-devices.server";
import { doorList } from "./door-list.server";
import { applyDoorCheckIns, countDoorConflicts, doorCounts } from "./door-sync.server";
import { doorSyncSchema } from "./door-sync-schema";
import type { DoorList, DoorSyncAnswer } from "./offline/door-list-types";
import { countDoorListFetch } from "./search-limit.server";
import { grantWalkInShares, walkInSharesForDoor } from "./walk-in-shares.server";
import { applyDoorWalkIns } from "./walk-in-sync.server";

// The two JSON endpoints of a door's device: its offline list, and the sync of what it recorded.
// Never cached: each answer is one moment's state of the door, and personal data.

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * GET /admin/check-in/list?device=<id>&door=<name>: the door's offline list (door-list.server.ts),
 * within the account's list limit (search-limit.server.ts); the device's download time is
 * recorded first, so a later sync from it cannot claim times before it. The list carries the
 * device's seats for offline walk-ins, topped up under its door's name (walk-in-shares.server.ts).
 */
export async function doorListResponse(db: Db, actor: { id: string }, url: URL, now = new Date()): Promise<Response> {
  const allowance = await countDoorListFetch(db, actor.id, now);
  if (!allowance.allowed) {
    // The door keeps its copy on any answer but the list (door-runtime.ts): a refusal costs it nothing.
    const retryAfter = String(Math.ceil(allowance.retryAfterMs / 1000));
    return Response.json(
      { error: "Too many list downloads from this account." },
      { status: 429, headers: { ...NO_STORE, "Retry-After": retryAfter } },
    );
  }
  const device = deviceOf(url.searchParams.get("device"));
  if (device) await recordListFetch(db, actor.id, device, now);
  const { secret } = ticketLinkKeys();
  // The device's seats for offline walk-ins, topped up (a device that names none gets none).
  const door = doorSyncSchema.shape.door.catch("").parse(url.searchParams.get("door") ?? undefined);
  const shares = device ? await grantWalkInShares(db, { adminId: actor.id, device }, door, now) : [];
  const list: DoorList = { ...(await doorList(db, secret, now)), walkInShares: await walkInSharesForDoor(shares, secret) };
  return Response.json(list, { headers: NO_STORE });
}

/**
 * POST /admin/check-in/sync, a JSON body { door, device, checkIns, walkIns }: each walk-in registered
 * offline merged (walk-in-sync.server.ts), then each check-in (one answer each, in order: the
 * walk-ins' first), then the per-door counts and how many tickets two doors let in. A body that
 * is not such JSON is a 400 and changes nothing.
 */
export async function doorSyncAction(db: Db, actor: AuditActor, request: Request, language: Language): Promise<Response> {
  let body: unknown;
  try {
    body = JSON.parse(await request.text());
  } catch {
    body = undefined;
  }
  const parsed = doorSyncSchema.safeParse(body);
  if (!parsed.success) return Response.json({ error: "Expected { door, checkIns } as JSON." }, { status: 400, headers: NO_STORE });
  const { door, device, checkIns, walkIns } = parsed.data;
  const origin = { door, device: device ?? null };
  const now = new Date();
  // Walk-ins first: a give or check-in queued for a walk-in's ticket then finds them.
  const walkInResults = await applyDoorWalkIns(db, actor, origin, walkIns, { language, now });
  const checkInResults = await applyDoorCheckIns(db, actor, origin, checkIns, ticketLinkKeys().secret, now, language);
  const results = [...walkInResults, ...checkInResults];
  const [doors, conflicts] = await Promise.all([doorCounts(db), countDoorConflicts(db)]);
  return Response.json({ results, doors, conflicts } satisfies DoorSyncAnswer, { headers: NO_STORE });
}
