import type { BrowserContext, Page, PlaywrightWorkerArgs } from "@playwright/test";
import sharp from "sharp";
import type { Language } from "../../app/i18n/languages";
import { pattern, text } from "../support/catalogue";
import { expect, test } from "../support/fixtures";
import { waitForInteractive } from "../support/hydration";
import {
  humanFields,
  makeRegistrant,
  registerForTicket,
  registerViaForm,
  registrationFormFields,
  selfServiceToken,
} from "../support/register-helper";

// Spreading the word, as WhatsApp's and Facebook's crawlers see the site (no JavaScript, their
// own user agents): every public page's card, its absolute addresses and the 1200 × 630 picture
// under 300 KB in English and Hausa, the landing page's Event JSON-LD, and nothing of a person on
// their ticket page. Then the share buttons people tap: on the landing page, after registering
// and on the ticket page, in both languages, with JavaScript (the share sheet, the clipboard) and
// without (plain links, the address to copy by hand).

const CRAWLERS = {
  WhatsApp: "WhatsApp/2.23.20.0 A",
  Facebook: "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
} as const;
const MAX_IMAGE_BYTES = 300_000;
const LANGUAGES = ["en", "ha"] as const;
const query = (language: Language) => (language === "ha" ? "?lang=ha" : "");

test.beforeEach(() => {
  test.skip(test.info().project.name !== "desktop", "crawlers and links do not depend on the screen: once, on the desktop");
});

/** Every <meta property|name content> of a page, by property or name. */
function metaTags(html: string): Map<string, string[]> {
  const tags = new Map<string, string[]>();
  const decode = (value: string) =>
    value.replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&");
  for (const [, attrs] of html.matchAll(/<meta\b([^>]*)>/g)) {
    const key = /\b(?:property|name)="([^"]+)"/.exec(attrs ?? "")?.[1];
    const content = /\bcontent="([^"]*)"/.exec(attrs ?? "")?.[1];
    if (key && content !== undefined) tags.set(key, [...(tags.get(key) ?? []), decode(content)]);
  }
  return tags;
}

function one(tags: Map<string, string[]>, key: string): string {
  const values = tags.get(key) ?? [];
  expect(values, key).toHaveLength(1);
  return values[0] as string;
}

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/g)].map(([, json]) => JSON.parse(json ?? "null"));
}

/** A page as a crawler fetches it: no cookies kept from one fetch to the next, no JavaScript. */
async function crawl(playwright: PlaywrightWorkerArgs["playwright"], baseURL: string, path: string, userAgent: string) {
  const crawler = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "User-Agent": userAgent } });
  try {
    const response = await crawler.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(200);
    return await response.text();
  } finally {
    await crawler.dispose();
  }
}

