// Text escaped for HTML the way React escapes text and attribute values, for the few places
// that write HTML as strings: e-mail merging (which must match React's bytes), the LGA
// options written once, the plain 503 page. No imports: the page scripts use it too.

const ESCAPES: Record<string, string> = { '"': "&quot;", "&": "&amp;", "'": "&#x27;", "<": "&lt;", ">": "&gt;" };

export function escapeHtml(text: string): string {
  return text.replace(/["&'<>]/g, (c) => ESCAPES[c] ?? c);
}

/** Text between tags only: the three characters that can open markup or an entity, quotes left as written. */
export function escapeText(text: string): string {
  return text.replace(/[&<>]/g, (c) => ESCAPES[c] ?? c);
}
