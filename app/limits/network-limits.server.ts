import { networkLadder } from "~/client-network.server";
import { getConfig } from "~/config.server";
import type { DbOrTx } from "~/db/client.server";
import { countHits, secondsLeftInWindow } from "~/db/counters.server";

// Ceilings per network on what the public can ask of the site (form posts, visits, certificate
// checks), shared by every domain that needs one. Counted in the database, so every server
// process and instance sees one count.
//
// A network is counted at each of its sizes (client-network.server.ts): an IPv6 /64, and the
// /56 and /48 around it, with higher ceilings the wider it is; an IPv4 address and its /24. One
// machine given a /48 by a tunnel broker can post from a new /64 every time, so the /64's count
// alone never fills; its /48 does.

const POST_WINDOW_MS = 10 * 60_000;

/**
 * How many times a wider network may ask, compared with one /64 or one IPv4 address. A /56 is
 * typically one household or small office; a /48 one site or a whole tunnel-broker user; an IPv4
 * /24 a carrier's pool of shared addresses, each already standing for many phones.
 */
const WIDER_NETWORK_FACTORS = { "/56": 2, "/48": 4, "/24": 4 } as const;

export const NETWORK_CEILING_MESSAGE = "form.networkCeiling";

/**
 * A coarse ceiling on the public forms per network. Many young Nigerians reach the site through a
 * mobile carrier's shared address, so it is high: a crowd registering behind one address passes,
 * and only one source posting thousands is refused. FORM_POSTS_PER_IP sets it (default 1,000 per
 * 10 minutes). Seats are protected by the holds (registration's holds.server.ts), which start far
 * lower and refuse nobody.
 */
export function takePostSlot(
  db: DbOrTx,
  ip: string,
  { now = new Date(), ceiling = getConfig().formPostsPerIp }: { now?: Date; ceiling?: number } = {},
): Promise<NetworkSlot> {
  return takeNetworkSlot(db, ip, { name: "posts", windowMs: POST_WINDOW_MS, ceiling, now });
}

export type NetworkSlot = { ok: true } | { ok: false; retryAfter: number };

/** The ceiling for `network` (one rung of a ladder) when one /64 or IPv4 address has `ceiling`. */
export function ceilingFor(network: string, ceiling: number, factors: Record<string, number> = WIDER_NETWORK_FACTORS): number {
  const size = Object.keys(factors).find((suffix) => network.endsWith(suffix));
  return size ? Math.ceil(ceiling * (factors[size] ?? 1)) : ceiling;
}

/**
 * One hit of the limit `name` from `ip`'s network, at each of its sizes, in a fixed window of
 * `windowMs`; refused, with the seconds until the window ends, once any size is past its ceiling.
 * An address that cannot be read is one network (clientNetwork), never none.
 */
export async function takeNetworkSlot(
  db: DbOrTx,
  ip: string,
  { name, windowMs, ceiling, now = new Date() }: { name: string; windowMs: number; ceiling: number; now?: Date },
): Promise<NetworkSlot> {
  const networks = networkLadder(ip);
  const counts = await countHits(
    db,
    networks.map((network) => `${name}:${network}`),
    windowMs,
    now,
  );
  if (networks.every((network, i) => (counts[i] ?? 0) <= ceilingFor(network, ceiling))) return { ok: true };
  return { ok: false, retryAfter: secondsLeftInWindow(now, windowMs) };
}
