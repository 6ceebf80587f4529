import { z } from "zod";
import { searchText } from "~/db/text";

// The Feedback page's comment search lives in the URL (reloadable, shareable), so anyone can
// type anything there: what cannot be used falls back to no search and page 1.

export const COMMENT_SEARCH_MAX = 100;
export const COMMENT_PAGE_SIZE = 20;

const commentQuerySchema = z.object({
  q: z
    .string()
    .catch("")
    // As the text rule searches (~/db/text): controls read as spaces, NFC like the stored text.
    .transform((s) => searchText(s).trim().slice(0, COMMENT_SEARCH_MAX).trim()),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
  // The edition whose answers are shown (its number); none or nonsense: the current one.
  edition: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
});

export type CommentQuery = z.output<typeof commentQuerySchema>;

export function parseCommentQuery(params: URLSearchParams): CommentQuery {
  return commentQuerySchema.parse({ q: params.get("q") ?? "", page: params.get("page") ?? 1, edition: params.get("edition") || undefined });
}

/** The query string of a view of the comments (empty values and page 1 left out). */
export function commentQueryString(query: Partial<CommentQuery>): string {
  const params = new URLSearchParams();
  if (query.edition) params.set("edition", String(query.edition));
  if (query.q) params.set("q", query.q);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}
