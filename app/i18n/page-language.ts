import type { Namespace } from "./i18n";
import { DEFAULT_LANGUAGE, LANGUAGE_PARAM, LANGUAGES, type Language } from "./languages";

// Which pages speak the visitor's language: every public page, and of the admin only the door
// (volunteers checking people in are often Hausa speakers). The rest of the admin is English.

const DOOR = /^\/admin\/check-in\/?$/;
const ADMIN = /^\/admin(?:\/|$)/;

export function followsVisitorLanguage(pathname: string): boolean {
  return !ADMIN.test(pathname) || DOOR.test(pathname);
}

export function pageLanguage(pathname: string, requested: Language): Language {
  return followsVisitorLanguage(pathname) ? requested : DEFAULT_LANGUAGE;
}

/** The namespaces a page's components read: what its document sends the browser. */
export function pageNamespaces(pathname: string): Namespace[] {
  if (DOOR.test(pathname)) return ["common", "door"];
  if (ADMIN.test(pathname)) return ["common"];
  return ["common", "public"];
}

export type Alternate = { hrefLang: string; href: string };

/**
 * The page in each language, for search engines and link previews: `?lang=` URLs (a shared
 * link opens in its language), and the plain URL as `x-default` (the visitor's own choice).
 * The admin has none: it is not for search engines.
 */
export function languageAlternates(publicUrl: string, url: URL): Alternate[] {
  if (ADMIN.test(url.pathname)) return [];
  const plain = new URL(url.pathname + url.search, publicUrl);
  plain.searchParams.delete(LANGUAGE_PARAM);
  const alternates = LANGUAGES.map((language) => {
    const href = new URL(plain);
    href.searchParams.set(LANGUAGE_PARAM, language.code);
    return { hrefLang: language.code, href: href.toString() };
  });
  return [...alternates, { hrefLang: "x-default", href: plain.toString() }];
}
