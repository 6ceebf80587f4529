import { nameSearchKey } from "~/db/search-key";
import type { DoorWalkInShare, QueuedWalkIn } from "./door-list-types";
import type { DoorSnapshot } from "./door-snapshot";

// Walk-ins on the door's phone while the server cannot be reached. The server grants each door
// device a few seats for walk-ins while it is online (its shares of the seats kept for walk-ins,
// each with the ticket ID it will be), so doors apart never register more than the hall holds
// and their ticket IDs never collide: the server made them. A walk-in registered here takes the
// first share left, is let in on the phone's list at once (lunch and the kits find them), and
// waits in the queue with what was typed until the server has it.

/** The shares this phone has not used yet: the download's, less those queued walk-ins took. */
export function unusedShares(shares: readonly DoorWalkInShare[], walkIns: readonly QueuedWalkIn[]): DoorWalkInShare[] {
  const used = new Set(walkIns.map((w) => w.share));
  return shares.filter((share) => !used.has(share.ticketId));
}

/** A walk-in registered on this phone, on the snapshot: in, under their ticket, and the share used. */
export function markWalkIn(snapshot: DoorSnapshot, walkIn: QueuedWalkIn) {
  const field = (name: string) => walkIn.fields[name]?.trim() ?? "";
  const name = field("fullName");
  const person = {
    ticketId: walkIn.share,
    name,
    organization: field("organization"),
    state: field("state"),
    checkedInAt: walkIn.at,
    door: walkIn.door,
    position: field("position"),
    localGovernment: field("localGovernment"),
    phoneEnd: field("phone").replace(/\D/g, "").slice(-3),
    mineAt: Date.parse(walkIn.at),
    key: nameSearchKey(name),
  };
  if (!snapshot.people.has(walkIn.share)) {
    snapshot.byName.push(person);
    snapshot.checkedIn++;
  }
  snapshot.people.set(walkIn.share, person);
  snapshot.shares = snapshot.shares.filter((share) => share.ticketId !== walkIn.share);
}

/** A share the server used for a walk-in registered online from this phone: no longer this phone's to use. */
export function shareUsed(snapshot: DoorSnapshot, ticketId: string) {
  snapshot.shares = snapshot.shares.filter((share) => share.ticketId !== ticketId);
}
