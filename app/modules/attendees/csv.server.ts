import { and, getTableColumns, sql } from "drizzle-orm";
import { batchedCsvStream, csvDownload } from "~/csv/csv-stream.server";
import type { Db, DbOrTx } from "~/db/client.server";
import { attendees, outreach_sources } from "~/db/schema";
import { logger } from "~/logger.server";
import { type AuditActor, recordAudit } from "~/modules/audit/audit.server";
import { type ListCsvColumns, listCsvColumns } from "~/modules/checkin/lists/attendee-lists.server";
import { GENDER_LABELS, type Gender } from "~/modules/person/gender";
import { spreadsheetPhone } from "~/modules/person/phone.server";
import { eventFileName } from "~/modules/settings/event-file-name";
import { getSettings } from "~/modules/settings/settings.server";
import { attendeeFilterWhere, checkedInAt, newestFirst } from "./attendees.server";
import { ATTENDEE_TOASTS } from "./messages";
import type { AttendeeFilter } from "./schemas";

/**
 * The export's columns, in this order (organisers' spreadsheets rely on it): the spec's
 * eleven, then ours after them: who came (in Lagos time; empty for who did not), how they
 * registered (Web, USSD, At the door or WhatsApp), whether their tickets and reminders also go by
 * SMS, and on WhatsApp, and the outreach that brought them (the source's name, "Invited by
 * attendee", or empty: modules/outreach).
 * After these, one column per check-in list (lunch, the kit: checkin/lists), in their order.
 */
export const CSV_COLUMNS = [
  "Full Name",
  "Email",
  "Phone",
  "Gender",
  "Organization",
  "Position",
  "State",
  "Local Government",
  "Reason",
  "Ticket ID",
  "Registration Date",
  "Checked In At",
  "Registered Via",
  "SMS",
  "WhatsApp",
  "Source",
] as const;

const CSV_BATCH_SIZE = 1000;

// One batch is one row: a JSON array of [16 CSV fields, id, cursor] per attendee, aggregated
// by the database. PGlite decodes result rows field by field in JavaScript, which made the
// export of 10,000 attendees 2–3 times slower as 13 columns × 1000 rows than as one text
// value per batch (bench/admin.ts); node-postgres gains a little too. The registration date
// is formatted here as well, in Lagos time (UTC+1 all year, see app/ui/date-time.tsx).
// The cursor is created_at as text: a JS Date keeps milliseconds, PostgreSQL microseconds, and
// a cursor rounded to milliseconds would skip rows registered within the same millisecond.
type CsvRow = [...fields: string[], id: string, cursor: string];

async function fetchBatch(
  db: DbOrTx,
  filter: Partial<AttendeeFilter>,
  after: CsvRow | undefined,
  limit: number,
  lists: ListCsvColumns,
): Promise<CsvRow[]> {
  const keyset = after
    ? sql`(${attendees.created_at}, ${attendees.id}) < (${after.at(-1)}::timestamptz, ${after.at(-2)}::uuid)`
    : undefined;
  const page = db
    .select({
      ...getTableColumns(attendees),
      checked_in_at: checkedInAt().as("checked_in_at"),
      source: sql<string>`coalesce((select s.name from ${outreach_sources} s where s.id = ${attendees.outreach_source_id}),
        case when ${attendees.invited_by} is not null then 'Invited by attendee' else '' end)`.as("source"),
      lists: lists.values(attendees.id).as("lists"),
    })
    .from(attendees)
    .where(and(attendeeFilterWhere(filter), keyset))
    .orderBy(...newestFirst)
    .limit(limit)
    .as("page");
  const [row] = await db
    .select({
      batch: sql<string>`coalesce(json_agg(json_build_array(
        ${page.full_name}, ${page.email}, ${page.phone}, ${page.gender}, ${page.organization}, ${page.position},
        ${page.state}, ${page.local_government}, ${page.reason}, ${page.ticket_id},
        to_char((${page.created_at} at time zone 'UTC') + interval '1 hour', 'YYYY-MM-DD HH24:MI'),
        coalesce(to_char((${page.checked_in_at} at time zone 'UTC') + interval '1 hour', 'YYYY-MM-DD HH24:MI'), ''),
        case ${page.channel} when 'ussd' then 'USSD' when 'door' then 'At the door' when 'whatsapp' then 'WhatsApp' else 'Web' end,
        case when ${page.sms_opt_in} then 'Yes' else 'No' end, case when ${page.whatsapp_opt_in} then 'Yes' else 'No' end,
        ${page.source}, ${page.lists}, ${page.id}, ${page.created_at}::text
      ) order by ${page.created_at} desc, ${page.id} desc), '[]')::text`,
    })
    .from(page);
  return JSON.parse(row?.batch ?? "[]") as CsvRow[];
}

/** A batch row's fields as organisers read them: the phone a spreadsheet keeps as text, the gender as the site names it. */
function csvFields(row: CsvRow, lists: ListCsvColumns): string[] {
  const fields = row.slice(0, CSV_COLUMNS.length);
  const [phone, gender] = [CSV_COLUMNS.indexOf("Phone"), CSV_COLUMNS.indexOf("Gender")];
  fields[phone] = spreadsheetPhone(fields[phone] ?? "");
  fields[gender] = GENDER_LABELS[fields[gender] as Gender] ?? fields[gender] ?? "";
  return [...fields, ...lists.fields(row[CSV_COLUMNS.length] ?? "")];
}

/** The attendee list as CSV, streamed in keyset batches (batchedCsvStream). */
export async function attendeesCsvStream(
  db: DbOrTx,
  filter: Partial<AttendeeFilter> = {},
  { batchSize = CSV_BATCH_SIZE }: { batchSize?: number } = {},
): Promise<ReadableStream<Uint8Array>> {
  const lists = await listCsvColumns(db);
  return batchedCsvStream<CsvRow>(
    [...CSV_COLUMNS, ...lists.headers],
    (after) => fetchBatch(db, filter, after, batchSize, lists),
    (row) => csvFields(row, lists),
    batchSize,
  );
}

/** e.g. zamfara-youth-summit-attendees-2026-11-21.csv (the date in Lagos). */
export function csvFileName(eventName: string, now: Date = new Date()): string {
  return eventFileName(eventName, "attendees", "csv", now);
}

/**
 * The CSV download: every attendee, or those matching `filter`, streamed from the
 * database in batches, gzipped when the browser accepts it, and audit-logged.
 */
export async function exportAttendeesCsv(db: Db, actor: AuditActor, { filter, gzip }: { filter: AttendeeFilter | null; gzip: boolean }) {
  try {
    const settings = await getSettings(db);
    const stream = await attendeesCsvStream(db, filter ?? {});
    // Who took a copy of everyone's personal data, and when.
    await recordAudit(db, actor, {
      action: "attendee.export",
      entity: "attendees",
      details: filter ? { scope: "filtered", ...filter } : { scope: "all" },
    });
    return csvDownload(stream, csvFileName(settings.event_name), gzip);
  } catch (error) {
    logger().error({ err: error }, "attendee export failed");
    return new Response(ATTENDEE_TOASTS.exportFailed, { status: 500, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
}
