import type { i18n } from "i18next";
import { createI18n, type Messages } from "./i18n";
import { DEFAULT_LANGUAGE, languageOr } from "./languages";

/** The translator of a page's own script, from the messages PageMessages wrote into the page. */
export function readPageMessages(id: string): i18n {
  let parsed: { language?: string; messages?: Messages } = {};
  try {
    parsed = JSON.parse(document.getElementById(id)?.textContent ?? "{}");
  } catch {
    // A page without its messages still works: the keys' English fallbacks are the server's words.
  }
  const language = languageOr(parsed.language ?? DEFAULT_LANGUAGE);
  return createI18n({ [language]: (parsed.messages ?? {}) as Record<string, never> }, language);
}
