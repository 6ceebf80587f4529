import { describe, expect, it } from "vitest";
import { translator } from "~/i18n/translate.server";
import { shareLinks, siteShareUrl } from "./share-links";

// The share buttons' addresses: each network's own share link, carrying the visitor's words
// and the site's address in their language, exactly once and correctly encoded.

const SITE = "https://summit.example.org";

function params(href: string): Record<string, string> {
  return Object.fromEntries(new URL(href).searchParams);
}

describe("siteShareUrl", () => {
  it("is the plain address in English and the Hausa page in Hausa", () => {
    expect(siteShareUrl(SITE, "en")).toBe("https://summit.example.org/");
    expect(siteShareUrl(`${SITE}/`, "ha")).toBe("https://summit.example.org/?lang=ha");
    expect(siteShareUrl(SITE, "ha", "/register")).toBe("https://summit.example.org/register?lang=ha");
  });
});

describe("shareLinks", () => {
  for (const language of ["en", "ha"] as const) {
    it(`carries the ${language === "en" ? "English" : "Hausa"} message and the address to every network`, () => {
      const t = translator(language);
      const url = siteShareUrl(SITE, language);
      const message = t("share.goingMessage", { name: "Zamfara Youth Summit" });
      const links = shareLinks(message, url);

      expect(links.whatsapp.startsWith("https://wa.me/?text=")).toBe(true);
      expect(params(links.whatsapp)).toEqual({ text: `${message} ${url}` });
      expect(links.facebook.startsWith("https://www.facebook.com/sharer/sharer.php?")).toBe(true);
      expect(params(links.facebook)).toEqual({ u: url });
      expect(links.x.startsWith("https://x.com/intent/post?")).toBe(true);
      expect(params(links.x)).toEqual({ text: message, url });
      expect(links.telegram.startsWith("https://t.me/share/url?")).toBe(true);
      expect(params(links.telegram)).toEqual({ url, text: message });
    });
  }

  it("says the words of each language", () => {
    expect(translator("en")("share.goingMessage", { name: "Zamfara Youth Summit" })).toBe(
      "I'm going to Zamfara Youth Summit — register free:",
    );
    expect(translator("ha")("share.goingMessage", { name: "Taron Matasa" })).toBe("Zan halarci Taron Matasa — ku ma ku yi rajista kyauta:");
    const links = shareLinks(translator("ha")("share.goingMessage", { name: "Taron Ƙasa" }), siteShareUrl(SITE, "ha"));
    expect(links.whatsapp).toContain(encodeURIComponent("Zan halarci Taron Ƙasa"));
    expect(links.whatsapp).toContain(encodeURIComponent("https://summit.example.org/?lang=ha"));
  });

  it("keeps characters that mean something in an address inside their parameter", () => {
    const message = "A & B — 100% #free ?x=1 <b>";
    const links = shareLinks(message, "https://summit.example.org/?lang=ha&ref=AB12");
    expect(params(links.x)).toEqual({ text: message, url: "https://summit.example.org/?lang=ha&ref=AB12" });
    expect(params(links.whatsapp).text).toBe(`${message} https://summit.example.org/?lang=ha&ref=AB12`);
    expect(links.whatsapp).not.toContain("<");
  });

  it("sends the address alone when there are no words", () => {
    expect(params(shareLinks("  ", "https://summit.example.org/").whatsapp)).toEqual({ text: "https://summit.example.org/" });
  });
});
