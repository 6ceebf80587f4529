import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "#tests/support/test-database.ts";
import { invalidatePublicContent } from "~/cache/public-content-generation";
import type { DbConnection } from "~/db/client.server";
import { createAttendee } from "~/db/factories";
import { RESOURCES } from "~/i18n/catalogues.server";
import { createI18n } from "~/i18n/i18n";
import type { Language } from "~/i18n/languages";
import { createPartner, createSpeaker, createSpecialGuest } from "~/modules/content/content.server";
import { landingPage } from "~/modules/content/landing-page.server";
import { storeImage } from "~/modules/media/media.server";
import { updateSettings } from "~/modules/settings/settings.server";
import Home from "./home";

// The landing page's images as a full programme renders them, from uploads to HTML: each
// <img> reserves its box (width and height, the logos at their own proportions) so nothing
// moves as images arrive, portraits offer sized copies for every screen density, and only
// the first screen's portrait is fetched at once; the rest wait until the visitor scrolls.

type Img = Record<string, string>;

function imagesOf(html: string): Img[] {
  return [...html.matchAll(/<img\b([^>]*)>/g)].map(([, attrs]) =>
    Object.fromEntries([...(attrs ?? "").matchAll(/([\w-]+)="([^"]*)"/g)].map(([, name, value]) => [name!, value!])),
  );
}

async function upload(db: DbConnection["db"], width: number, height: number): Promise<string> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .jpeg()
    .toBuffer();
  return (await storeImage(db, { type: "image/jpeg", size: bytes.length, bytes })).url;
}

describe("the landing page's images with 20 speakers, 5 guests and 10 partners", () => {
  let database: DbConnection;
  let html = "";

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    const { db } = database;
    const portrait = await upload(db, 800, 800);
    const wideLogo = await upload(db, 600, 200);
    await updateSettings(db, { guest_of_honor_image_url: portrait, logo_url: await upload(db, 256, 256) });
    const types = ["Chief Host", "Host", ...Array(18).fill("Keynote")] as const;
    for (const [i, speaker_type] of types.entries()) {
      await createSpeaker(db, { name: `Speaker ${i}`, title: "Director", speaker_type, bio: "", image_url: portrait });
    }
    for (let i = 0; i < 5; i++) await createSpecialGuest(db, { name: `Guest ${i}`, title: "Emir", bio: "", image_url: portrait });
    for (let i = 0; i < 10; i++) await createPartner(db, { name: `Partner ${i}`, logo_url: wideLogo, website_url: "" });
    const loaderData = await landingPage(db, null);
    const Stub = createRoutesStub([{ id: "home", path: "/", Component: Home }]);
    html = renderToString(<Stub initialEntries={["/"]} hydrationData={{ loaderData: { home: loaderData } }} />);
  });
  afterAll(async () => database?.close());

  it("renders every image with its width and height", () => {
    const images = imagesOf(html);
    // Logo, guest of honour, 2 organisers, 18 speakers, 5 guests, 10 partners.
    expect(images).toHaveLength(1 + 1 + 2 + 18 + 5 + 10);
    for (const img of images) {
      expect(Number(img.width), img.src).toBeGreaterThan(0);
      expect(Number(img.height), img.src).toBeGreaterThan(0);
    }
  });

  it("offers portraits and logos in sized copies, with the size they are shown at", () => {
    for (const img of imagesOf(html).filter((i) => i.src?.startsWith("/media/") && Number(i.width) > 64)) {
      expect(img.srcSet ?? img.srcset, img.src).toMatch(/^(\/media\/[0-9a-f]{64}\.webp\?w=\d+ \d+w(, |$))+$/);
      expect(img.sizes).toBe(`${img.width}px`);
    }
  });

  it("fetches the first screen's portrait at once, and the rest lazily", () => {
    const [logo, hero, ...below] = imagesOf(html);
    expect(logo?.loading).toBeUndefined();
    expect(hero?.loading).toBe("eager");
    expect(hero?.decoding).toBeUndefined();
    expect(below).toHaveLength(35);
    for (const img of below) {
      expect(img.loading).toBe("lazy");
      expect(img.decoding).toBe("async");
    }
  });

  it("keeps a logo's own proportions, so its box does not change when it loads", () => {
    const logos = imagesOf(html).slice(-10);
    for (const logo of logos) expect([logo.width, logo.height]).toEqual(["192", "64"]);
  });
});

