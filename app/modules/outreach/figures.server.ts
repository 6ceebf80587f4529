import { asc, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import {
  attendees,
  cancelled_registrations,
  check_ins,
  held_registrations,
  OUTREACH_GROUPS,
  outreach_sources,
  outreach_visits,
  outreachGroupOf,
  past_registrations,
  retained_stats,
  waitlist,
} from "~/db/schema";

// The Outreach page's figures, counted by the database: per source its visits, registrations
// (the current edition's attendees who came through it), the conversion rate and, once the door
// has checked anyone in, how many came; then the attendees' invite links together, and the
// registrations no tracked link brought. What the retention purge reduced to counts
// (retained_stats, kinds "outreach" and "outreach_attended", written by liveCounts) is added,
// so the figures stay after the personal data is gone.

const SOURCE_SORT_KEYS = ["name", "created", "visits", "registrations", "conversion", "attended"] as const;
export type SourceSortKey = (typeof SOURCE_SORT_KEYS)[number];
export type SourceSort = { key: SourceSortKey; direction: "asc" | "desc" };
const DEFAULT_SOURCE_SORT: SourceSort = { key: "registrations", direction: "desc" };

/** ?sort=visits&dir=asc as a sort; anything else the default (most registrations first). */
export function parseSourceSort(params: URLSearchParams): SourceSort {
  const key = params.get("sort");
  if (!SOURCE_SORT_KEYS.includes(key as SourceSortKey)) return DEFAULT_SOURCE_SORT;
  const dir = params.get("dir");
  return { key: key as SourceSortKey, direction: dir === "asc" || dir === "desc" ? dir : key === "name" ? "asc" : "desc" };
}

export type SourceFigures = {
  id: number;
  name: string;
  code: string;
  createdAt: Date;
  archivedAt: Date | null;
  visits: number;
  registrations: number;
  attended: number;
  /** registrations ÷ visits; null before the first visit */
  conversion: number | null;
  /** registrations in any person table (waitlist, held, cancelled, past) or kept as counts: deleting would lose them */
  referenced: boolean;
};

export type GroupFigures = { visits: number | null; registrations: number; attended: number };

export type OutreachFigures = {
  sources: SourceFigures[];
  invited: GroupFigures;
  direct: GroupFigures;
  total: { visits: number; registrations: number; attended: number };
  /** attended is shown once the door has checked someone in */
  checkInBegun: boolean;
};

const kept = (kind: string, key: SQL) =>
  sql`coalesce((select rs.count from ${retained_stats} rs where rs.kind = ${kind} and rs.key = ${key}), 0)`;

/** Registrations and attended per group, live plus kept, one row per group. */
const GROUPS = sql`
  select g.key, sum(g.registrations)::int as registrations, sum(g.attended)::int as attended from (
    select ${outreachGroupOf("a")} as key, count(*)::int as registrations, count(c.attendee_id)::int as attended
      from ${attendees} a left join ${check_ins} c on c.attendee_id = a.id group by 1
    union all select rs.key, rs.count, 0 from ${retained_stats} rs where rs.kind = 'outreach'
    union all select rs.key, 0, rs.count from ${retained_stats} rs where rs.kind = 'outreach_attended'
  ) g group by g.key`;

export async function outreachFigures(db: DbOrTx, sort: SourceSort = DEFAULT_SOURCE_SORT): Promise<OutreachFigures> {
  const id = sql`${outreach_sources.id}`;
  const visits = sql<number>`(select count(*)::int from ${outreach_visits} v where v.source_id = ${id})`;
  const registrations = sql<number>`((select count(*)::int from ${attendees} a where a.outreach_source_id = ${id}) + ${kept("outreach", sql`${id}::text`)})`;
  const attended = sql<number>`((select count(*)::int from ${attendees} a join ${check_ins} c on c.attendee_id = a.id where a.outreach_source_id = ${id}) + ${kept("outreach_attended", sql`${id}::text`)})`;
  const referenced = sql<boolean>`(${sql.join(
    [attendees, waitlist, held_registrations, cancelled_registrations, past_registrations].map(
      (table) => sql`exists (select 1 from ${table} p where p.outreach_source_id = ${id})`,
    ),
    sql` or `,
  )} or exists (select 1 from ${retained_stats} rs where rs.kind = 'outreach' and rs.key = ${id}::text))`;
  const order: Record<SourceSortKey, SQL> = {
    name: sql`lower(${outreach_sources.name})`,
    created: sql`${outreach_sources.created_at}`,
    visits: sql`"visits"`,
    registrations: sql`"registrations"`,
    conversion: sql`"conversion"`,
    attended: sql`"attended"`,
  };
  const direction = sort.direction === "asc" ? sql`asc nulls first` : sql`desc nulls last`;
  const rows = await db
    .select({
      id: outreach_sources.id,
      name: outreach_sources.name,
      code: outreach_sources.code,
      createdAt: outreach_sources.created_at,
      archivedAt: outreach_sources.archived_at,
      visits: visits.mapWith(Number).as("visits"),
      registrations: registrations.mapWith(Number).as("registrations"),
      attended: attended.mapWith(Number).as("attended"),
      conversion: sql<number | null>`case when ${visits} > 0 then ${registrations}::float8 / ${visits} end`
        .mapWith((value) => (value === null ? null : Number(value)))
        .as("conversion"),
      referenced: referenced.mapWith(Boolean).as("referenced"),
    })
    .from(outreach_sources)
    .orderBy(sql`${order[sort.key]} ${direction}`, asc(sql`lower(${outreach_sources.name})`), asc(outreach_sources.id));

  const groups = (await db.execute(GROUPS)) as unknown as { rows: { key: string; registrations: number; attended: number }[] };
  const group = (key: string) => groups.rows.find((row) => row.key === key);
  const [invitedVisits] = await db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(outreach_visits)
    .where(sql`${outreach_visits.via} = 'invite'`);
  const checkIns = await db.select({ id: check_ins.id }).from(check_ins).limit(1);
  const keptCheckIns = await db
    .select({ n: retained_stats.count })
    .from(retained_stats)
    .where(sql`${retained_stats.kind} = 'checked_in' and ${retained_stats.count} > 0`);

  const invited: GroupFigures = {
    visits: invitedVisits?.n ?? 0,
    registrations: Number(group(OUTREACH_GROUPS.invited)?.registrations ?? 0),
    attended: Number(group(OUTREACH_GROUPS.invited)?.attended ?? 0),
  };
  const direct: GroupFigures = {
    visits: null,
    registrations: Number(group(OUTREACH_GROUPS.direct)?.registrations ?? 0),
    attended: Number(group(OUTREACH_GROUPS.direct)?.attended ?? 0),
  };
  const sum = (pick: (row: { registrations: number; attended: number }) => number) =>
    groups.rows.reduce((total, row) => total + Number(pick(row)), 0);
  return {
    sources: rows,
    invited,
    direct,
    total: {
      visits: rows.reduce((total, row) => total + row.visits, 0) + (invited.visits ?? 0),
      registrations: sum((row) => row.registrations),
      attended: sum((row) => row.attended),
    },
    checkInBegun: checkIns.length > 0 || keptCheckIns.length > 0,
  };
}
