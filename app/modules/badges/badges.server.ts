import { asc, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db, DbOrTx } from "~/db/client.server";
import { attendees } from "~/db/schema";
import { logger } from "~/logger.server";
import { type AuditActor, recordAudit } from "~/modules/audit/audit.server";
import { readImage } from "~/modules/media/media.server";
import { eventFileName } from "~/modules/settings/event-file-name";
import { getSettings } from "~/modules/settings/settings.server";
import { ticketLinkKeys } from "~/modules/tickets/ticket-link.server";
import { loadPrintImage, PRINT_LOGO, type PrintImage } from "~/print/image.server";
import { BADGE_LAYOUTS, type BadgeLayout } from "./badge-layout";
import { type BadgeAttendee, type BadgeDocument, createBadgeDocument } from "./badge-pdf.server";

// The badges download: every attendee's name badge in one PDF, streamed. Attendees are read
// in keyset batches and drawn page by page, each only when the client has taken what came
// before, so memory stays at one batch and one chunk of PDF whatever the list's size.

const BADGE_BATCH_SIZE = 500;
/** PDF bytes handed on at a time: a few sheets, or some twenty single badges. */
const PDF_CHUNK_BYTES = 64 * 1024;

export const BADGE_MESSAGES = {
  unknownLayout: `Unknown badge layout: choose ${BADGE_LAYOUTS.join(" or ")}.`,
  failed: "The badges could not be generated. Please try again.",
} as const;

// Alphabetical, as the badges are laid out on the desk at the entrance, with the hooked
// letters beside their plain ones (Ƙasimu among the K's, not after Z as in the C collation).
// Capitals are mapped too: under a C locale lower() leaves non-ASCII letters alone. The
// cursor is that key as the database computed it, so the order and the keyset agree in any
// collation.
type BadgeRow = BadgeAttendee & { id: string; sortKey: string };

async function fetchBadgeBatch(db: DbOrTx, after: BadgeRow | undefined, limit: number): Promise<BadgeRow[]> {
  const sortKey = sql<string>`translate(lower(${attendees.full_name}), 'ƘƊƁƳƙɗɓƴ', 'kdbykdby')`;
  return db
    .select({
      id: attendees.id,
      sortKey,
      full_name: attendees.full_name,
      organization: attendees.organization,
      position: attendees.position,
      state: attendees.state,
      ticket_id: attendees.ticket_id,
    })
    .from(attendees)
    .where(after ? sql`(${sortKey}, ${attendees.id}) > (${after.sortKey}, ${after.id}::uuid)` : undefined)
    .orderBy(sortKey, asc(attendees.id))
    .limit(limit);
}

async function* badgeRows(db: DbOrTx, first: BadgeRow[], batchSize: number): AsyncGenerator<BadgeRow> {
  let batch = first;
  while (batch.length > 0) {
    yield* batch;
    if (batch.length < batchSize) return;
    batch = await fetchBadgeBatch(db, batch.at(-1), batchSize);
  }
}

/** Draws badge after badge and hands the written PDF on in chunks; runs only as far as it is asked to. */
async function* pdfChunks(badges: BadgeDocument, rows: AsyncIterable<BadgeAttendee>): AsyncGenerator<Uint8Array> {
  for await (const row of rows) {
    badges.add(row);
    if (badges.pdf.readableLength >= PDF_CHUNK_BYTES) yield badges.pdf.read() as Buffer;
  }
  badges.end();
  for await (const chunk of badges.pdf) yield chunk as Buffer;
}

/**
 * The badges PDF as a stream. Nothing is drawn ahead: each chunk is made when the consumer
 * asks for it (React Router's Express adapter asks when the socket has drained), so a slow
 * download pauses the drawing and the reading of the database instead of buffering the file.
 * The first batch is read before this resolves, so a database failure is an error response
 * rather than a broken download.
 */
export async function badgesPdfStream(
  db: DbOrTx,
  {
    layout,
    eventName,
    secret,
    logo = null,
    batchSize = BADGE_BATCH_SIZE,
  }: { layout: BadgeLayout; eventName: string; secret: string; logo?: PrintImage | null; batchSize?: number },
): Promise<ReadableStream<Uint8Array>> {
  const first = await fetchBadgeBatch(db, undefined, batchSize);
  const chunks = pdfChunks(createBadgeDocument({ layout, eventName, secret, logo }), badgeRows(db, first, batchSize));
  let cancelled = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const { value, done } = await chunks.next();
          // Cancelled while this chunk was being drawn: the stream is closed, the chunk is not wanted.
          if (cancelled) return;
          if (done) controller.close();
          else controller.enqueue(value);
        } catch (error) {
          // The headers are gone: the client sees a failed download, never a cut-off file that looks whole.
          logger().error({ err: error }, "badge PDF failed while streaming");
          controller.error(error);
        }
      },
      async cancel() {
        cancelled = true;
        await chunks.return(undefined);
      },
    },
    // One chunk at a time, as the CSV export: the next is drawn only when the consumer asks for more.
    { highWaterMark: 1 },
  );
}

const badgeQuery = z.object({ layout: z.enum(BADGE_LAYOUTS).default("sheet") });

/**
 * The badges download (?layout=sheet, the default, or single): a PDF named after the event,
 * with the organisers' logo on every badge when they uploaded one, never cached, and
 * audit-logged; 400 for another layout.
 */
export async function exportBadgesPdf(db: Db, actor: AuditActor, params: URLSearchParams): Promise<Response> {
  const query = badgeQuery.safeParse({ layout: params.get("layout") ?? undefined });
  if (!query.success) return plainText(BADGE_MESSAGES.unknownLayout, 400);
  const { layout } = query.data;
  try {
    const settings = await getSettings(db);
    const logo = await loadPrintImage(settings.logo_url, (id, width) => readImage(db, id, width), PRINT_LOGO);
    const stream = await badgesPdfStream(db, { layout, eventName: settings.event_name, secret: ticketLinkKeys().secret, logo });
    // Who printed everyone's names and ticket codes, and when.
    await recordAudit(db, actor, { action: "attendee.badges", entity: "attendees", details: { layout } });
    // application/pdf is not compressible for the compression middleware: the PDF's pages are deflated already.
    return new Response(stream, {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="${eventFileName(settings.event_name, `badges-${layout}`, "pdf")}"`,
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (error) {
    logger().error({ err: error }, "badge export failed");
    return plainText(BADGE_MESSAGES.failed, 500);
  }
}

function plainText(text: string, status: number): Response {
  return new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}
