// The door sync's size, shared by its schema (the server) and the queue's sender (the page and
// the service worker, which must not bundle zod for one number).

/** A sync carries at most this many check-ins: a door's busiest hour offline, and a bounded request. */
export const DOOR_SYNC_MAX_ITEMS = 500;
