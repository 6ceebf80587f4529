import { asc, count, desc, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { waitlist } from "~/db/schema";

// What organisers see of the waitlist: everyone in line first (offers, then the queue in
// order, with each waiting person's place), then the decided entries.

const PAGE_SIZE = 50;

export type WaitlistCounts = { waiting: number; offered: number; claimed: number; expired: number; declined: number };

/** How many entries are in each state, in one aggregate. */
export async function waitlistCounts(db: DbOrTx): Promise<WaitlistCounts> {
  const rows = await db.select({ status: waitlist.status, n: count() }).from(waitlist).groupBy(waitlist.status);
  const counts: WaitlistCounts = { waiting: 0, offered: 0, claimed: 0, expired: 0, declined: 0 };
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}

export async function listWaitlist(db: DbOrTx, page: number) {
  const inLine = sql`(${waitlist.status} in ('waiting', 'offered'))`;
  const [rows, counts] = await Promise.all([
    db
      .select({
        id: waitlist.id,
        full_name: waitlist.full_name,
        email: waitlist.email,
        status: waitlist.status,
        joined_at: waitlist.joined_at,
        offer_expires_at: waitlist.offer_expires_at,
        decided_at: waitlist.decided_at,
        // The place in line, counted among the people still waiting.
        position: sql<number | null>`case when ${waitlist.status} = 'waiting'
          then (row_number() over (partition by ${waitlist.status} order by ${waitlist.seq}))::int end`,
      })
      .from(waitlist)
      .orderBy(desc(inLine), sql`${waitlist.status} = 'waiting'`, asc(waitlist.seq))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
    waitlistCounts(db),
  ]);
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  return { rows, counts, total, page, pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)) };
}
