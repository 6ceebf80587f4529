// The sentence shown when the server answered 503 (server/unavailable-page.ts). No imports:
// the script of pages served without React uses it too (ui/enhance/document-forms.ts).

const FALLBACK = "The site is very busy right now. Please try again in a few seconds.";

/** The server's own sentence when it sent one (plain text), else a general one. */
export function unavailableMessage(data: unknown): string {
  return typeof data === "string" && data.length > 0 && data.length < 300 && !data.includes("<") ? data : FALLBACK;
}
