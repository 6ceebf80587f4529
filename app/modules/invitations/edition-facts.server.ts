import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { editions } from "~/db/schema";
import type { Language } from "~/i18n/languages";
import { translator } from "~/i18n/translate.server";
import type { EventSettings } from "~/modules/settings/settings.server";

// What an invitation says of the edition it announces, shared by its queueing (the subject,
// chosen per language in SQL), its rendering and Event Operations.

type Edition = Pick<typeof editions.$inferSelect, "name" | "translations">;

/** The edition's name in `language`: the organisers' translation, else the English one. */
export function editionName(edition: Edition, language: Language): string {
  return edition.translations[language]?.name?.trim() || edition.name;
}

/** An edition by its number. */
export async function findEdition(db: DbOrTx, id: number): Promise<Edition | undefined> {
  const [row] = await db.select({ name: editions.name, translations: editions.translations }).from(editions).where(eq(editions.id, id));
  return row;
}

/** The subject, in the person's language, on one line. */
export function invitationSubject(settings: Pick<EventSettings, "event_name">, edition: Edition, language: Language): string {
  return translator(language, "mail")("invitation.subject", { event: settings.event_name, edition: editionName(edition, language) })
    .replace(/\s+/g, " ")
    .trim();
}
