import { describe, expect, it } from "vitest";
import { CATALOGUES } from "./catalogues.server";
import { createI18n } from "./i18n";
import { LANGUAGES } from "./languages";
import { translateMessage } from "./message-key";
import { pageTranslator } from "./page-messages-reader";

// The page script's small translator must say exactly what i18next says, for every message it
// may be given (the forms' field messages and the LGA picker's words), in every language.

const SAMPLE_VALUES = { max: 120, state: "Zamfara", count: 1 };

function leafKeys(tree: Record<string, unknown>, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "object" && value !== null ? leafKeys(value as Record<string, unknown>, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe("pageTranslator", () => {
  for (const { code } of LANGUAGES) {
    const catalogue = CATALOGUES[code];
    const i18n = createI18n({ [code]: catalogue }, code);
    const page = pageTranslator(code, {
      common: { validation: catalogue.common.validation as Record<string, unknown> },
      public: { register: { lga: (catalogue.public.register as Record<string, unknown>).lga } },
    });

    it(`says every field message as i18next does (${code})`, () => {
      const keys = leafKeys(catalogue.common.validation as Record<string, unknown>, "validation.");
      expect(keys.length).toBeGreaterThan(5);
      for (const key of new Set(keys.map((k) => k.replace(/_(one|other|zero|two|few|many)$/, "")))) {
        for (const count of [0, 1, 2, 120]) {
          const values = { ...SAMPLE_VALUES, count };
          const message = `${key}|${JSON.stringify(values)}`;
          expect(translateMessage(page, message), message).toBe(translateMessage(i18n.t, message));
        }
      }
    });

    it(`says the LGA picker's words as i18next does (${code})`, () => {
      for (const key of ["grouped", "groupedHint", "choose"]) {
        const full = `register.lga.${key}`;
        expect(page(full, { ns: "public" })).toBe(i18n.t(full, { ns: "public" }));
      }
    });
  }

  it("answers a key it lacks with the key, not an empty text", () => {
    expect(pageTranslator("ha", {})("validation.nothing")).toBe("validation.nothing");
  });
});
