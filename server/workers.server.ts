import type { Db } from "~/db/client.server";

/** Background work of the server process (mail outbox delivery). */
export function startBackgroundWorkers(_db: Db) {
  return { stop: async () => {} };
}
