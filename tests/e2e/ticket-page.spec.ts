import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import jsQR from "jsqr";
import sharp from "sharp";
import type { Language } from "../../app/i18n/languages";
import { text } from "../support/catalogue";
import { expect, test } from "../support/fixtures";
import { registerForTicket, selfServiceToken } from "../support/register-helper";

// The ticket page as people use it at the door: served without React (ADR 015), every action a
// link or a form, so it works with JavaScript off; its main action, "Save ticket", a PNG the
// server draws with the QR code the door scans and the holder's name, in the page's language.
// The cancel flow without JavaScript is in ticket-cancel.spec.ts, the weight in page-weight.spec.ts.

const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function decodeQr(png: Buffer): Promise<string> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? "";
}

/** Clicks "Save ticket" and returns what the browser saved. */
async function saveTicket(page: Page, language: Language) {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: text(language, "public.ticket.save") }).click(),
  ]);
  const file = await download.path();
  return { name: download.suggestedFilename(), bytes: await readFile(file) };
}

for (const javaScript of [true, false]) {
  for (const language of ["en", "ha"] as const) {
    test(
      `"Save ticket" ${javaScript ? "with" : "without"} JavaScript in ${language === "en" ? "English" : "Hausa"}: a PNG whose QR code the door admits, with the holder's name`,
      { tag: "@smoke" },
      async ({ browser, request }, testInfo) => {
        test.skip(!javaScript && testInfo.project.name !== "mobile", "without JavaScript on the phone only");
        const context = await browser.newContext({ ...testInfo.project.use, javaScriptEnabled: javaScript, acceptDownloads: true });
        const page = await context.newPage();
        const person = await registerForTicket(request, { fullName: `Ƴar'adua Ɓello Ƙasimu ${tag()}` });
        const token = await selfServiceToken(person.email);
        await page.goto(`/tickets/${encodeURIComponent(token)}${language === "ha" ? "?lang=ha" : ""}`);
        await expect(page.getByText(text(language, "public.ticket.admission"))).toBeVisible();
        const date = ((await page.locator("dd").first().textContent()) ?? "").trim();

        const saved = await saveTicket(page, language);
        expect(saved.name).toBe(`ticket-${person.ticketId}.png`);
        const meta = await sharp(saved.bytes).metadata();
        expect(meta.format).toBe("png");
        expect(meta.width).toBe(1080);
        // The QR code is the page's own: the door code (issue 31), not the person's data or link.
        expect(await decodeQr(saved.bytes)).toBe(person.doorCode);
        // The picture's description names the holder, the ticket and the date as the page writes it.
        expect(meta.xmp?.toString()).toContain(`${person.fullName} · ${person.ticketId} · ${date}`);
        await context.close();
      },
    );
  }
}

test("without JavaScript: the print hint instead of a button, the language switch, the calendar and the data links work", async ({
  browser,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== "mobile", "the phone's view");
  const context = await browser.newContext({ ...testInfo.project.use, javaScriptEnabled: false, acceptDownloads: true });
  const page = await context.newPage();
  const person = await registerForTicket(request, { fullName: `Hauwa Ɗanjuma ${tag()}` });
  const ticketPath = `/tickets/${encodeURIComponent(await selfServiceToken(person.email))}`;
  await page.goto(`${ticketPath}?lang=en`);
  await expect(page.getByText(text("en", "public.ticket.printHint"))).toBeVisible();
  await expect(page.getByRole("button", { name: text("en", "public.ticket.print") })).toHaveCount(0);

  // The language switch is a plain link; the page and its Save link follow it.
  await page
    .getByRole("navigation", { name: text("en", "common.language.switchLabel") })
    .getByRole("link", { name: "Hausa" })
    .click();
  await expect(page.locator("html")).toHaveAttribute("lang", "ha");
  await expect(page.getByRole("link", { name: text("ha", "public.ticket.save") })).toHaveAttribute(
    "href",
    `${ticketPath}/ticket.png?lang=ha`,
  );

  const [calendar] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: text("ha", "public.ticket.addToCalendar"), exact: true }).click(),
  ]);
  // Long lines of an invite are folded (RFC 5545): unfolded, it names the ticket.
  expect((await readFile(await calendar.path(), "utf8")).replace(/\r\n[ \t]/g, "")).toContain(person.ticketId);

  await page.getByRole("link", { name: text("ha", "public.ticket.deleteData") }).click();
  await expect(page.getByRole("heading", { name: text("ha", "public.erase.title") })).toBeVisible();
  await page.getByRole("link", { name: text("ha", "public.erase.keep") }).click();
  await expect(page.getByText(person.ticketId)).toBeVisible();
  await context.close();
});

test("with JavaScript the Print button replaces the hint; the picture is the holder's only", async ({ page, request }, testInfo) => {
  test.skip(testInfo.project.name !== "mobile", "the phone's view");
  const person = await registerForTicket(request, { fullName: `Musa Ƙaura ${tag()}` });
  const ticketPath = `/tickets/${encodeURIComponent(await selfServiceToken(person.email))}`;
  await page.goto(ticketPath);
  const print = page.getByRole("button", { name: text("en", "public.ticket.print") });
  await expect(print).toBeVisible();
  await expect(page.getByText(text("en", "public.ticket.printHint"))).toBeHidden();
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed++;
    };
  });
  await print.click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

  // The door code (the QR code) does not open the picture, nor does a forged token.
  expect((await request.get(`/tickets/${encodeURIComponent(person.doorCode)}/ticket.png`)).status()).toBe(404);
  expect((await request.get("/tickets/ZYS-FAKE1234-ABCDEF.not-a-signature/ticket.png")).status()).toBe(404);
  const picture = await request.get(`${ticketPath}/ticket.png`);
  expect(picture.status()).toBe(200);
  expect(picture.headers()["cache-control"]).toBe("private, no-store");
  expect(picture.headers()["content-disposition"]).toBe(`attachment; filename="ticket-${person.ticketId}.png"`);
});
