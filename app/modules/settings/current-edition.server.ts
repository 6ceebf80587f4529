import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import type { EditionTranslations } from "~/db/edition-archive";
import { editions, event_settings, SETTINGS_ID } from "~/db/schema";

// The edition running now: its name lives with the settings that point at it (event_settings.
// edition_id), so the landing page, the door and saving the settings read it without reaching
// up into the editions module, which starts and archives editions.

export type CurrentEdition = { id: number; name: string; translations: EditionTranslations };

/** The edition running now, as the settings row names it. */
export async function currentEdition(db: DbOrTx): Promise<CurrentEdition> {
  const [row] = await db
    .select({ id: editions.id, name: editions.name, translations: editions.translations })
    .from(event_settings)
    .innerJoin(editions, eq(editions.id, event_settings.edition_id))
    .where(eq(event_settings.id, SETTINGS_ID));
  return row ?? { id: 1, name: "First edition", translations: {} };
}
