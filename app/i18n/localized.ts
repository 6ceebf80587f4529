import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "~/i18n/languages";

// The organisers' texts in the reader's language. Pure and client-safe: the server localizes
// the landing page's data with it, and anything else showing a row may too. A translation is
// optional, so a missing or blank one reads as the English text, never as an empty card.

/** Translated fields `F` by language; only what the organisers gave, never blank strings. */
export type Translations<F extends string> = { [L in Language]?: { [K in F]?: string } };

/** The languages organisers may give their texts in besides the default one (English). */
export const TRANSLATION_LANGUAGES = LANGUAGES.filter((language) => language.code !== DEFAULT_LANGUAGE);

// Any fields' translations: the row may translate more fields than the one asked for.
type Translatable<F extends string> = { [K in F]: string } & { translations: Translations<string> };

/** `row[field]` in `language`: its translation when there is one with text, else the English field. */
export function localized<F extends string>(row: Translatable<F>, field: F, language: Language): string {
  if (language === DEFAULT_LANGUAGE) return row[field];
  const text = row.translations?.[language]?.[field];
  return typeof text === "string" && text.trim() !== "" ? text : row[field];
}

/** The row with each of `fields` in `language` (the rest, translations included, as it was). */
export function localizedRow<F extends string, R extends Translatable<F>>(row: R, fields: readonly F[], language: Language): R {
  if (language === DEFAULT_LANGUAGE) return row;
  const copy = { ...row };
  for (const field of fields) (copy as Record<F, string>)[field] = localized(row, field, language);
  return copy;
}

/**
 * What an admin form posted for `translations`, kept as stored: trimmed, without blank fields
 * or languages left empty, so clearing a field removes its translation.
 */
export function withoutBlanks<F extends string>(value: Record<string, Record<string, string | undefined> | undefined> | undefined) {
  const result: Translations<F> = {};
  for (const { code } of TRANSLATION_LANGUAGES) {
    const fields = Object.entries(value?.[code] ?? {}).filter((entry): entry is [F, string] => (entry[1] ?? "").trim() !== "");
    if (fields.length > 0) result[code] = Object.fromEntries(fields.map(([field, text]) => [field, text.trim()])) as { [K in F]?: string };
  }
  return result;
}
