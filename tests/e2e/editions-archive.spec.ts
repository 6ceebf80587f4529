import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { createI18n } from "../../app/i18n/i18n";
import type { Language } from "../../app/i18n/languages";
import { figureCounts, figuresLine } from "../../app/modules/editions/figures";
import { formatEventDate } from "../../app/modules/settings/event-time";
import { expectNoViolations } from "../support/axe";
import { text } from "../support/catalogue";
import { firstVisit } from "../support/first-visit";
import { expect, test } from "../support/fixtures";
import { PAST_EDITION } from "../support/past-edition";
import { type PrivateSite, startPrivateSite } from "../support/private-site";

// /editions (issue 29): linked from the landing page's footer, it lists the archived editions as
// they were, as plain HTML, in both languages, on a 360 px phone. The shared site has none yet;
// a private site starts with PAST_EDITION archived. The whole cycle (archiving an edition, then
// finding it here) is the editions spec's; this one is the page itself.

const en = (key: string, values?: Record<string, string | number>) => text("en", key, values);

const resources = Object.fromEntries(
  (["en", "ha"] as const).map((code) => [
    code,
    JSON.parse(readFileSync(path.resolve(import.meta.dirname, `../../app/i18n/locales/${code}.json`), "utf8")),
  ]),
);
/** The figures line as the catalogue says it in `language`. */
const line = (language: Language) => figuresLine(createI18n(resources, language).t, language, figureCounts(PAST_EDITION.figures));

async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll, "the page scrolls sideways").toBeLessThanOrEqual(widths.client);
}

test("the footer leads to /editions, which says when the first edition is while none is archived", { tag: "@desktop-only" }, async ({
  page,
}) => {
  await page.goto("/");
  await page
    .getByRole("contentinfo")
    .getByRole("link", { name: en("public.footer.pastEditions") })
    .click();
  await expect(page).toHaveURL(/\/editions$/);
  await expect(page.getByRole("heading", { level: 1, name: en("public.editions.heading") })).toBeVisible();
  const date = formatEventDate(process.env.E2E_EVENT_DATE ?? "", "en");
  await expect(page.getByText(en("public.editions.emptyUpcoming", { date }))).toBeVisible();
  const response = await page.request.get("/editions");
  expect(response.headers()["cache-control"]).toContain("public");
});

test.describe("a past edition", () => {
  let site: PrivateSite | undefined;
  test.afterAll(async () => site?.stop());

  test("shows without JavaScript, in English and Hausa, on a phone, with no accessibility violation", async ({ browser }, testInfo) => {
    test.skip(testInfo.project.name !== "mobile", "a server of its own: once, at 360 px");
    test.setTimeout(180_000);
    site = await startPrivateSite({ pastEdition: true });
    const { viewport, deviceScaleFactor, isMobile, hasTouch, userAgent } = testInfo.project.use;
    const phone = { viewport, deviceScaleFactor, isMobile, hasTouch, userAgent };
    const context = await browser.newContext({ ...phone, baseURL: site.url, javaScriptEnabled: false });
    const page = await context.newPage();
    const { speaker, partner } = PAST_EDITION;

    expect((await page.goto("/editions"))?.status()).toBe(200);
    const edition = page.getByRole("region", { name: PAST_EDITION.name });
    await expect(edition.getByRole("heading", { level: 2 })).toHaveText(PAST_EDITION.name);
    await expect(edition).toContainText(formatEventDate(PAST_EDITION.eventDate, "en"));
    await expect(edition).toContainText(PAST_EDITION.venue);
    await expect(edition.getByText(line("en"), { exact: true })).toBeVisible();
    await expect(edition.getByRole("heading", { level: 4, name: speaker.name })).toBeVisible();
    await expect(edition.getByText(speaker.title, { exact: true })).toBeVisible();
    await expect(edition.getByRole("link", { name: partner.name })).toHaveAttribute("href", partner.website);
    // The photo as the landing page sizes it: a phone takes a small copy of the stored image.
    const photo = edition.getByRole("img", { name: speaker.name });
    await expect(photo).toHaveAttribute("srcset", /\/media\/[0-9a-f]{64}\.webp\?w=\d+ \d+w/);
    await photo.scrollIntoViewIfNeeded();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expectNoSidewaysScroll(page);

    // The language switch, a plain link: the edition's Hausa name, venue and speaker's title.
    await page.getByRole("link", { name: "Hausa" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "ha");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("ha", "public.editions.heading"));
    const hausa = page.getByRole("region", { name: PAST_EDITION.hausaName });
    await expect(hausa).toContainText(PAST_EDITION.hausaVenue);
    await expect(hausa).toContainText(formatEventDate(PAST_EDITION.eventDate, "ha"));
    await expect(hausa.getByText(line("ha"), { exact: true })).toBeVisible();
    await expect(hausa.getByText(speaker.hausaTitle, { exact: true })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await context.close();

    // axe runs in the page, so with JavaScript on: the page is the same HTML either way.
    const checked = await browser.newContext({ ...phone, baseURL: site.url });
    const axePage = await checked.newPage();
    for (const language of ["en", "ha"] as const) {
      expect((await axePage.goto(`/editions?lang=${language}`))?.status()).toBe(200);
      await expectNoViolations(axePage, `/editions in ${language}`);
    }
    await checked.close();

    // A first visit on a phone, with an empty cache: no script, within the public pages' 150 KB.
    const weighed = await browser.newContext({ ...phone, baseURL: site.url });
    const weight = await firstVisit(await weighed.newPage(), "/editions");
    expect(weight.scripts).toEqual([]);
    expect(weight.total).toBeLessThanOrEqual(150_000);
    await weighed.close();
  });
});
