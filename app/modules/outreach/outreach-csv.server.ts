import { batchedCsvStream, csvDownload } from "~/csv/csv-stream.server";
import type { DbOrTx } from "~/db/client.server";
import { eventFileName } from "~/modules/settings/event-file-name";
import { getSettings } from "~/modules/settings/settings.server";
import { lagosDate } from "~/ui/date-time";
import { type GroupFigures, outreachFigures, type SourceSort } from "./figures.server";
import { sourceLinkFor } from "./links.server";

// The Outreach page as CSV, in its order: a row per source, then the invite links and the direct
// registrations. Names are organisers' text: the attendee export's formula-safe writer takes every
// cell (a name starting with = + - @ is written as text). No one's personal data is in it.

export const OUTREACH_CSV_COLUMNS = [
  "Source",
  "Short Link",
  "Status",
  "Created",
  "Visits",
  "Registrations",
  "Conversion",
  "Attended",
] as const;

const percent = (part: number, whole: number | null) => (whole ? `${((part / whole) * 100).toFixed(1)}%` : "");

export async function outreachCsv(db: DbOrTx, sort: SourceSort, { gzip }: { gzip: boolean }): Promise<Response> {
  const figures = await outreachFigures(db, sort);
  const group = (name: string, g: GroupFigures) => [
    name,
    "",
    "",
    "",
    g.visits === null ? "" : String(g.visits),
    String(g.registrations),
    percent(g.registrations, g.visits),
    String(g.attended),
  ];
  const rows: string[][] = [
    ...figures.sources.map((s) => [
      s.name,
      sourceLinkFor(s),
      s.archivedAt ? "Archived" : "Active",
      lagosDate(s.createdAt),
      String(s.visits),
      String(s.registrations),
      percent(s.registrations, s.visits),
      String(s.attended),
    ]),
    group("Invited by attendees", figures.invited),
    group("Direct / unknown", figures.direct),
  ];
  const stream = await batchedCsvStream<string[]>(
    OUTREACH_CSV_COLUMNS,
    async (after) => (after ? [] : rows),
    (row) => row,
    rows.length + 1,
  );
  const settings = await getSettings(db);
  return csvDownload(stream, eventFileName(settings.event_name, "outreach", "csv"), gzip);
}
