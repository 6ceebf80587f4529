import { lt } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { sweepCounters } from "~/db/counters.server";
import { registration_surges, used_form_stamps } from "~/db/schema";
import { sweepExpiredHolds } from "./held-registrations.server";
import { COUNTER_KEEP_MS } from "./hold-decision.server";

/** The Suspicious registrations view looks back a week. */
const SURGE_KEEP_MS = 7 * 86_400_000;

import { STAMP_MAX_AGE_MS } from "./human-check.server";

/**
 * What the defences against scripts leave behind, swept every minute: holds nobody confirmed
 * in time, counters of finished windows, used stamps old enough to be refused as expired
 * anyway, and surges a week old (their network or domain is kept no longer than organisers
 * look back). Returns how many holds went.
 */
export async function sweepAttackTraces(db: DbOrTx, now = new Date()): Promise<number> {
  const [holds] = await Promise.all([
    sweepExpiredHolds(db, now),
    sweepCounters(db, COUNTER_KEEP_MS, now),
    db.delete(used_form_stamps).where(lt(used_form_stamps.used_at, new Date(now.getTime() - STAMP_MAX_AGE_MS - 60_000))),
    db.delete(registration_surges).where(lt(registration_surges.last_at, new Date(now.getTime() - SURGE_KEEP_MS))),
  ]);
  return holds;
}
