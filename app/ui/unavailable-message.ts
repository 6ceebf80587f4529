// The sentence shown when the server answered 503 (server/unavailable-page.ts). No imports:
// the script of pages served without React uses it too (ui/enhance/document-forms.ts).

/** The server's own sentence when it sent one (plain text, in the page's language), else `fallback`. */
export function unavailableMessage(data: unknown, fallback: string): string {
  return typeof data === "string" && data.length > 0 && data.length < 300 && !data.includes("<") ? data : fallback;
}
