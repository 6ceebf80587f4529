import { readFileSync } from "node:fs";
import path from "node:path";
import type { Language } from "../../app/i18n/languages";

// The site's words as a test expects them: read from the catalogues themselves
// (app/i18n/locales/*.json), never copied into the test, so a corrected translation
// does not break a test and a missing one (a key falling back to English) does.

const root = path.resolve(import.meta.dirname, "../..");
const catalogues = new Map<Language, Record<string, unknown>>();

function catalogue(language: Language): Record<string, unknown> {
  let found = catalogues.get(language);
  if (!found) {
    found = JSON.parse(readFileSync(path.join(root, "app/i18n/locales", `${language}.json`), "utf8")) as Record<string, unknown>;
    catalogues.set(language, found);
  }
  return found;
}

/**
 * The text of `key` (its namespace first: "public.register.formHeading") in `language`,
 * with `{{name}}` values put in and markup tags (`<email>…</email>`) dropped, as the page shows it.
 */
export function text(language: Language, key: string, values: Record<string, string | number> = {}): string {
  const value = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue(language));
  if (typeof value !== "string") throw new Error(`no message ${key} in ${language}.json`);
  return value.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`)).replace(/<\/?\w+>/g, "");
}

/** A pattern matching the message whatever its `{{values}}` are (a subject with the event's name and date). */
export function pattern(language: Language, key: string): RegExp {
  const parts = text(language, key).split(/\{\{\w+\}\}/);
  return new RegExp(`^${parts.map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join(".+")}$`);
}
