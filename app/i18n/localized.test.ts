import { describe, expect, it } from "vitest";
import { localized, localizedRow, TRANSLATION_LANGUAGES } from "./localized";

// The organisers' texts in the reader's language: a translation when there is one with text,
// the English field otherwise (what the admin forms keep: content/translations-form.test.ts).

const speaker = {
  name: "Hauwa Ɓello",
  title: "Youth lead",
  bio: "Works with young farmers.",
  translations: { ha: { title: "Shugabar matasa", bio: "   " } },
};

describe("localized", () => {
  it("gives the language's text when it has one", () => {
    expect(localized(speaker, "title", "ha")).toBe("Shugabar matasa");
  });

  it("falls back to English for a blank, missing field or missing language, and for English itself", () => {
    expect(localized(speaker, "bio", "ha")).toBe("Works with young farmers.");
    const titleOnly = { ...speaker, translations: { ha: { title: "Shugabar matasa" } } };
    expect(localized(titleOnly, "bio", "ha")).toBe("Works with young farmers.");
    expect(localized({ ...speaker, translations: {} }, "title", "ha")).toBe("Youth lead");
    expect(localized(speaker, "title", "en")).toBe("Youth lead");
  });

  it("localizes a row's fields and leaves the rest (names never change)", () => {
    const row = localizedRow(speaker, ["title", "bio"], "ha");
    expect(row).toMatchObject({ name: "Hauwa Ɓello", title: "Shugabar matasa", bio: "Works with young farmers." });
    expect(speaker.title).toBe("Youth lead"); // the cached row is not changed
    expect(localizedRow(speaker, ["title"], "en")).toBe(speaker);
  });
});

describe("the languages organisers translate into", () => {
  it("are every language but the default one", () => {
    expect(TRANSLATION_LANGUAGES.map((language) => language.code)).toEqual(["ha"]);
  });
});
