import type { Db } from "~/db/client.server";
import type { Language } from "~/i18n/languages";
import type { AuditActor } from "~/modules/audit/audit.server";
import { ticketLinkKeys } from "~/modules/tickets/ticket-link.server";
import { deviceOf, recordListFetch } from "./door-devices.server";
import { doorList } from "./door-list.server";
import { applyDoorCheckIns, countDoorConflicts, doorCounts } from "./door-sync.server";
import { doorSyncSchema } from "./door-sync-schema";
import type { DoorSyncAnswer } from "./offline/door-list-types";
import { countDoorListFetch } from "./search-limit.server";

// The two JSON endpoints of a door's device: its offline list, and the sync of what it recorded.
// Never cached: each answer is one moment's state of the door, and personal data.

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * GET /admin/check-in/list?device=<id>: the door's offline list (door-list.server.ts), within the
 * account's list limit (search-limit.server.ts); the device's download time is recorded first,
 * so a later sync from it cannot claim times before it.
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
  return Response.json(await doorList(db, ticketLinkKeys().secret, now), { headers: NO_STORE });
}

/**
 * POST /admin/check-in/sync, a JSON body { door, device, checkIns }: each check-in merged (one answer
 * each, in order), then the per-door counts and how many tickets two doors let in. A body that
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
  const { door, device, checkIns } = parsed.data;
  const results = await applyDoorCheckIns(
    db,
    actor,
    { door, device: device ?? null },
    checkIns,
    ticketLinkKeys().secret,
    new Date(),
    language,
  );
  const [doors, conflicts] = await Promise.all([doorCounts(db), countDoorConflicts(db)]);
  return Response.json({ results, doors, conflicts } satisfies DoorSyncAnswer, { headers: NO_STORE });
}
