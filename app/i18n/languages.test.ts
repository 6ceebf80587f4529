import { describe, expect, it } from "vitest";
import { languageOr, withLanguage } from "./languages";

describe("withLanguage", () => {
  it("adds or replaces ?lang= and keeps the rest of the link as it is", () => {
    expect(withLanguage("/register", "ha")).toBe("/register?lang=ha");
    expect(withLanguage("/?type=Keynote", "ha")).toBe("/?type=Keynote&lang=ha");
    expect(withLanguage("/privacy?lang=ha", "en")).toBe("/privacy?lang=en");
    expect(withLanguage("/?a=1&lang=ha&b=2#speakers", "en")).toBe("/?a=1&lang=en&b=2#speakers");
    expect(withLanguage("https://summit.example.org/tickets/abc", "ha")).toBe("https://summit.example.org/tickets/abc?lang=ha");
    // A mail merge's placeholder character survives (no percent-encoding).
    expect(withLanguage("https://x.org/tickets/\uf802/cancel", "ha")).toBe("https://x.org/tickets/\uf802/cancel?lang=ha");
  });
});

describe("languageOr", () => {
  it("takes a known language and falls back to English for anything else", () => {
    expect(languageOr("ha")).toBe("ha");
    expect(languageOr("fr")).toBe("en");
    expect(languageOr(undefined)).toBe("en");
  });
});
