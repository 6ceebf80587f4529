import type { Messages } from "./i18n";
import { DEFAULT_LANGUAGE, intlLocale, type Language, languageOr } from "./languages";
import type { Translate } from "./message-key";

// The translator of a page's own script (a page served without React), from the messages
// PageMessages wrote into the page. Not i18next: it would add 18 KB (gzip) to /register's
// script for what is, for these messages, a lookup, a plural choice and `{{value}}`
// interpolation. page-messages-reader.test.ts holds it to i18next's output for every message
// the script may show, in every language.

export function readPageMessages(id: string): Translate {
  let parsed: { language?: string; messages?: Messages } = {};
  try {
    parsed = JSON.parse(document.getElementById(id)?.textContent ?? "{}");
  } catch {
    // A page without its messages shows keys rather than nothing; the server's answers stay translated.
  }
  return pageTranslator(languageOr(parsed.language ?? DEFAULT_LANGUAGE), parsed.messages ?? {});
}

export function pageTranslator(language: Language, messages: Messages): Translate {
  const plural = new Intl.PluralRules(intlLocale(language));
  return (key, options = {}) => {
    const namespace = typeof options.ns === "string" ? options.ns : "common";
    const tree = (messages as Record<string, unknown>)[namespace];
    const count = options.count;
    const candidates = typeof count === "number" ? [`${key}_${plural.select(count)}`, `${key}_other`, key] : [key];
    for (const candidate of candidates) {
      const found = lookUp(tree, candidate);
      if (typeof found === "string") return found.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(options[name] ?? ""));
    }
    return key;
  };
}

function lookUp(tree: unknown, key: string): unknown {
  let node = tree;
  for (const part of key.split(".")) {
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}