test("crawlers get each public page's card with absolute addresses, and a 1200 × 630 picture under 300 KB in its language", async ({
  request,
  playwright,
  baseURL,
}) => {
  const site = new URL(baseURL ?? "").origin;
  const person = await registerForTicket(request, { fullName: "Ƙasimu Ɗanladi Ɓello" });
  const token = await selfServiceToken(person.email);
  const pages = [
    { path: "/", language: "en", url: `${site}/?lang=en` },
    { path: "/?lang=ha", language: "ha", url: `${site}/?lang=ha` },
    { path: "/register", language: "en", url: `${site}/register?lang=en` },
    // Someone's own page: the event's card with the site's address, nothing of theirs.
    { path: `/tickets/${encodeURIComponent(token)}`, language: "en", url: `${site}/?lang=en` },
  ] as const;
  const images = new Map<string, Language>();

  for (const [crawler, userAgent] of Object.entries(CRAWLERS)) {
    for (const page of pages) {
      const html = await crawl(playwright, site, page.path, userAgent);
      const tags = metaTags(html);
      const where = `${page.path} for ${crawler}`;
      const name = one(tags, "og:site_name");
      expect(name, where).not.toBe("");
      expect(one(tags, "og:type")).toBe("website");
      expect(one(tags, "og:url"), where).toBe(page.url);
      expect(one(tags, "og:locale"), where).toBe(`${page.language}_NG`);
      expect(tags.get("og:locale:alternate"), where).toEqual([page.language === "en" ? "ha_NG" : "en_NG"]);
      expect(one(tags, "og:title"), where).toBe(page.path === "/register" ? text("en", "public.register.metaTitle", { name }) : name);
      // The date is in the description (the picture has it too).
      expect(one(tags, "og:description"), where).toMatch(page.path === "/register" ? /\S/ : / · .+\. /);
      const image = one(tags, "og:image");
      expect(image, where).toMatch(new RegExp(`^${site}/share/${page.language}-[0-9a-f]{16}\\.(png|jpg)$`));
      expect([one(tags, "og:image:width"), one(tags, "og:image:height")]).toEqual(["1200", "630"]);
      expect(one(tags, "og:image:type")).toMatch(/^image\/(png|jpeg)$/);
      expect(one(tags, "og:image:alt")).toContain(name);
      expect(one(tags, "twitter:card")).toBe("summary_large_image");
      expect(one(tags, "twitter:image")).toBe(image);
      expect([one(tags, "twitter:title"), one(tags, "twitter:description")]).toEqual([one(tags, "og:title"), one(tags, "og:description")]);
      for (const values of tags.values()) {
        for (const value of values) {
          for (const secret of [token, person.fullName, person.email, person.ticketId]) expect(value, where).not.toContain(secret);
        }
      }
      images.set(image, page.language);

      // Search engines: the Event on the landing page only.
      const data = jsonLd(html);
      if (page.path === "/" || page.path === "/?lang=ha") {
        expect(data).toHaveLength(1);
        expect(data[0]).toMatchObject({
          "@type": "Event",
          name,
          url: page.url,
          image: [image],
          location: { "@type": "Place" },
          offers: { price: 0, priceCurrency: "NGN" },
        });
        expect(String(data[0]?.startDate)).toMatch(/T\d{2}:\d{2}:00\+01:00$/);
      } else {
        expect(data, where).toEqual([]);
      }
    }
  }

  // One picture per language, each as the crawlers fetch it.
  expect([...images.values()].sort()).toEqual(["en", "ha"]);
  const bytesOf: Buffer[] = [];
  for (const [url, language] of images) {
    for (const userAgent of Object.values(CRAWLERS)) {
      const response = await request.get(url, { headers: { "User-Agent": userAgent } });
      expect(response.status(), url).toBe(200);
      const bytes = await response.body();
      expect(bytes.length, url).toBeLessThanOrEqual(MAX_IMAGE_BYTES);
      const meta = await sharp(bytes).metadata();
      expect([meta.width, meta.height], url).toEqual([1200, 630]);
      expect(response.headers()["content-type"]).toBe(meta.format === "png" ? "image/png" : "image/jpeg");
      expect(response.headers()["cache-control"]).toContain("immutable");
      const etag = response.headers().etag ?? "";
      expect(etag).toMatch(/^"[0-9a-f]{16}"$/);
      expect((await request.get(url, { headers: { "If-None-Match": etag } })).status()).toBe(304);
      bytesOf.push(bytes);
    }
    expect(language).toMatch(/^(en|ha)$/);
  }
  // The Hausa picture is another picture.
  expect(bytesOf[0]?.equals(bytesOf.at(-1) as Buffer)).toBe(false);
});

/** The share buttons' WhatsApp, Facebook, X and Telegram links in `scope`, checked to open apart; their addresses. */
async function networkLinks(scope: ReturnType<Page["locator"]>) {
  const links: Record<string, URL> = {};
  for (const network of ["whatsapp", "facebook", "x", "telegram"]) {
    const link = scope.locator(`[data-share-network="${network}"]`);
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    links[network] = new URL((await link.getAttribute("href")) ?? "");
  }
  return links as Record<"whatsapp" | "facebook" | "x" | "telegram", URL>;
}

/** Checks the links carry `message` (a text or a pattern) and `url`, each the way its network reads them. */
async function expectLinks(scope: ReturnType<Page["locator"]>, message: string | RegExp, url: string) {
  const links = await networkLinks(scope);
  expect(links.whatsapp.origin + links.whatsapp.pathname).toBe("https://wa.me/");
  const whatsapp = links.whatsapp.searchParams.get("text") ?? "";
  expect(whatsapp.endsWith(` ${url}`), whatsapp).toBe(true);
  expect(links.facebook.href.startsWith("https://www.facebook.com/sharer/sharer.php?")).toBe(true);
  expect(links.facebook.searchParams.get("u")).toBe(url);
  expect(links.x.origin + links.x.pathname).toBe("https://x.com/intent/post");
  expect(links.x.searchParams.get("url")).toBe(url);
  expect(links.telegram.origin + links.telegram.pathname).toBe("https://t.me/share/url");
  expect(links.telegram.searchParams.get("url")).toBe(url);
  for (const words of [whatsapp.slice(0, -url.length - 1), links.x.searchParams.get("text"), links.telegram.searchParams.get("text")]) {
    if (typeof message === "string") expect(words).toBe(message);
    else expect(words).toMatch(message);
  }
}

/** With JavaScript: the share sheet (a stand-in where the browser has none) and the clipboard. */
async function withShareSheet(context: BrowserContext) {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await context.addInitScript(() => {
    Object.defineProperty(navigator, "share", {
      configurable: true,
      value: (data: ShareData) => {
        (window as unknown as { shared: ShareData[] }).shared = [...((window as unknown as { shared?: ShareData[] }).shared ?? []), data];
        return Promise.resolve();
      },
    });
  });
}

