/**
 * The headers of a page or file reached through a person's own link (their ticket, its cancel
 * and erase steps, the calendar file, the saved ticket, a waitlist offer, a held seat's
 * confirmation): kept by no shared cache and by no search engine.
 */
export const PRIVATE_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" } as const;

/** A picture not drawn now: too many asked for it (429) or too many wait to be drawn (503), with why in the person's language. */
export type PictureRefused = { status: 429 | 503; retryAfter: number; message: string };

/**
 * A picture drawn for one person, downloaded under its name; a 404 (plain text) when there is
 * none; a refusal as its status with Retry-After and its message (plain text).
 */
export function privatePngDownload(saved: { png: Uint8Array; filename: string } | PictureRefused | null | undefined): Response {
  if (!saved)
    return new Response("Not Found", { status: 404, headers: { ...PRIVATE_HEADERS, "Content-Type": "text/plain; charset=utf-8" } });
  if (!("png" in saved))
    return new Response(saved.message, {
      status: saved.status,
      headers: { ...PRIVATE_HEADERS, "Content-Type": "text/plain; charset=utf-8", "Retry-After": String(saved.retryAfter) },
    });
  return new Response(new Uint8Array(saved.png), {
    headers: { ...PRIVATE_HEADERS, "Content-Type": "image/png", "Content-Disposition": `attachment; filename="${saved.filename}"` },
  });
}
