import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { admin_users, door_walk_in_shares } from "~/db/schema";
import { type AuditActor, recordAudit } from "~/modules/audit/audit.server";
import { doorSeatsLeft } from "~/modules/settings/registration-status";
import { lockSeats } from "~/modules/settings/seats.server";
import { qrSvg } from "~/modules/tickets/qr.server";
import { generateTicketId } from "~/modules/tickets/ticket-id";
import { signDoorCode } from "~/modules/tickets/ticket-token.server";
import type { DoorWalkInShare } from "./offline/door-list-types";

// Seats for walk-ins a door may register while offline (the issue: "doors apart never exceed
// capacity together"). Each time a device downloads the door list online, its unused shares of
// the seats kept for walk-ins (settings.walk_in_seats) are topped up to what the organisers set per phone (settings.walk_in_seats_per_phone; 0: none), never past
// the kept seats not granted yet: a phone then registers at most what it holds, whoever else is
// offline. A share is one seat, kept from online registration and the waitlist while unused
// (doorReserve), and one ticket ID, drawn here by the server: two doors cannot make the same one.
// Every write of a share takes the seats' lock first (lockSeats), as any seat change does, so
// the counts read under it are the latest. No seats kept for walk-ins: no shares, and an offline
// door registers no walk-ins (the organisers' choice).

/** A device of an account: shares are granted to, and spent by, that pair only. */
export type ShareHolder = { adminId: string; device: string };

const heldBy = (holder: ShareHolder) =>
  and(eq(door_walk_in_shares.admin_id, holder.adminId), eq(door_walk_in_shares.device, holder.device));

const oldestFirst = [asc(door_walk_in_shares.granted_at), asc(door_walk_in_shares.ticket_id)];

/**
 * Tops the device's unused shares up to the seats per phone (Event Settings), within the kept seats not already granted
 * (and the seats actually free, should the capacity have been lowered under the kept ones), in
 * one transaction under the seats' lock. Returns the device's unused shares' ticket IDs, oldest first.
 */
export async function grantWalkInShares(db: Db, holder: ShareHolder, door: string, now = new Date()): Promise<string[]> {
  // Every door phone downloads its list each minute, and the seats' lock is the one every
  // registration waits for: when phones hold no seats (the default) and this one has none to
  // give back, nothing is written, so the lock is not taken. Read again under the lock below.
  const settings = await lockSeats(db, { lock: false });
  const offered = settings !== undefined && settings.walk_in_seats > 0 && settings.walk_in_seats_per_phone > 0;
  if (!offered && (await countWalkInShares(db, holder)) === 0) return [];
  return db.transaction(async (tx) => {
    const event = await lockSeats(tx);
    if (!event) return [];
    if (event.walk_in_seats <= 0 || event.walk_in_seats_per_phone <= 0) {
      // Nothing is kept for walk-ins (or for phones) any more: what this device held is not counted as kept, so it goes.
      await tx.delete(door_walk_in_shares).where(heldBy(holder));
      return [];
    }
    const mine = await tx
      .select({ ticket_id: door_walk_in_shares.ticket_id })
      .from(door_walk_in_shares)
      .where(heldBy(holder))
      .orderBy(...oldestFirst);
    const notGranted = event.walk_in_seats - event.walk_ins - event.door_shares;
    const wanted = Math.min(event.walk_in_seats_per_phone - mine.length, notGranted, doorSeatsLeft(event) - event.door_shares);
    const granted = new Set<string>();
    // One request's IDs share their time part; the random part tells them apart (a repeat is drawn again).
    while (granted.size < wanted) granted.add(generateTicketId(now.getTime()));
    if (granted.size > 0) {
      const rows = [...granted].map((ticket_id) => ({ ticket_id, admin_id: holder.adminId, device: holder.device, door, granted_at: now }));
      await tx.insert(door_walk_in_shares).values(rows);
    }
    return [...mine.map((m) => m.ticket_id), ...[...granted].sort()];
  });
}

