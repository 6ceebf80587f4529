/**
 * The headers of a page or file reached through a person's own link (their ticket, its cancel
 * and erase steps, the calendar file, the saved ticket, a waitlist offer, a held seat's
 * confirmation): kept by no shared cache and by no search engine.
 */
export const PRIVATE_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" } as const;
