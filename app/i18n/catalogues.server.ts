import type { Resource } from "i18next";
import type { Messages, Namespace } from "./i18n";
import type { Language } from "./languages";
import en from "./locales/en.json";
import ha from "./locales/ha.json";

// Every catalogue, for the server. A new language's file is imported here and named in
// languages.ts. Only the server reads them whole: a page receives its own language's share.
export const CATALOGUES: Record<Language, Record<Namespace, Record<string, unknown>>> = { en, ha };

/** The same catalogues as i18next's resources. */
export const RESOURCES: Resource = { ...CATALOGUES };

/** A language's messages in the given namespaces: what a page ships to the browser. */
export function messagesFor(language: Language, namespaces: readonly Namespace[]): Messages {
  return Object.fromEntries(namespaces.map((namespace) => [namespace, CATALOGUES[language][namespace]]));
}
