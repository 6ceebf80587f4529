import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { type EventSettings, getSettings, updateSettings } from "~/modules/settings/settings.server";
import { type LinkPreview, linkPreviewTags, type MetaTag } from "./link-preview";
import { linkPreview, previewDescription } from "./link-preview.server";

// The link card of every public page: Open Graph and Twitter tags in the page's language, every
// address absolute, the Hausa page with its own picture, and someone's own page (a ticket)
// showing the event's card with the site's address, nothing of theirs.

const SITE = "https://summit.example.org";

const content = (tags: MetaTag[], key: string) =>
  tags.filter((tag) => ("property" in tag ? tag.property : tag.name) === key).map((tag) => tag.content);
const one = (tags: MetaTag[], key: string) => {
  const found = content(tags, key);
  expect(found, key).toHaveLength(1);
  return found[0] as string;
};

describe("link previews", () => {
  let database: DbConnection;
  let settings: EventSettings;
  let en: LinkPreview;
  let ha: LinkPreview;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    await updateSettings(database.db, {
      event_name: "Zamfara Youth Summit 2025",
      event_date: "2025-08-12",
      venue: "Conference Hall, Gusau",
      about: "A day of dialogue on peacebuilding.",
      translations: { ha: { venue: "Zauren Taro, Gusau", about: "Ranar tattaunawa kan zaman lafiya." } },
    });
    settings = await getSettings(database.db);
    en = linkPreview(settings, "en", SITE);
    ha = linkPreview(settings, "ha", SITE);
  });
  afterAll(async () => database?.close());

  it("gives the landing page its title, date, place and a 1200 × 630 picture", () => {
    const tags = linkPreviewTags(en, "/");
    expect(one(tags, "og:type")).toBe("website");
    expect(one(tags, "og:site_name")).toBe("Zamfara Youth Summit 2025");
    expect(one(tags, "og:title")).toBe("Zamfara Youth Summit 2025");
    expect(one(tags, "og:description")).toBe(
      "Tuesday, 12 August 2025 · Conference Hall, Gusau. Registration is free. A day of dialogue on peacebuilding.",
    );
    expect(one(tags, "og:url")).toBe("https://summit.example.org/?lang=en");
    expect(one(tags, "og:locale")).toBe("en_NG");
    expect(content(tags, "og:locale:alternate")).toEqual(["ha_NG"]);
    expect(one(tags, "og:image")).toMatch(/^https:\/\/summit\.example\.org\/share\/en-[0-9a-f]{16}\.png$/);
    expect(one(tags, "og:image:secure_url")).toBe(one(tags, "og:image"));
    expect(one(tags, "og:image:type")).toBe("image/png");
    expect([one(tags, "og:image:width"), one(tags, "og:image:height")]).toEqual(["1200", "630"]);
    expect(one(tags, "og:image:alt")).toBe(
      "Zamfara Youth Summit 2025: Tuesday, 12 August 2025, Conference Hall, Gusau. Free registration.",
    );
    expect(one(tags, "twitter:card")).toBe("summary_large_image");
    expect(one(tags, "twitter:title")).toBe(one(tags, "og:title"));
    expect(one(tags, "twitter:description")).toBe(one(tags, "og:description"));
    expect(one(tags, "twitter:image")).toBe(one(tags, "og:image"));
    expect(one(tags, "twitter:image:alt")).toBe(one(tags, "og:image:alt"));
  });

  it("speaks Hausa on the Hausa page, with the Hausa picture", () => {
    const tags = linkPreviewTags(ha, "/");
    expect(one(tags, "og:description")).toBe(
      "Talata 12 Agusta, 2025 · Zauren Taro, Gusau. Rajista kyauta ce. Ranar tattaunawa kan zaman lafiya.",
    );
    expect(one(tags, "og:url")).toBe("https://summit.example.org/?lang=ha");
    expect(one(tags, "og:locale")).toBe("ha_NG");
    expect(content(tags, "og:locale:alternate")).toEqual(["en_NG"]);
    expect(one(tags, "og:image")).toMatch(/^https:\/\/summit\.example\.org\/share\/ha-[0-9a-f]{16}\.png$/);
    expect(one(tags, "og:image")).not.toBe(one(linkPreviewTags(en, "/"), "og:image"));
    expect(one(tags, "og:image:alt")).toContain("Rajista kyauta.");
  });

  it("names /register as the registration form", () => {
    const tags = linkPreviewTags(en, "/register");
    expect(one(tags, "og:title")).toBe("Register — Zamfara Youth Summit 2025");
    expect(one(tags, "og:description")).toBe("Register free for the Zamfara Youth Summit 2025 and receive your ticket by e-mail.");
    expect(one(tags, "og:url")).toBe("https://summit.example.org/register?lang=en");
    expect(one(linkPreviewTags(ha, "/register/"), "og:url")).toBe("https://summit.example.org/register?lang=ha");
  });

  it("gives someone's own page the event's card and the site's address, nothing of theirs", () => {
    const token = "eyJpZCI6IjEyMyJ9.c2lnbmF0dXJl";
    for (const path of [`/tickets/${token}`, `/waitlist/${token}`, `/feedback/${token}`, `/register/confirm/${token}`, "/nowhere"]) {
      const tags = linkPreviewTags(en, path);
      expect(one(tags, "og:url"), path).toBe("https://summit.example.org/?lang=en");
      expect(one(tags, "og:title"), path).toBe("Zamfara Youth Summit 2025");
      expect(
        tags.every((tag) => !tag.content.includes(token)),
        path,
      ).toBe(true);
    }
  });

  it("writes every address absolute", () => {
    for (const preview of [en, ha]) {
      for (const path of ["/", "/register", "/privacy", "/tickets/x"]) {
        const tags = linkPreviewTags(preview, path);
        for (const key of ["og:url", "og:image", "twitter:image"]) expect(new URL(one(tags, key)).origin).toBe(SITE);
      }
    }
  });

  it("names the organisers' own picture as a JPEG once they upload one", () => {
    const uploaded = linkPreview({ ...settings, share_image_url: `/media/${"a".repeat(64)}.webp` }, "ha", SITE);
    expect(uploaded.image.url).toMatch(/\/share\/ha-[0-9a-f]{16}\.jpg$/);
    expect(uploaded.image.type).toBe("image/jpeg");
  });
});

describe("previewDescription", () => {
  it("keeps a short text whole, on one line", () => {
    expect(previewDescription("Lead.", "Line one.\n\nLine  two.")).toBe("Lead. Line one. Line two.");
  });

  it("cuts a long one at a word, with an ellipsis", () => {
    const text = previewDescription("Tuesday, 12 August 2025 · Gusau. Registration is free.", "word ".repeat(100));
    expect(text.length).toBeLessThanOrEqual(240);
    expect(text).toMatch(/ word…$/);
  });
});