async function checkCopyAndSheet(page: Page, scope: ReturnType<Page["locator"]>, language: Language, url: string, javaScript: boolean) {
  const copy = scope.getByText(text(language, "public.share.copy"), { exact: true });
  const field = scope.getByRole("textbox", { name: text(language, "public.share.linkLabel") });
  const sheet = scope.getByRole("button", { name: text(language, "public.share.native") });
  if (!javaScript) {
    // Without JavaScript: no share sheet, and the address opens to copy by hand.
    await expect(sheet).toBeHidden();
    await expect(field).toBeHidden();
    await copy.click();
    await expect(field).toBeVisible();
    await expect(field).toHaveValue(url);
    return;
  }
  await copy.click();
  await expect(scope.getByRole("status")).toHaveText(text(language, "public.share.copied"));
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await expect(field).toBeHidden();
  await sheet.click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { shared?: ShareData[] }).shared?.at(-1)?.url)).toBe(url);
}

for (const javaScript of [true, false]) {
  test(`the share buttons ${javaScript ? "with" : "without"} JavaScript, in English and Hausa: landing page, after registering, ticket page`, async ({
    browser,
    request,
    baseURL,
  }, testInfo) => {
    // Two registrations and a form filled as a person fills it.
    test.setTimeout(90_000);
    const site = new URL(baseURL ?? "").origin;
    const context = await browser.newContext({ ...testInfo.project.use, javaScriptEnabled: javaScript });
    if (javaScript) await withShareSheet(context);
    const page = await context.newPage();

    for (const language of LANGUAGES) {
      const shared = language === "ha" ? `${site}/?lang=ha` : `${site}/`;

      // The landing page: the event, its date and venue, and the site's address.
      await page.goto(`/${query(language)}`);
      const name = (await page.locator('meta[property="og:site_name"]').getAttribute("content")) ?? "";
      const landing = page.locator("#register [data-share]");
      await expect(landing.getByRole("heading", { name: text(language, "public.share.heading") })).toBeVisible();
      await expectLinks(landing, pattern(language, "public.share.message"), shared);
      expect((await networkLinks(landing)).x.searchParams.get("text")?.startsWith(`${name} — `)).toBe(true);
      await checkCopyAndSheet(page, landing, language, shared, javaScript);

      // The ticket page: "I'm going to …" with the holder's invite link, never the ticket's own.
      const person = await registerForTicket(request, { fullName: `Ɗanjuma Share ${language}` });
      const token = await selfServiceToken(person.email);
      await page.goto(`/tickets/${encodeURIComponent(token)}${query(language)}`);
      const card = page.getByTestId("invite-card");
      await expect(card.getByRole("heading", { name: text(language, "public.invite.heading") })).toBeVisible();
      const invite = (await card.getByTestId("invite-link").textContent()) ?? "";
      expect(invite).toMatch(new RegExp(`^${site.replace(/[.]/g, "\\.")}/i/[2-9A-Z]{6}$`));
      const ticket = card.locator("[data-share]");
      await expectLinks(ticket, text(language, "public.share.goingMessage", { name }), invite);
      for (const link of Object.values(await networkLinks(ticket))) expect(link.href).not.toContain(encodeURIComponent(token).slice(0, 20));
      await checkCopyAndSheet(page, ticket, language, invite, javaScript);
    }

    // After registering: the success dialog, put in place by the page's script or, without
    // JavaScript, the page the plain post answers. Its form is English; the Hausa answer below.
    await page.goto("/register?lang=en");
    const name = (await page.locator('meta[property="og:site_name"]').getAttribute("content")) ?? "";
    if (javaScript) await waitForInteractive(page);
    await registerViaForm(page, makeRegistrant({ fullName: "Ƴusuf Share Modal" }));
    const dialog = page.getByRole("dialog").locator("[data-share]");
    await expect(dialog.getByRole("heading", { name: text("en", "public.share.goingHeading") })).toBeVisible();
    await expectLinks(dialog, text("en", "public.share.goingMessage", { name }), `${site}/`);
    await checkCopyAndSheet(page, dialog, "en", `${site}/`, javaScript);
    if (!javaScript) {
      const form = registrationFormFields(makeRegistrant({ fullName: "Ƙasimu Share Post" }), (await humanFields(request)).formStamp);
      const answer = await request.post("/register?lang=ha", { form, maxRedirects: 0 });
      expect(answer.status()).toBe(200);
      const html = await answer.text();
      const message = encodeURIComponent(text("ha", "public.share.goingMessage", { name }));
      expect(html).toContain(`https://wa.me/?text=${message}`);
      expect(html).toContain(`data-share-url="${site}/?lang=ha"`);
    }
    await context.close();
  });
}
