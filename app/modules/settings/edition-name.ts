import type { EditionTranslations } from "~/db/edition-archive";
import type { Language } from "~/i18n/languages";

// An edition's name in the reader's language: the organisers' translation when they gave
// one, the English name otherwise. Client-safe: the landing page and the door use it.

export type NamedEdition = { name: string; translations: EditionTranslations };

export function editionName(edition: NamedEdition, language: Language): string {
  return edition.translations[language]?.name?.trim() || edition.name;
}
