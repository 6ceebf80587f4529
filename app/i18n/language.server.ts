import Negotiator from "negotiator";
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_COOKIE, LANGUAGE_PARAM, LANGUAGES, type Language } from "./languages";

// The language a request is answered in: a link's `?lang=` first (a shared Hausa link opens in
// Hausa for anyone), then the visitor's remembered choice, then what the browser asks for
// (`ha`, `ha-NG` and `ha-Latn-NG` all mean Hausa), then English.

const CODES = LANGUAGES.map((language) => language.code);

export function requestLanguage(request: Request): Language {
  return chooseLanguage({
    asked: new URL(request.url).searchParams.get(LANGUAGE_PARAM),
    cookie: request.headers.get("Cookie"),
    acceptLanguage: request.headers.get("Accept-Language"),
  });
}

/** The same choice from a request's parts (Express's request, for the pages written outside React). */
export function chooseLanguage(parts: {
  asked: unknown;
  cookie: string | null | undefined;
  acceptLanguage: string | null | undefined;
}): Language {
  if (isLanguage(parts.asked)) return parts.asked;
  return cookieLanguage(parts.cookie) ?? browserLanguage(parts.acceptLanguage);
}

export function cookieLanguage(header: string | null | undefined): Language | null {
  for (const part of (header ?? "").split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === LANGUAGE_COOKIE && isLanguage(value)) return value;
  }
  return null;
}

function browserLanguage(header: string | null | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const chosen = new Negotiator({ headers: { "accept-language": header } }).language([...CODES]);
  return isLanguage(chosen) ? chosen : DEFAULT_LANGUAGE;
}

/** Remembers a visitor's choice for a year; readable by the page (no secret in it). */
export function languageCookie(language: Language, secure: boolean): string {
  return `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax${secure ? "; Secure" : ""}`;
}
