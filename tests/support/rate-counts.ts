import { eq, like } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { rate_counters } from "~/db/schema";

// What a limit has counted, read straight from rate_counters, for tests that check a refusal
// cost the database nothing (the count stays put) or that a drawing was counted once.

/** The hits counted under `key` across its windows; a `%` in `key` matches any run of characters (SQL LIKE). */
export async function countedHits(db: DbOrTx, key: string): Promise<number> {
  const rows = await db
    .select({ count: rate_counters.count })
    .from(rate_counters)
    .where(key.includes("%") ? like(rate_counters.key, key) : eq(rate_counters.key, key));
  return rows.reduce((sum, row) => sum + row.count, 0);
}
