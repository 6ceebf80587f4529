import { describe, expect, it } from "vitest";
import { CATALOGUES } from "./catalogues.server";
import { NAMESPACES } from "./i18n";
import { DEFAULT_LANGUAGE, intlLocale, LANGUAGES } from "./languages";

// Every language says everything English says: no message missing or empty, the same values
// interpolated, the same tags around the same words' places, and every plural form its
// language's rules (CLDR, through Intl.PluralRules) ask for.

const PLURAL = /_(zero|one|two|few|many|other)$/;

function leaves(tree: Record<string, unknown>, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === "object" && value !== null) {
      for (const [k, v] of leaves(value as Record<string, unknown>, `${prefix}${key}.`)) out.set(k, v);
    } else out.set(`${prefix}${key}`, String(value));
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const tags = (text: string) => [...text.matchAll(/<\/?(\w+)\s*\/?>/g)].map((m) => m[0]).sort();

describe("the catalogues", () => {
  const english = Object.fromEntries(NAMESPACES.map((ns) => [ns, leaves(CATALOGUES[DEFAULT_LANGUAGE][ns])]));

  for (const { code } of LANGUAGES.filter((language) => language.code !== DEFAULT_LANGUAGE)) {
    const categories = new Intl.PluralRules(intlLocale(code)).resolvedOptions().pluralCategories;
    for (const ns of NAMESPACES) {
      it(`${code} has every ${ns} message English has, with its values and tags`, () => {
        const own = leaves(CATALOGUES[code][ns]);
        const missing: string[] = [];
        const wrong: string[] = [];
        const bases = new Set<string>();
        for (const [key, text] of english[ns] ?? []) {
          if (PLURAL.test(key)) {
            bases.add(key.replace(PLURAL, ""));
            continue;
          }
          const translated = own.get(key);
          if (!translated?.trim()) missing.push(key);
          else if (placeholders(translated).join() !== placeholders(text).join() || tags(translated).join() !== tags(text).join())
            wrong.push(key);
        }
        for (const base of bases) {
          const sample = english[ns]?.get(`${base}_other`) ?? "";
          for (const category of categories) {
            const translated = own.get(`${base}_${category}`);
            if (!translated?.trim()) missing.push(`${base}_${category}`);
            else if (tags(translated).join() !== tags(sample).join()) wrong.push(`${base}_${category}`);
          }
        }
        expect(missing, `missing in ${code}.json`).toEqual([]);
        expect(wrong, `values or tags differ from English in ${code}.json`).toEqual([]);
      });

      it(`${code} has no ${ns} message English lacks (a renamed key left behind)`, () => {
        const englishKeys = new Set([...(english[ns]?.keys() ?? [])].map((key) => key.replace(PLURAL, "")));
        const extra = [...leaves(CATALOGUES[code][ns]).keys()].filter((key) => !englishKeys.has(key.replace(PLURAL, "")));
        expect(extra).toEqual([]);
      });
    }
  }

  it("English has the plural forms English needs", () => {
    for (const ns of NAMESPACES) {
      for (const key of english[ns]?.keys() ?? []) {
        if (key.endsWith("_one")) expect(english[ns]?.has(key.replace(/_one$/, "_other")), key).toBe(true);
      }
    }
  });
});
