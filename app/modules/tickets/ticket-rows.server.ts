import DataLoader from "dataloader";
import { eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { attendees, event_settings, SETTINGS_ID } from "~/db/schema";

type TicketMailRow = { attendee: typeof attendees.$inferSelect; settings: typeof event_settings.$inferSelect | null };

// The outbox worker renders a round of messages at once: their attendees (and the settings)
// are read in one query per round instead of one each. No cache: every round reads afresh.
const loaders = new WeakMap<DbOrTx, DataLoader<string, TicketMailRow | undefined>>();
export function ticketMailRows(db: DbOrTx) {
  let loader = loaders.get(db);
  if (!loader) {
    loader = new DataLoader(
      async (ids: readonly string[]) => {
        const rows = await db
          .select({ attendee: attendees, settings: event_settings })
          .from(attendees)
          .leftJoin(event_settings, eq(event_settings.id, SETTINGS_ID))
          .where(inArray(attendees.id, [...ids]));
        const byId = new Map(rows.map((row) => [row.attendee.id, row]));
        return ids.map((id) => byId.get(id));
      },
      { cache: false },
    );
    loaders.set(db, loader);
  }
  return loader;
}
