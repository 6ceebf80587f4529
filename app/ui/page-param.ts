/**
 * The `?page=` of a paginated admin list: a whole number from 1 to `max`; anything else (missing,
 * rubbish, 0, negative) is page 1, and a number past the end is the last page the list allows.
 */
export function pageParam(url: URL, max = 10_000): number {
  return Math.max(1, Math.min(max, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
}
