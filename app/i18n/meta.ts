import type { TFunction } from "i18next";
import { i18nFor, type Messages } from "./i18n";
import { DEFAULT_LANGUAGE, languageOr } from "./languages";

type RootData = { lang?: string; messages?: Messages } | undefined;

/**
 * The translator of a route's `meta` (titles, descriptions), which runs outside React: built
 * from the root loader's language and messages, as the page's components are.
 */
export function metaTranslator(matches: readonly ({ loaderData?: unknown } | undefined)[]): TFunction {
  const root = matches[0]?.loaderData as RootData;
  return i18nFor(root ? languageOr(root.lang) : DEFAULT_LANGUAGE, root?.messages ?? {}).t;
}
