// "Saved · Undo" after a change of order: the page is sent back with the order as it was
// before (?reordered=<ids>), and Undo posts that order again (intent=restore), so both work
// without JavaScript. A drag (sent by a fetcher) gets the same order in its answer.

const UNDO_PARAM = "reordered";
export const RESTORED_PARAM = "restored";
/** A list longer than this gets no Undo from the address bar (the URL would be too long to trust). */
const MAX_UNDO_IDS = 150;

export function undoQuery(previous: readonly string[]): string {
  return previous.length <= MAX_UNDO_IDS ? `${UNDO_PARAM}=${previous.join(",")}` : `${UNDO_PARAM}=`;
}

export type OrderChange = { undo: string[] | null; restored: boolean };

/** What the list page says after a change: "Saved · Undo" (with the order to go back to) or "Order restored". */
export function readOrderChange(url: URL): OrderChange | null {
  if (url.searchParams.get(RESTORED_PARAM) === "1") return { undo: null, restored: true };
  const value = url.searchParams.get(UNDO_PARAM);
  if (value === null) return null;
  // Passed back as they came: the server's restore takes only ids of the list's own rows.
  const ids = value.split(",").filter((id) => id.length > 0 && id.length <= 64);
  return { undo: ids.length > 0 && ids.length <= MAX_UNDO_IDS ? ids : null, restored: false };
}
