import { and, asc, eq, sql } from "drizzle-orm";
import { batchedCsvStream, csvDownload } from "~/csv/csv-stream.server";
import type { Db, DbOrTx } from "~/db/client.server";
import { agenda, attendees, feedback, past_registrations } from "~/db/schema";
import { LANGUAGES } from "~/i18n/languages";
import { logger } from "~/logger.server";
import { type AuditActor, recordAudit } from "~/modules/audit/audit.server";
import { eventFileName } from "~/modules/settings/event-file-name";
import { getSettings } from "~/modules/settings/settings.server";
import { lagosDate } from "~/ui/date-time";
import { quotableName } from "./comments.server";
import { inEdition } from "./feedback-stats.server";

// The survey's answers as CSV, for organisers' own analysis. An answer is tied to no one: no
// e-mail, phone, ticket or registration id, only the day it was given. The one exception is
// the name of someone who ticked "you may quote me with my name" and is still registered.
// Escaped as the attendee export is (formula injection safe, RFC 4180), and audit-logged.

export const FEEDBACK_CSV_COLUMNS = [
  "Answered On",
  "Attended",
  "Rating",
  "Most Useful Session",
  "What Should Change",
  "Would Come Again",
  "Language",
  "Name (may be quoted)",
] as const;

const BATCH_SIZE = 1000;
const FEEDBACK_EXPORT_FAILED = "The feedback export failed. Please try again.";

type Row = {
  id: string;
  /** created_at as text: a JS Date keeps milliseconds, PostgreSQL microseconds (see the attendee export) */
  cursor: string;
  createdAt: Date;
  attended: boolean;
  rating: number | null;
  session: string | null;
  text: string;
  comeAgain: boolean | null;
  language: string;
  name: string | null;
};

const yesNo = (value: boolean | null) => (value === null ? "" : value ? "Yes" : "No");
const languageName = (code: string) => LANGUAGES.find((language) => language.code === code)?.name ?? code;

function fields(row: Row): string[] {
  return [
    lagosDate(row.createdAt),
    yesNo(row.attended),
    row.rating === null ? "" : String(row.rating),
    row.session ?? "",
    row.text,
    yesNo(row.comeAgain),
    languageName(row.language),
    row.name ?? "",
  ];
}

function readBatch(db: DbOrTx, edition: number | undefined, after: Row | undefined, limit: number): Promise<Row[]> {
  const keyset = after ? sql`(${feedback.created_at}, ${feedback.id}) > (${after.cursor}::timestamptz, ${after.id}::uuid)` : undefined;
  return db
    .select({
      id: feedback.id,
      cursor: sql<string>`${feedback.created_at}::text`,
      createdAt: feedback.created_at,
      attended: feedback.attended,
      rating: feedback.rating,
      session: sql<string | null>`coalesce(${agenda.title}, ${feedback.session_title})`,
      text: feedback.change_text,
      comeAgain: feedback.come_again,
      language: feedback.language,
      name: quotableName,
    })
    .from(feedback)
    .leftJoin(agenda, eq(agenda.id, feedback.session_id))
    .leftJoin(attendees, eq(attendees.id, feedback.attendee_id))
    .leftJoin(past_registrations, eq(past_registrations.id, feedback.past_registration_id))
    .where(and(inEdition(edition), keyset))
    .orderBy(asc(feedback.created_at), asc(feedback.id))
    .limit(limit);
}

/** An edition's answers (the current one's unless `edition` names another), oldest first, streamed in keyset batches. */
export function feedbackCsvStream(db: DbOrTx, { batchSize = BATCH_SIZE, edition }: { batchSize?: number; edition?: number } = {}) {
  return batchedCsvStream<Row>(FEEDBACK_CSV_COLUMNS, (after) => readBatch(db, edition, after, batchSize), fields, batchSize);
}

/** The download (e.g. zamfara-youth-summit-feedback-2026-12-01.csv), and who took it in the audit log. */
export async function exportFeedbackCsv(
  db: Db,
  actor: AuditActor,
  { gzip, edition }: { gzip: boolean; edition?: number },
): Promise<Response> {
  try {
    const settings = await getSettings(db);
    const chosen = edition ?? settings.edition_id;
    const stream = await feedbackCsvStream(db, { edition: chosen });
    await recordAudit(db, actor, { action: "feedback.export", entity: "feedback", details: { edition: chosen } });
    // A past edition's file says which: "…-feedback-edition-1-2026-12-01.csv".
    const kind = chosen === settings.edition_id ? "feedback" : `feedback-edition-${chosen}`;
    return csvDownload(stream, eventFileName(settings.event_name, kind, "csv"), gzip);
  } catch (error) {
    logger().error({ err: error }, "feedback export failed");
    return new Response(FEEDBACK_EXPORT_FAILED, { status: 500, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
}