describe("the landing page's footer and share prompt follow the event", () => {
  let database: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
  });
  afterAll(async () => database?.close());

  async function render(ussdCode?: string, language: Language = "en"): Promise<string> {
    // The organisers' save does this (the settings action); the public content is cached.
    invalidatePublicContent();
    const page = await landingPage(database.db, null, language);
    const loaderData = {
      comingSoon: false,
      ...page,
      dateLabel: page.event.date,
      structuredData: "{}",
      shareUrl: "https://summit.example.org/",
      ussdCode,
    };
    const Stub = createRoutesStub([{ id: "home", path: "/", Component: Home }]);
    return renderToString(
      <I18nextProvider i18n={createI18n(RESOURCES, language)}>
        <Stub initialEntries={["/"]} hydrationData={{ loaderData: { home: loaderData } }} />
      </I18nextProvider>,
    );
  }

  it("writes the event's year in the copyright, and asks visitors to share only while registration is open", async () => {
    await updateSettings(database.db, { event_date: "2027-03-01", registration_enabled: true });
    const open = await render();
    expect(open).toContain("© 2027");
    expect(open).toContain("data-share");

    await updateSettings(database.db, { registration_enabled: false });
    const closed = await render();
    expect(closed).toContain("© 2027");
    // Registration closed: nobody is asked to send friends to a form they cannot use.
    expect(closed).not.toContain("data-share");
  });

  it("shows 'Registered' from the number the organisers chose, and their fourth figure in the visitor's words", async () => {
    const figures = (html: string) =>
      [...html.matchAll(/<li class="rounded-2xl bg-brand-50[^>]*>(.*?)<\/li>/g)].map(([, li]) =>
        li
          ?.replace(/<[^>]+>/g, " ")
          .replace(/\s+/g, " ")
          .trim(),
      );
    await updateSettings(database.db, { public_count_from: 2, highlight_value: "70+", highlight_label: "" });
    // Launch day: nobody yet, so no "0 Registered"; the fourth figure in the site's own words.
    const launch = figures(await render());
    expect(launch.some((text) => text?.includes("Registered"))).toBe(false);
    expect(launch).toContain("70+ Youth Leaders");

    await createAttendee(database.db);
    await createAttendee(database.db);
    await updateSettings(database.db, { highlight_value: " 14 ", highlight_label: "Local Governments" });
    const later = figures(await render());
    expect(later).toContain("2 Registered");
    expect(later).toContain("14 Local Governments");
    expect(later).toHaveLength(4);

    // No fourth figure: three, spread over the row.
    await updateSettings(database.db, { highlight_value: "", translations: { ha: { highlight_label: "Ƙananan hukumomi" } } });
    const three = await render();
    expect(figures(three)).toHaveLength(3);
    expect(three).toContain("md:grid-cols-3");

    // The label in Hausa where the organisers gave one.
    await updateSettings(database.db, { highlight_value: "14" });
    invalidatePublicContent();
    expect((await landingPage(database.db, null, "ha")).highlight).toEqual({ value: "14", label: "Ƙananan hukumomi" });
    expect((await landingPage(database.db, null, "en")).highlight).toEqual({ value: "14", label: "Local Governments" });
  });
  it("shows the organisers' objectives in the visitor's language, and the site's own while they leave them empty", async () => {
    // Each objective's card under "About the summit": its title and what it means.
    const objectives = (html: string) =>
      [...html.matchAll(/<div class="rounded-2xl border border-gray-200 p-6">(.*?)<\/div>/g)].map(([, card]) =>
        card
          ?.replace(/<[^>]+>/g, " ")
          .replace(/&#x27;/g, "'")
          .replace(/\s+/g, " ")
          .trim(),
      );
    await updateSettings(database.db, { objectives: "", translations: {} });
    const builtIn = objectives(await render());
    expect(builtIn).toHaveLength(3);
    expect(builtIn[0]).toMatch(/^Peacebuilding Open dialogue between young people/);
    expect(objectives(await render(undefined, "ha"))[2]).toMatch(/^Ci gaba ga kowa Ƙwarewa, kasuwanci/);

    await updateSettings(database.db, {
      objectives: "Peace: Dialogue between youth and leaders\n\n Jobs <b>now</b> \nSport: Football & athletics for every LGA",
      translations: { ha: { objectives: "Zaman lafiya: Tattaunawar matasa da shugabanni\nƊaukar nauyi: ƙ ƴ ɓ al\u02BCumma" } },
    });
    const english = await render();
    expect(objectives(english)).toEqual([
      "Peace Dialogue between youth and leaders",
      // No colon: a title alone; what organisers type is text, never markup.
      "Jobs &lt;b&gt;now&lt;/b&gt;",
      "Sport Football &amp; athletics for every LGA",
    ]);
    expect(english).not.toContain("Peacebuilding");
    expect(objectives(await render(undefined, "ha"))).toEqual([
      "Zaman lafiya Tattaunawar matasa da shugabanni",
      "Ɗaukar nauyi ƙ ƴ ɓ al\u02BCumma",
    ]);

    // Cleared in Event Settings: the site's own again, in each language.
    await updateSettings(database.db, { objectives: "", translations: {} });
    expect(objectives(await render(undefined, "ha"))[0]).toMatch(/^Gina zaman lafiya Tattaunawa a bayyane/);
  });
});

