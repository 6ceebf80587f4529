import { messageKey } from "~/i18n/message-key";

// The door search's rules the page and the server share (safe in the browser bundle).

/** Fewer characters than this match too many people to be a search for one. */
export const MIN_SEARCH_LENGTH = 3;

/** A search shorter than that, said in the volunteer's language (a catalogue key). */
export const SEARCH_TOO_SHORT = messageKey("door:search.tooShort", { count: MIN_SEARCH_LENGTH });
