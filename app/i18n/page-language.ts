import type { Namespace } from "./i18n";
import { DEFAULT_LANGUAGE, LANGUAGE_PARAM, LANGUAGES, type Language } from "./languages";

// Which pages speak the visitor's language: every public page, and of the admin only the door
// (volunteers checking people in are often Hausa speakers). The rest of the admin is English.

const DOOR = /^\/admin\/check-in\/?$/;
/** The door's "Register a walk-in": the door's words, and the registration form's fields in the volunteer's language. */
const WALK_IN = /^\/admin\/check-in\/walk-in\/?$/;
const ADMIN = /^\/admin(?:\/|$)/;
/** The organisers' Edit details: the registration form's own fields and words (person/details-fields.tsx), in English. */
const ATTENDEE_EDIT = /^\/admin\/attendees\/[^/]+\/edit\/?$/;

/** The page a request is for: a data request (`/admin/check-in.data`, `/_root.data`) names its page's path. */
function pagePath(pathname: string): string {
  return pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
}

export function followsVisitorLanguage(pathname: string): boolean {
  const path = pagePath(pathname);
  return !ADMIN.test(path) || DOOR.test(path) || WALK_IN.test(path);
}

/** Pages for the public: what a shared link may lead to. The admin, the door with it, is for no one to share. */
export function isPublicPage(pathname: string): boolean {
  return !ADMIN.test(pagePath(pathname));
}

export function pageLanguage(pathname: string, requested: Language): Language {
  return followsVisitorLanguage(pathname) ? requested : DEFAULT_LANGUAGE;
}

/** The namespaces a page's components read: what its document sends the browser. */
export function pageNamespaces(pathname: string): Namespace[] {
  const path = pagePath(pathname);
  // The door and its walk-in page alike: a phone that lost the network opens the walk-in form
  // (the registration's fields, "public") from the door without asking the server for texts.
  if (DOOR.test(path) || WALK_IN.test(path)) return ["common", "door", "public"];
  if (ATTENDEE_EDIT.test(path)) return ["common", "public"];
  if (ADMIN.test(path)) return ["common"];
  return ["common", "public"];
}

export type Alternate = { hrefLang: string; href: string };

/**
 * The page in each language, for search engines and link previews: `?lang=` URLs (a shared
 * link opens in its language), and the plain URL as `x-default` (the visitor's own choice).
 * The admin has none: it is not for search engines.
 */
export function languageAlternates(publicUrl: string, url: URL): Alternate[] {
  const path = pagePath(url.pathname);
  if (ADMIN.test(path)) return [];
  const plain = new URL(path + url.search, publicUrl);
  plain.searchParams.delete(LANGUAGE_PARAM);
  // A data request's own parameter (which routes' loaders to run) is not part of the page.
  plain.searchParams.delete("_routes");
  const alternates = LANGUAGES.map((language) => {
    const href = new URL(plain);
    href.searchParams.set(LANGUAGE_PARAM, language.code);
    return { hrefLang: language.code, href: href.toString() };
  });
  return [...alternates, { hrefLang: "x-default", href: plain.toString() }];
}
