// The door search's rules the page and the server share (safe in the browser bundle).

/** Fewer characters than this match too many people to be a search for one. */
export const MIN_SEARCH_LENGTH = 3;
