import { clientNetwork } from "~/client-network.server";
import { getConfig } from "~/config.server";
import type { DbOrTx } from "~/db/client.server";
import { countHit, windowStart } from "~/db/counters.server";

// A coarse ceiling on the public forms per network (an IPv4 address, or an IPv6 /64: one
// device can hold a whole /64). Many young Nigerians reach the site through a mobile carrier's
// shared address, so it is high: a crowd registering behind one address passes, and only one
// source posting thousands is refused. Counted in the database, so every server process and
// instance sees one count. FORM_POSTS_PER_IP sets it (default 1,000 per 10 minutes). Seats are
// protected by the holds (holds.server.ts), which start far lower and refuse nobody.

const POST_WINDOW_MS = 10 * 60_000;

export const NETWORK_CEILING_MESSAGE = "form.networkCeiling";

/** Counts one post from `ip`'s network; refused with the seconds until its window ends once over the ceiling. */
export function takePostSlot(
  db: DbOrTx,
  ip: string,
  { now = new Date(), ceiling = getConfig().formPostsPerIp }: { now?: Date; ceiling?: number } = {},
): Promise<NetworkSlot> {
  return takeNetworkSlot(db, ip, { name: "posts", windowMs: POST_WINDOW_MS, ceiling, now });
}

export type NetworkSlot = { ok: true } | { ok: false; retryAfter: number };

/**
 * One hit of the limit `name` from `ip`'s network in a fixed window of `windowMs`; refused,
 * with the seconds until the window ends, once past `ceiling`. An address without a network
 * (none at all) is never refused.
 */
export async function takeNetworkSlot(
  db: DbOrTx,
  ip: string,
  { name, windowMs, ceiling, now = new Date() }: { name: string; windowMs: number; ceiling: number; now?: Date },
): Promise<NetworkSlot> {
  const network = clientNetwork(ip);
  if (!network) return { ok: true };
  const count = await countHit(db, `${name}:${network}`, windowMs, now);
  if (count <= ceiling) return { ok: true };
  const ends = windowStart(now, windowMs).getTime() + windowMs;
  return { ok: false, retryAfter: Math.max(1, Math.ceil((ends - now.getTime()) / 1000)) };
}
