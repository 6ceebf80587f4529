import { logger } from "~/logger.server";
import { attendeesCsvStream, csvFileName } from "~/modules/attendees/csv.server";
import { ATTENDEE_TOASTS } from "~/modules/attendees/messages";
import { parseAttendeeQuery } from "~/modules/attendees/schemas";
import { recordAudit } from "~/modules/audit/audit.server";
import { requireAdmin } from "~/modules/auth/session.server";
import { getSettings } from "~/modules/settings/settings.server";
import type { Route } from "./+types/attendees-export";

// /admin/attendees/export.csv: every attendee, or with ?scope=filtered the list's
// current filter (q, gender, state). Streamed from the database in batches.

export async function loader({ request, url }: Route.LoaderArgs) {
  const { admin, db } = await requireAdmin(request);
  const filtered = url.searchParams.get("scope") === "filtered";
  const { page: _page, ...filter } = parseAttendeeQuery(url.searchParams);
  try {
    const settings = await getSettings(db);
    const stream = await attendeesCsvStream(db, filtered ? filter : {});
    // Who took a copy of everyone's personal data, and when.
    await recordAudit(db, admin, {
      action: "attendee.export",
      entity: "attendees",
      details: filtered ? { scope: "filtered", ...filter } : { scope: "all" },
    });
    // Compressed here rather than by the compression middleware: its drain-listener
    // forwarding leaks a listener per back-pressure pause on a long streamed body
    // (MaxListenersExceededWarning). The middleware leaves an encoded response alone.
    const gzip = /\bgzip\b/.test(request.headers.get("accept-encoding") ?? "");
    return new Response(gzip ? stream.pipeThrough(new CompressionStream("gzip") as TransformStream<Uint8Array, Uint8Array>) : stream, {
      headers: {
        ...(gzip ? { "Content-Encoding": "gzip" } : {}),
        Vary: "Accept-Encoding",
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${csvFileName(settings.event_name)}"`,
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (error) {
    logger().error({ err: error }, "attendee export failed");
    return new Response(ATTENDEE_TOASTS.exportFailed, { status: 500, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
}