/** The shares as the door list carries them: each ticket ID with its signed door code and that code's QR (SVG). */
export async function walkInSharesForDoor(ticketIds: string[], secret: string): Promise<DoorWalkInShare[]> {
  return Promise.all(
    ticketIds.map(async (ticketId) => {
      const code = signDoorCode(ticketId, secret);
      return { ticketId, code, qr: await qrSvg(code) };
    }),
  );
}

/**
 * Spends one of the device's unused shares in the caller's transaction (under the seats' lock):
 * `ticketId`'s, or the oldest. Its ticket ID, or null when the device holds no such share.
 */
export async function takeWalkInShare(tx: DbOrTx, holder: ShareHolder, ticketId?: string): Promise<string | null> {
  const which =
    ticketId === undefined
      ? sql`(select ${door_walk_in_shares.ticket_id} from ${door_walk_in_shares} where ${heldBy(holder)}
          order by ${door_walk_in_shares.granted_at}, ${door_walk_in_shares.ticket_id} limit 1)`
      : sql`${ticketId}`;
  const [taken] = await tx
    .delete(door_walk_in_shares)
    .where(and(heldBy(holder), eq(door_walk_in_shares.ticket_id, which)))
    .returning({ ticket_id: door_walk_in_shares.ticket_id });
  return taken?.ticket_id ?? null;
}

/** How many unused shares the device holds (the walk-in page's seat line counts them as its own). */
export async function countWalkInShares(db: DbOrTx, holder: ShareHolder): Promise<number> {
  const [row] = await db.select({ n: count() }).from(door_walk_in_shares).where(heldBy(holder));
  return row?.n ?? 0;
}

export type HeldShares = {
  total: number;
  /** per device: its door's name when granted (the latest grant's), its account, how many it holds */
  byDevice: { adminId: string; device: string; door: string; by: string; count: number }[];
};

/** The seats door phones hold for offline walk-ins, per device, most first (Event Operations). */
export async function heldWalkInShares(db: DbOrTx): Promise<HeldShares> {
  const n = count();
  const rows = await db
    .select({
      adminId: door_walk_in_shares.admin_id,
      device: door_walk_in_shares.device,
      // A device renamed between downloads: the name of its latest grant.
      door: sql<string>`(array_agg(${door_walk_in_shares.door} order by ${door_walk_in_shares.granted_at} desc))[1]`,
      by: admin_users.name,
      count: n,
    })
    .from(door_walk_in_shares)
    .innerJoin(admin_users, eq(admin_users.id, door_walk_in_shares.admin_id))
    .groupBy(door_walk_in_shares.device, door_walk_in_shares.admin_id, admin_users.name)
    .orderBy(desc(n), admin_users.name, door_walk_in_shares.device);
  return { total: rows.reduce((sum, row) => sum + row.count, 0), byDevice: rows };
}

/**
 * An organiser hands a phone's unused seats back (a phone lost, broken or gone home): they are
 * kept for walk-ins again, or free once the kept ones are used. Audited. The phone does not know:
 * walk-ins it registers offline on them afterwards are registered on a free seat, or past the
 * capacity (walk-in-sync.server.ts); online again, it is given seats anew. Returns how many went back.
 */
export async function releaseWalkInShares(db: Db, actor: AuditActor, holder: ShareHolder): Promise<number> {
  return db.transaction(async (tx) => {
    await lockSeats(tx);
    const released = await tx
      .delete(door_walk_in_shares)
      .where(heldBy(holder))
      .returning({ door: door_walk_in_shares.door, granted_at: door_walk_in_shares.granted_at });
    if (released.length === 0) return 0;
    const [latest] = released.sort((a, b) => b.granted_at.getTime() - a.granted_at.getTime());
    const [account] = await tx.select({ name: admin_users.name }).from(admin_users).where(eq(admin_users.id, holder.adminId));
    await recordAudit(tx, actor, {
      action: "walk-in.release-seats",
      entity: "door_device",
      entityId: holder.device,
      details: { seats: released.length, door: latest?.door || "Unnamed door", account: account?.name ?? "" },
    });
    return released.length;
  });
}
