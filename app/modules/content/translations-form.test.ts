import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { speakerSchema } from "./schemas";

// What the admin forms keep of the translations typed (the field schemas: app/forms).

describe("translations in the admin forms", () => {
  const form = (fields: Record<string, string>) => {
    const body = new FormData();
    for (const [key, value] of Object.entries({ name: "Ada", title: "Chair", ...fields })) body.set(key, value);
    return parseWithZod(body, { schema: speakerSchema });
  };

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
