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
export async function takePostSlot(
  db: DbOrTx,
  ip: string,
  { now = new Date(), ceiling = getConfig().formPostsPerIp }: { now?: Date; ceiling?: number } = {},
): Promise<{ ok: true } | { ok: false; retryAfter: number }> {
  const network = clientNetwork(ip);
  if (!network) return { ok: true };
  const count = await countHit(db, `posts:${network}`, POST_WINDOW_MS, now);
  if (count <= ceiling) return { ok: true };
  const ends = windowStart(now, POST_WINDOW_MS).getTime() + POST_WINDOW_MS;
  return { ok: false, retryAfter: Math.max(1, Math.ceil((ends - now.getTime()) / 1000)) };
}
