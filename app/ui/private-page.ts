/**
 * The headers of a page or file reached through a person's own link (their ticket, its cancel
 * and erase steps, the calendar file, the saved ticket, a waitlist offer, a held seat's
 * confirmation): kept by no shared cache and by no search engine.
 */
export const PRIVATE_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" } as const;

/** A picture or document drawn for one person, downloaded under its name. */
export type DrawnFile = { bytes: Uint8Array; filename: string; type: "image/png" | "application/pdf" };

/** A picture not drawn now: too many asked for it (429) or too many wait to be drawn (503), with why in the person's language. */
export type PictureRefused = { status: 429 | 503; retryAfter: number; message: string };

/**
 * A file drawn for one person (the saved ticket, the certificate), downloaded under its name; a
 * 404 (plain text) when there is none; a refusal as its status with Retry-After and its message
 * (plain text).
 */
export function privateDownload(drawn: DrawnFile | PictureRefused | null | undefined): Response {
  if (!drawn)
    return new Response("Not Found", { status: 404, headers: { ...PRIVATE_HEADERS, "Content-Type": "text/plain; charset=utf-8" } });
  if (!("bytes" in drawn))
    return new Response(drawn.message, {
      status: drawn.status,
      headers: { ...PRIVATE_HEADERS, "Content-Type": "text/plain; charset=utf-8", "Retry-After": String(drawn.retryAfter) },
    });
  return new Response(new Uint8Array(drawn.bytes), {
    headers: {
      ...PRIVATE_HEADERS,
      "Content-Type": drawn.type,
      "Content-Disposition": `attachment; filename="${drawn.filename}"`,
      "Content-Length": String(drawn.bytes.length),
    },
  });
}
