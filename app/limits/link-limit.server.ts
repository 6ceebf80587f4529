import { LRUCache } from "lru-cache";
import type { DbOrTx } from "~/db/client.server";
import { countHit, secondsLeftInWindow } from "~/db/counters.server";
import type { NetworkSlot } from "./network-limits.server";

// A ceiling on how often one person's own link may ask for something costly to make (the saved
// ticket's picture, the certificate's PDF), shared by every domain that draws per person
// (docs/SECURITY.md, "Pictures drawn per person"). Counted in the database per subject (the
// registration: several links may name one), so every process sees one count.
//
// A link refused is then refused again from this process's memory until its window ends,
// without reading or writing the database: a refusal must cost the server less than the
// request it refuses, or a flood's 429s keep the event loop (and with the embedded database,
// the database) busy. Only a link that was read and counted is ever remembered, so a made-up
// one never fills the memory.

/** Links remembered as refused, the least recently refused forgotten first. */
const REMEMBERED = 10_000;

export type LinkLimit = {
  /** Seconds until `token`, refused here, may ask again; 0 when it is not remembered as refused. */
  refusedFor(token: string): number;
  /** One request of `subject` through `token`; past the ceiling refused, and `token` remembered. */
  take(db: DbOrTx, subject: string, token: string, now?: Date): Promise<NetworkSlot>;
};

/** `ceiling` requests per subject in a fixed window of `windowMs`, counted under `name`. */
export function linkLimit({ name, ceiling, windowMs }: { name: string; ceiling: number; windowMs: number }): LinkLimit {
  const refused = new LRUCache<string, true>({ max: REMEMBERED, ttl: windowMs });
  return {
    refusedFor(token) {
      const ms = refused.getRemainingTTL(token);
      return ms > 0 ? Math.ceil(ms / 1000) : 0;
    },
    async take(db, subject, token, now = new Date()) {
      if ((await countHit(db, `${name}:${subject}`, windowMs, now)) <= ceiling) return { ok: true };
      const retryAfter = secondsLeftInWindow(now, windowMs);
      refused.set(token, true, { ttl: retryAfter * 1000 });
      return { ok: false, retryAfter };
    },
  };
}
