import type { Db } from "~/db/client.server";
import type { Language } from "~/i18n/languages";
import type { AuditActor } from "~/modules/audit/audit.server";
import { ticketLinkKeys } from "~/modules/tickets/ticket-link.server";
import { doorList } from "./door-list.server";
import { applyDoorCheckIns, countDoorConflicts, doorCounts } from "./door-sync.server";
import { doorSyncSchema } from "./door-sync-schema";
import type { DoorSyncAnswer } from "./offline/door-list-types";

// The two JSON endpoints of a door's device: its offline list, and the sync of what it recorded.
// Never cached: each answer is one moment's state of the door, and personal data.

const NO_STORE = { "Cache-Control": "no-store" };

/** GET /admin/check-in/list: the door's offline list (door-list.server.ts). */
export async function doorListResponse(db: Db, now = new Date()): Promise<Response> {
  return Response.json(await doorList(db, ticketLinkKeys().secret, now), { headers: NO_STORE });
}

/**
 * POST /admin/check-in/sync, a JSON body { door, checkIns }: each check-in merged (one answer
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
  const { door, checkIns } = parsed.data;
  const results = await applyDoorCheckIns(db, actor, door, checkIns, ticketLinkKeys().secret, new Date(), language);
  const [doors, conflicts] = await Promise.all([doorCounts(db), countDoorConflicts(db)]);
  return Response.json({ results, doors, conflicts } satisfies DoorSyncAnswer, { headers: NO_STORE });
}
