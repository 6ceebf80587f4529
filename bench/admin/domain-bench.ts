import type { DbConnection } from "~/db/client.server";
import { searchAttendees } from "~/modules/attendees/attendees.server";
import { attendeesCsvStream } from "~/modules/attendees/csv.server";
import { dashboardStats } from "~/modules/stats/dashboard.server";
import { csvBytes, measure, type Results } from "./measure";

const searches = (rows: number): { label: string; query: Parameters<typeof searchAttendees>[1] }[] => [
  { label: "list, unfiltered (page 1)", query: {} },
  { label: "list, unfiltered, last page", query: { page: Math.ceil(rows / 25) } },
  { label: "search 'ami'", query: { q: "ami" } },
  { label: "gender = female", query: { gender: "female" } },
  { label: "state = Zamfara", query: { state: "Zamfara" } },
  { label: "'ami' + female + Zamfara", query: { q: "ami", gender: "female", state: "Zamfara" } },
];

/** The attendees page's domain call, the CSV export and the dashboard figures, called in this process. */
export async function domainBench(
  database: DbConnection,
  results: Results,
  { n, warmup, rows }: { n: number; warmup: number; rows: number },
) {
  for (const { label, query } of searches(rows)) {
    const stat = await measure(() => searchAttendees(database.db, query), n, warmup);
    const check = await searchAttendees(database.db, query);
    results.set(`searchAttendees: ${label}`, { ...stat, extra: `${check.total} match` });
  }
  let bytes = 0;
  const exportStat = await measure(
    async () => {
      bytes = await csvBytes(await attendeesCsvStream(database.db));
    },
    10,
    2,
  );
  results.set(`CSV export, all ${rows}`, { ...exportStat, extra: `${(bytes / 1024 / 1024).toFixed(2)} MiB` });
  results.set("dashboardStats", await measure(() => dashboardStats(database.db), n, warmup));
}
