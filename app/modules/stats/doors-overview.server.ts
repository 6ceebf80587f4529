import type { DbOrTx } from "~/db/client.server";
import { doorCounts, listDoorConflicts } from "~/modules/checkin/door-sync.server";
import { lagosClock } from "~/ui/date-time";

// Event Operations' Doors panel: check-ins per door, and the tickets two doors let in (a door
// that was offline could not know), in words organisers read at a glance.

/** How many conflicts the panel lists; the rest are counted. */
const CONFLICTS_SHOWN = 20;

/** A door's name as organisers read it: a device nobody named is still a door. */
function doorLabel(door: string): string {
  return door === "" ? "Unnamed door" : door;
}

export async function doorsOverview(db: DbOrTx) {
  const [counts, conflicts] = await Promise.all([doorCounts(db), listDoorConflicts(db, CONFLICTS_SHOWN)]);
  return {
    doors: counts.map((c) => ({ door: c.door, label: doorLabel(c.door), count: c.count })),
    conflicts: {
      total: conflicts.total,
      rows: conflicts.rows.map((c) => ({
        ticket_id: c.ticket_id,
        full_name: c.full_name,
        // "ZYS-… in at Main gate 09:02 and VIP entrance 09:05"
        line: `${c.ticket_id} in at ${doorLabel(c.first.door)} ${lagosClock(c.first.at)} and ${doorLabel(c.second.door)} ${lagosClock(c.second.at)}`,
      })),
    },
  };
}

export type DoorsOverview = Awaited<ReturnType<typeof doorsOverview>>;
