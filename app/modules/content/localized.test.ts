import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { localizedSettings } from "~/modules/settings/localized-settings";
import { localized, localizedRow, TRANSLATION_LANGUAGES } from "./localized";
import { speakerSchema } from "./schemas";

// The organisers' texts in the reader's language: a translation when there is one with text,
// the English field otherwise; and what the admin forms keep of what was typed.

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

  it("localizes the settings visitors read: about, venue and the guest of honour's title", () => {
    const settings = {
      event_name: "Zamfara Youth Summit",
      about: "A day of dialogue.",
      venue: "Conference Hall, Gusau",
      guest_of_honor_name: "His Excellency",
      guest_of_honor_title: "Executive Governor",
      translations: { ha: { about: "Ranar tattaunawa.", guest_of_honor_title: "Gwamna" } },
    };
    expect(localizedSettings(settings, "ha")).toMatchObject({
      event_name: "Zamfara Youth Summit",
      about: "Ranar tattaunawa.",
      venue: "Conference Hall, Gusau",
      guest_of_honor_name: "His Excellency",
      guest_of_honor_title: "Gwamna",
    });
    expect(localizedSettings(settings, "en").about).toBe("A day of dialogue.");
  });
});

describe("translations in the admin forms", () => {
  const form = (fields: Record<string, string>) => {
    const body = new FormData();
    for (const [key, value] of Object.entries({ name: "Ada", title: "Chair", ...fields })) body.set(key, value);
    return parseWithZod(body, { schema: speakerSchema });
  };

  it("offers every language but the default one", () => {
    expect(TRANSLATION_LANGUAGES.map((language) => language.code)).toEqual(["ha"]);
  });

  it("keeps what was typed, trimmed, and nothing for blank fields or languages", () => {
    const given = form({ "translations.ha.bio": "  Tana aiki da matasa.  ", "translations.ha.title": " " });
    expect(given.status === "success" && given.value.translations).toEqual({ ha: { bio: "Tana aiki da matasa." } });
    const empty = form({ "translations.ha.bio": "", "translations.ha.title": "" });
    expect(empty.status === "success" && empty.value.translations).toEqual({});
    const none = form({});
    expect(none.status === "success" && none.value.translations).toEqual({});
  });

  it("drops languages and fields the site does not have", () => {
    const odd = form({ "translations.fr.bio": "Bonjour", "translations.ha.name": "Not a name to translate", "translations.en.bio": "x" });
    expect(odd.status === "success" && odd.value.translations).toEqual({});
  });

  it("limits a translation as its English field", () => {
    const long = form({ "translations.ha.bio": "x".repeat(2001), "translations.ha.title": "y".repeat(201) });
    expect(long.status === "error" && long.error).toMatchObject({
      "translations.ha.bio": ["Please keep this under 2000 characters"],
      "translations.ha.title": ["Please keep this under 200 characters"],
    });
    expect(form({ "translations.ha.bio": "x".repeat(2000) }).status).toBe("success");
  });
});
