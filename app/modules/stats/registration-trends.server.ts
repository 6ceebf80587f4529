import { sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { lagosDay } from "~/db/lagos-day";
import { attendees, OUTREACH_GROUPS, outreach_sources, outreachGroupOf, retained_stats } from "~/db/schema";

// The dashboard's two views of how registrations arrive: day by day (the bars, and the running
// total they add up to) and by the outreach that brought them. Days are Gusau's (Africa/Lagos),
// whatever the server's zone: a registration at 23:30 on Monday night is Monday's.

export type DayCount = { day: string; count: number; total: number };
export type SourceCount = { name: string; count: number; invited: boolean };

const TOP_SOURCES = 5;

/**
 * One entry per day from the first registration to the last, days without any included (a bar of
 * nothing is news too), the retention purge's kept days added to the live ones. `total` starts
 * from whatever total was kept without its days (a purge before days were kept), so the line
 * always ends at the dashboard's total.
 */
export async function registrationsPerDay(db: DbOrTx): Promise<DayCount[]> {
  const day = lagosDay(attendees.created_at);
  const [live, kept] = await Promise.all([
    db
      .select({ day: day.mapWith(String), count: sql<number>`count(*)::int`.mapWith(Number) })
      .from(attendees)
      .groupBy(day),
    db
      .select({ kind: retained_stats.kind, key: retained_stats.key, count: retained_stats.count })
      .from(retained_stats)
      .where(sql`${retained_stats.kind} in ('total', 'day')`),
  ]);
  const counts = new Map<string, number>();
  let total = 0;
  for (const row of kept) {
    if (row.kind === "total") total += row.count;
    else {
      counts.set(row.key, (counts.get(row.key) ?? 0) + row.count);
      total -= row.count;
    }
  }
  for (const row of live) counts.set(row.day, (counts.get(row.day) ?? 0) + row.count);
  const known = [...counts.keys()].sort();
  const first = known[0];
  const last = known.at(-1);
  if (!first || !last) return [];
  const days: DayCount[] = [];
  for (let at = Date.parse(`${first}T00:00:00Z`); at <= Date.parse(`${last}T00:00:00Z`); at += 86_400_000) {
    const date = new Date(at).toISOString().slice(0, 10);
    const count = counts.get(date) ?? 0;
    total += count;
    days.push({ day: date, count, total });
  }
  return days;
}

/**
 * The sources that brought most registrations, the attendees' invite links counted as one
 * ("Invited by attendees"); registrations no tracked link brought are left out. Archived sources
 * count: their people still came through them.
 */
export async function topSources(db: DbOrTx, limit = TOP_SOURCES): Promise<SourceCount[]> {
  const result = await db.execute(sql`
    select g.key, coalesce(s.name, '') as name, sum(g.n)::int as n from (
      select ${outreachGroupOf("a")} as key, count(*)::int as n from ${attendees} a group by 1
      union all select rs.key, rs.count from ${retained_stats} rs where rs.kind = 'outreach'
    ) g
    left join ${outreach_sources} s on g.key = s.id::text
    where g.key <> ${OUTREACH_GROUPS.direct}
    group by g.key, s.name
    having sum(g.n) > 0
    order by n desc, lower(coalesce(s.name, '')) asc
    limit ${limit}`);
  const rows = (result as unknown as { rows: { key: string; name: string; n: number }[] }).rows;
  return rows.map((row) => ({
    name: row.key === OUTREACH_GROUPS.invited ? "Invited by attendees" : row.name,
    count: Number(row.n),
    invited: row.key === OUTREACH_GROUPS.invited,
  }));
}
