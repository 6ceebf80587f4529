import { stringify } from "csv-stringify/sync";

// CSV downloads for every export (attendees, feedback, outreach): a file streamed in batches,
// formula-safe, and its response. A kit below the domains, so that an export needs no other
// domain's module to write its file.

const BOM = "\uFEFF";

// RFC 4180 line ends, quoting only where needed, and OWASP's CSV-injection rule
// (ASVS 1.2.10): a value starting with = + - @ tab or CR gets a leading ' so a
// spreadsheet shows it as text instead of running it as a formula.
const stringifyOptions = { record_delimiter: "\r\n", escape_formulas: true } as const;

/**
 * A CSV file (UTF-8 with BOM, so Excel reads ƙ, ɗ, ɓ right), streamed: rows are read in
 * keyset batches of `batchSize` (`read` is given the last row of the previous batch), each
 * read only when the client has taken the previous one, so memory stays at one batch
 * whatever the list's size. The first batch is read before this resolves, so a database
 * failure is an error response rather than a broken download. Every value goes through the
 * formula-safe escaping above (the feedback export shares it).
 */
export async function batchedCsvStream<Row>(
  header: readonly string[],
  read: (after: Row | undefined) => Promise<Row[]>,
  fields: (row: Row) => string[],
  batchSize: number,
): Promise<ReadableStream<Uint8Array>> {
  const encoder = new TextEncoder();
  let batch: Row[] = await read(undefined);
  let first = true;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          if (first) {
            first = false;
            controller.enqueue(encoder.encode(BOM + stringify([[...header]], stringifyOptions)));
            return;
          }
          if (batch.length === 0) {
            controller.close();
            return;
          }
          const current = batch;
          controller.enqueue(encoder.encode(stringify(current.map(fields), stringifyOptions)));
          batch = current.length < batchSize ? [] : await read(current.at(-1));
        } catch (error) {
          controller.error(error);
        }
      },
      cancel() {
        batch = [];
      },
    },
    // One chunk at a time: the next batch is read only when the consumer asks for more.
    { highWaterMark: 1 },
  );
}

/**
 * A streamed CSV as a download: gzipped when the browser accepts it, never cached.
 * Compressed here rather than by the compression middleware: its drain-listener forwarding
 * leaks a listener per back-pressure pause on a long streamed body
 * (MaxListenersExceededWarning). The middleware leaves an encoded response alone.
 */
export function csvDownload(stream: ReadableStream<Uint8Array>, fileName: string, gzip: boolean): Response {
  return new Response(gzip ? stream.pipeThrough(new CompressionStream("gzip") as TransformStream<Uint8Array, Uint8Array>) : stream, {
    headers: {
      ...(gzip ? { "Content-Encoding": "gzip" } : {}),
      Vary: "Accept-Encoding",
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
