import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { editions } from "~/db/schema";
import { earliestPurgeAfterChange } from "./purge-schedule";

/** The edition's `purge_not_before` (null: none set). */
export async function purgeNotBefore(db: DbOrTx, editionId: number): Promise<Date | null> {
  const [row] = await db.select({ at: editions.purge_not_before }).from(editions).where(eq(editions.id, editionId)).limit(1);
  return row?.at ?? null;
}

/**
 * Keeps the edition's deletion at least a week after `now`: called in the transaction of a change
 * that moves the retention deadline. A later date already set (a postponement) stays.
 */
export async function keepPurgeAWeekAway(tx: DbOrTx, editionId: number, now: Date): Promise<void> {
  const earliest = earliestPurgeAfterChange(now);
  // greatest() skips a null: an edition with no date set takes the week.
  await tx
    .update(editions)
    .set({ purge_not_before: sql`greatest(${editions.purge_not_before}, ${earliest.toISOString()}::timestamptz)` })
    .where(eq(editions.id, editionId));
}
