import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import { getConfig } from "~/config.server";
import type { DbOrTx } from "~/db/client.server";
import { takeNetworkSlot } from "./network-limits.server";

// What is drawn for one person on request (the saved ticket's picture, the certificate's PDF)
// costs the server far more CPU than asking costs the asker, so (docs/SECURITY.md, "Pictures
// drawn per person"):
// - each drawing is kept by its content (everything drawn, hashed), so asking again, or twelve
//   times at once, draws it once; a corrected name or a moved date is other content, drawn anew;
// - requests waiting for a drawing, of every kind together, hold a quarter of the public lane's
//   running requests at most (MAX_ACTIVE_REQUESTS, server/load-shedding.ts): a request waiting
//   holds its place in the lane, so twelve of them would fill it and the lane would turn people
//   away from /register with 503. Past that quarter a drawing not yet made is "busy, try again
//   in a few seconds" at once, and pages keep three quarters of the lane;
// - a network may have so many drawings made per window (at each of its sizes, the site's
//   per-network kit): drawings already kept do not count, so a school downloading the same few
//   again never reaches it.
// Limits per person's link are the caller's (link-limit.server.ts), asked before this.

const WINDOW_MS = 10 * 60_000;
/** A drawing takes well under a second: a few seconds later it is likely kept. */
const BUSY_RETRY_SECONDS = 5;

/** Not drawn now: the network drew too many (429) or too many wait for drawings (503). */
type DrawingRefused = { status: 429 | 503; retryAfter: number };

/** Requests of this process now waiting for a drawing, of any kind (one kept is not waited for). */
let waiting = 0;
/** What `waiting` may reach: a quarter of the public lane, at least one. */
const mostWaiting = () => Math.max(1, Math.floor(getConfig().maxActiveRequests / 4));

class NetworkRefusal extends Error {
  constructor(readonly retryAfter: number) {
    super("too many drawings for this network");
  }
}

type Asker<Input> = { db: DbOrTx; clientIp: string; input: Input };

export type DrawnOnce<Input> = {
  /** The bytes `input` draws, kept or drawn now for `clientIp`'s network; or why not now. */
  get(db: DbOrTx, clientIp: string, input: Input): Promise<Buffer | DrawingRefused>;
};

/**
 * Drawings of one kind, kept by content up to `maxBytes`. `input` is everything drawn (its JSON
 * is the key); `draw` makes the bytes and throws what `isBusy` recognises when it cannot now
 * (its thread pool's queue is full). `name` counts the network's drawings, `perNetwork` in 10 minutes.
 */
export function drawnOnce<Input>({
  name,
  perNetwork,
  maxBytes,
  draw,
  isBusy,
}: {
  name: string;
  perNetwork: number;
  maxBytes: number;
  draw: (input: Input, db: DbOrTx) => Promise<Buffer>;
  isBusy: (error: unknown) => boolean;
}): DrawnOnce<Input> {
  // One drawing in flight per content: lru-cache's fetch hands the same promise to every request
  // for the same content while it is drawn, and the network's count is taken only for a drawing.
  const kept = new LRUCache<string, Buffer, Asker<Input>>({
    maxSize: maxBytes,
    sizeCalculation: (bytes) => bytes.length,
    fetchMethod: async (_key, _stale, { context }) => {
      const slot = await takeNetworkSlot(context.db, context.clientIp, { name, windowMs: WINDOW_MS, ceiling: perNetwork });
      if (!slot.ok) throw new NetworkRefusal(slot.retryAfter);
      return draw(context.input, context.db);
    },
  });
  return {
    async get(db, clientIp, input) {
      const key = createHash("sha256").update(JSON.stringify(input)).digest("base64url");
      const drawn = kept.get(key);
      if (drawn) return drawn;
      const busy = { status: 503, retryAfter: BUSY_RETRY_SECONDS } as const;
      if (waiting >= mostWaiting()) return busy;
      waiting++;
      try {
        const bytes = await kept.fetch(key, { context: { db, clientIp, input } });
        if (!bytes) throw new Error(`${name}: nothing was drawn`);
        return bytes;
      } catch (error) {
        if (error instanceof NetworkRefusal) return { status: 429, retryAfter: error.retryAfter };
        if (isBusy(error)) return busy;
        throw error;
      } finally {
        waiting--;
      }
    },
  };
}
