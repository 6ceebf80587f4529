import { describe, expect, it } from "vitest";
import { isPublicPage, languageAlternates, pageLanguage, pageNamespaces } from "./page-language";

describe("which pages speak the visitor's language", () => {
  it("every public page and the door; the rest of the admin in English", () => {
    for (const path of ["/", "/register", "/tickets/x", "/admin/check-in", "/admin/check-in.data", "/_root.data"]) {
      expect(pageLanguage(path, "ha"), path).toBe("ha");
    }
    for (const path of ["/admin", "/admin/attendees", "/admin/settings.data", "/admin.data"]) {
      expect(pageLanguage(path, "ha"), path).toBe("en");
    }
  });

  it("tells the public pages (which get a link card) from the admin's, the door included", () => {
    for (const path of ["/", "/register", "/tickets/x", "/_root.data", "/administrator"]) expect(isPublicPage(path), path).toBe(true);
    for (const path of ["/admin", "/admin/check-in", "/admin/settings.data"]) expect(isPublicPage(path), path).toBe(false);
  });

  it("ships the door's messages to the door, also to its data requests after a scan", () => {
    expect(pageNamespaces("/admin/check-in")).toEqual(["common", "door", "public"]);
    expect(pageNamespaces("/admin/check-in.data")).toEqual(["common", "door", "public"]);
    expect(pageNamespaces("/admin/attendees")).toEqual(["common"]);
    // Edit details shows the registration form's fields, labelled in its words (English: an admin page).
    expect(pageNamespaces("/admin/attendees/0b0e7a3c-1111-4222-8333-944455556666/edit")).toEqual(["common", "public"]);
    expect(pageNamespaces("/admin/attendees/0b0e7a3c-1111-4222-8333-944455556666/edit.data")).toEqual(["common", "public"]);
    expect(pageLanguage("/admin/attendees/0b0e7a3c-1111-4222-8333-944455556666/edit", "ha")).toBe("en");
    expect(pageNamespaces("/admin/attendees/0b0e7a3c-1111-4222-8333-944455556666")).toEqual(["common"]);
    expect(pageNamespaces("/register")).toEqual(["common", "public"]);
    // A walk-in registered at the door: the door's words and the registration form's, in the volunteer's language.
    expect(pageNamespaces("/admin/check-in/walk-in")).toEqual(["common", "door", "public"]);
    expect(pageLanguage("/admin/check-in/walk-in.data", "ha")).toBe("ha");
    expect(pageLanguage("/admin/check-in/list", "ha")).toBe("en");
  });

  it("names a public page in each language for search engines, and nothing for the admin", () => {
    expect(languageAlternates("https://summit.example.org", new URL("http://127.0.0.1/register?lang=ha&x=1"))).toEqual([
      { hrefLang: "en", href: "https://summit.example.org/register?x=1&lang=en" },
      { hrefLang: "ha", href: "https://summit.example.org/register?x=1&lang=ha" },
      { hrefLang: "x-default", href: "https://summit.example.org/register?x=1" },
    ]);
    expect(languageAlternates("https://summit.example.org", new URL("http://127.0.0.1/admin/attendees"))).toEqual([]);
  });
});
