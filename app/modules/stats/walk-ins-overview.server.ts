import type { DbOrTx } from "~/db/client.server";
import { isUuid } from "~/db/uuid";
import { listWalkInConflicts, type WalkInConflict } from "~/modules/checkin/walk-in-conflicts.server";
import { heldWalkInShares } from "~/modules/checkin/walk-in-shares.server";
import { lagosClock, lagosDate, lagosDateTime } from "~/ui/date-time";

// Event Operations' Walk-ins panel: the seats door phones hold for walk-ins they may register
// offline (each phone's share of the seats kept for walk-ins), and the walk-ins those phones
// registered that the server could not simply take (someone registered already, or no seat left
// when they arrived), in words organisers read at a glance.

/** How many walk-in conflicts the panel lists; the rest are counted. */
const CONFLICTS_SHOWN = 10;

const doorLabel = (door: string) => door || "Unnamed door";

/** "Main gate 09:02" (with the date when it is not the walk-in's day). */
function place(p: { door: string; at: Date }, day: string): string {
  return `${doorLabel(p.door)} ${(lagosDate(p.at) === day ? lagosClock : lagosDateTime)(p.at)}`;
}

const REGISTERED = {
  web: "registered online",
  ussd: "registered by USSD",
  door: "registered at the door",
  whatsapp: "registered on WhatsApp",
} as const;

/**
 * One line: where the offline door registered them and the ticket it showed, then what the server
 * did instead ("Gate B 09:40, ticket ZYS-…: already registered as Amina Sani (ZYS-…), registered
 * online, in at Gate B 09:40").
 */
function conflictLine(c: WalkInConflict): string {
  const day = lagosDate(c.walkIn.at);
  const shown = `${place(c.walkIn, day)}, ticket ${c.walkIn.ticket_id}`;
  const { person } = c;
  if (c.kind === "over-capacity") {
    const ticket = person.ticket_id === c.walkIn.ticket_id ? "" : ` as ${person.ticket_id}`;
    return `${shown}: registered past capacity${ticket} (no seat was left when the phone sent it)`;
  }
  const registered = person.registered ? `registered at ${place(person.registered, day)}` : REGISTERED[person.channel];
  const checkedIn = person.checkedIn ? `, in at ${place(person.checkedIn, day)}` : "";
  return `${shown}: already registered as ${person.full_name} (${person.ticket_id}), ${registered}${checkedIn}`;
}

export async function walkInsOverview(db: DbOrTx) {
  const [held, conflicts] = await Promise.all([heldWalkInShares(db), listWalkInConflicts(db, CONFLICTS_SHOWN)]);
  return {
    held: {
      total: held.total,
      // The key names the account's device, as Release posts it (walk-ins-panel.tsx).
      rows: held.byDevice.map((d) => ({ key: `${d.adminId}.${d.device}`, door: doorLabel(d.door), by: d.by, count: d.count })),
    },
    conflicts: {
      total: conflicts.total,
      rows: conflicts.rows.map((c) => ({
        id: c.id,
        // The name as the offline door typed it.
        full_name: c.walkIn.full_name,
        kind: c.kind === "same-person" ? "Registered already" : "Past capacity",
        line: conflictLine(c),
      })),
    },
  };
}

export type WalkInsOverview = Awaited<ReturnType<typeof walkInsOverview>>;

/** A held row's key (`<account id>.<device id>`, as the panel posts it) read back; null when it is not one. */
export function shareHolderOf(key: unknown): { adminId: string; device: string } | null {
  if (typeof key !== "string") return null;
  const [adminId = "", device = "", ...rest] = key.split(".");
  return rest.length === 0 && isUuid(adminId) && isUuid(device) ? { adminId: adminId.toLowerCase(), device: device.toLowerCase() } : null;
}