describe("the landing page of a fresh install, and the USSD code", () => {
  let database: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
  });
  afterAll(async () => database?.close());

  it("knows a fresh install is not set up until the settings are saved", async () => {
    invalidatePublicContent();
    expect((await landingPage(database.db, null)).setUp).toBe(false);
    await updateSettings(database.db, { event_date: "2027-03-01" });
    invalidatePublicContent();
    expect((await landingPage(database.db, null)).setUp).toBe(true);
  });

  it("says 'coming soon' with the event's name and nothing made up", () => {
    const Stub = createRoutesStub([{ id: "home", path: "/", Component: Home }]);
    const html = renderToString(
      <Stub
        initialEntries={["/"]}
        hydrationData={{ loaderData: { home: { comingSoon: true, name: "Zamfara Youth Summit", logoUrl: "" } } }}
      />,
    );
    expect(html).toContain("Zamfara Youth Summit");
    expect(html).toContain("Coming soon");
    expect(html).toContain('content="noindex"');
    for (const madeUp of ["2025", "info@", "+234 800", "Executive Governor"]) expect(html).not.toContain(madeUp);
  });

  it("tells people without data the USSD code under Register Now, as a link that dials it", async () => {
    const Stub = createRoutesStub([{ id: "home", path: "/", Component: Home }]);
    invalidatePublicContent();
    const page = await landingPage(database.db, null);
    const loaderData = { comingSoon: false, ...page, dateLabel: page.event.date, structuredData: "{}", shareUrl: "https://x.example/" };
    const withCode = renderToString(
      <Stub initialEntries={["/"]} hydrationData={{ loaderData: { home: { ...loaderData, ussdCode: "*347*123#" } } }} />,
    );
    expect(withCode).toContain('href="tel:*347*123%23"');
    expect(withCode.match(/data-ussd=""/g)).toHaveLength(2);
    expect(renderToString(<Stub initialEntries={["/"]} hydrationData={{ loaderData: { home: loaderData } }} />)).not.toContain("data-ussd");
  });
});
