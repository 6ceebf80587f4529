// The door page's own address with its list and search: where every form on the page posts and
// every answer returns, so the list chosen at the top stays chosen (without JavaScript too).
// Browser-safe: the route and the screen build it alike.

/** The URL parameter naming the door's list; absent: the entrance. */
export const LIST_PARAM = "list";

export const DOOR_PATH = "/admin/check-in";

export function doorHref({ list, q }: { list?: string | null; q?: string | null }): string {
  const params = new URLSearchParams();
  if (list) params.set(LIST_PARAM, list);
  if (q) params.set("q", q);
  const query = params.toString();
  return query ? `${DOOR_PATH}?${query}` : DOOR_PATH;
}
