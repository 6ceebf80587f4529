// The site's languages. Adding one (Yoruba, Igbo, Nigerian Pidgin) is a catalogue file in
// locales/ and a line here and in catalogues.server.ts; docs/TRANSLATING.md walks through it.
// Client-safe: the switch, <html lang> and hreflang alternates read it in the browser too.

export const LANGUAGES = [
  // `intl`: the locale Intl formats dates, numbers and plurals with (Node and browsers ship both).
  { code: "en", name: "English", intl: "en-NG" },
  { code: "ha", name: "Hausa", intl: "ha-NG" },
] as const;

export type Language = (typeof LANGUAGES)[number]["code"];

export const DEFAULT_LANGUAGE: Language = "en";

/** The query parameter that makes any page's URL open in a language (`/register?lang=ha`). */
export const LANGUAGE_PARAM = "lang";

/** The cookie that remembers a visitor's choice. */
export const LANGUAGE_COOKIE = "summit_lang";

export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.some((language) => language.code === value);
}

/** The language a stored value names, or the default one (rows written before languages existed). */
export function languageOr(value: unknown): Language {
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

export function intlLocale(language: Language): string {
  return LANGUAGES.find((entry) => entry.code === language)?.intl ?? "en-NG";
}

/**
 * `url` opening in `language`: the shareable link of a page in that language. Plain string
 * work, not URL parsing: an absolute link keeps its origin, and a mail merge's placeholder in
 * it (modules/mail/mail-merge.ts) stays the character it is instead of being percent-encoded.
 */
export function withLanguage(url: string, language: Language): string {
  const hashAt = url.indexOf("#");
  const [base, hash] = hashAt === -1 ? [url, ""] : [url.slice(0, hashAt), url.slice(hashAt)];
  const param = new RegExp(`([?&])${LANGUAGE_PARAM}=[^&]*`);
  const withParam = param.test(base)
    ? base.replace(param, `$1${LANGUAGE_PARAM}=${language}`)
    : `${base}${base.includes("?") ? "&" : "?"}${LANGUAGE_PARAM}=${language}`;
  return `${withParam}${hash}`;
}
