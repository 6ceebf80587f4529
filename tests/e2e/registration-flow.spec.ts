import type { Locator, Page } from "@playwright/test";
import jsQR from "jsqr";
import ical, { type VEvent } from "node-ical";
import { PNG } from "pngjs";
import { expect, test } from "../support/fixtures";
import { waitForInteractive } from "../support/hydration";
import { attachmentBytes, listMail, type MailJson, waitForMail } from "../support/mailbox-client";
import { makeRegistrant, pauseLikeAPerson, registerViaForm, tokenOfTicketUrl, uniqueEmail } from "../support/register-helper";

// The public site's "done when": a visitor on a phone (and one without JavaScript)
// reads the landing page, registers, gets the ticket e-mail with a scannable QR code
// and a calendar invite, opens the ticket page, and can have a lost ticket re-sent.

const SECTION_IDS = ["home", "about", "organizers", "speakers", "agenda", "register"];
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const CONFIRMATION =
  "If it is registered, we've sent the ticket again: to an e-mail address by e-mail (check the spam folder too), to a phone number by SMS.";

/** The instant the event starts: the date and start time shown on the page, in Africa/Lagos (UTC+1 all year). */
function lagosStart(dateText: string, timeText: string): Date {
  const date = new RegExp(`(\\d{1,2}) (${MONTHS.join("|")}) (\\d{4})`).exec(dateText);
  const time = /(\d{1,2}):(\d{2})\s*([AP])M/i.exec(timeText);
  if (!date || !time) throw new Error(`cannot read the event date/time from ${JSON.stringify({ dateText, timeText })}`);
  const hour = (Number(time[1]) % 12) + (time[3]?.toUpperCase() === "P" ? 12 : 0);
  return new Date(Date.UTC(Number(date[3]), MONTHS.indexOf(date[2] ?? ""), Number(date[1]), hour - 1, Number(time[2])));
}

/** The value of one of the date/time/venue cards on /register. */
async function eventFact(page: Page, label: "Date" | "Time" | "Venue"): Promise<string> {
  const card = page.getByRole("listitem").filter({ has: page.getByText(label, { exact: true }) });
  return ((await card.textContent()) ?? "").replace(label, "").trim();
}

function decodeQr(png: Buffer): string {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? "";
}

/** The one link to the ticket page in the e-mail's HTML. */
function ticketLinkOf(mail: MailJson): string {
  const links = [...mail.html.matchAll(/href="([^"]*\/tickets\/[^"]+)"/g)].map((m) => m[1] ?? "");
  // The ticket page, and its cancel step ("Can't attend? Cancel your registration"), each
  // opening in the person's language (?lang=en here).
  const pages = links.map((link) => link.replace(/\?lang=en$/, ""));
  expect(
    links.every((link) => link.endsWith("?lang=en")),
    "the links open the site in the person's language",
  ).toBe(true);
  const ticket = pages.filter((link) => !link.endsWith("/cancel"));
  expect(new Set(ticket).size, "one ticket link in the e-mail").toBe(1);
  expect(pages).toContain(`${ticket[0]}/cancel`);
  return ticket[0] ?? "";
}

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** How many lines an element's text takes. */
function lineCount(element: Locator): Promise<number> {
  return element.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });
}

async function requestLostTicket(page: Page, email: string, javaScript: boolean) {
  await page.goto("/register");
  if (javaScript) await waitForInteractive(page);
  await page.getByText("Lost your ticket?").click();
  await page.getByLabel("Registered e-mail address").fill(email);
  await pauseLikeAPerson(page);
  await page.getByRole("button", { name: "Resend my ticket" }).click();
  // In the form (the same words come as a toast too).
  await expect(page.locator("details").getByRole("status").filter({ hasText: CONFIRMATION })).toBeVisible();
}

for (const javaScript of [true, false]) {
  test.describe(javaScript ? "on a phone with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled: javaScript });

    test(
      "from the landing page to a ticket e-mail with a scannable QR code and a calendar invite",
      { tag: "@smoke" },
      async ({ page }, testInfo) => {
        test.skip(javaScript && testInfo.project.name !== "mobile", "the JavaScript run is the phone's (mobile project)");
        test.slow();

        // 1. The landing page, every section present.
        expect((await page.goto("/"))?.status()).toBe(200);
        for (const id of SECTION_IDS) {
          await expect(page.locator(`[id="${id}"]`).getByRole("heading").first(), `section #${id}`).toBeVisible();
        }
        await expect(page.locator("#home").getByRole("heading", { level: 1 })).toHaveText("Zamfara Youth Summit");
        await expect(page.getByRole("region", { name: "Our Partners" })).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), "no sideways scrolling").toBe(true);
        if (javaScript) await waitForInteractive(page);

        // 2. Register Now → /register, and register.
        await page.locator("#home").getByRole("link", { name: "Register Now" }).click();
        await expect(page).toHaveURL(/\/register$/);
        await expect(page.getByRole("heading", { name: "Registration Form" })).toBeVisible();
        if (javaScript) await waitForInteractive(page);
        const expectedStart = lagosStart(await eventFact(page, "Date"), await eventFact(page, "Time"));

        const registrant = makeRegistrant({ fullName: "Zainab Abubakar Gusau", email: uniqueEmail("flow") });
        const ticket = await registerViaForm(page, registrant);
        const dialog = page.getByRole("dialog", { name: "Ticket Sent Successfully!" });
        await expect(dialog.getByRole("img", { name: "Ticket QR code" })).toBeVisible();
        await expect(dialog).toContainText(registrant.email);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        // The success toast leaves the dialog's icon in sight, and the ticket ID is on one line.
        const toastBox = await page.locator('[data-toast-type="success"]').boundingBox();
        const iconBox = await dialog.locator("svg").first().boundingBox();
        if (toastBox && iconBox) expect(overlap(toastBox, iconBox), "the toast covers the dialog's icon").toBe(false);
        expect(await lineCount(dialog.getByTestId("ticket-id"))).toBe(1);

        // 3. The ticket e-mail.
        const mail = await waitForMail({ to: registrant.email });
        expect(mail.subject).toMatch(/ticket/i);
        expect(mail.subject).toContain(ticket.ticketId);
        expect(mail.html).toContain(ticket.ticketId);
        expect(mail.html).toContain(registrant.fullName);
        // Read on a 360 px phone, the ticket ID stays on one line.
        const reader = await page.context().newPage();
        await reader.setViewportSize({ width: 360, height: 640 });
        await reader.setContent(mail.html);
        expect(await lineCount(reader.getByText(ticket.ticketId, { exact: true }).first())).toBe(1);
        await reader.close();
        const cid = /<img[^>]+src="cid:([^"]+)"/.exec(mail.html)?.[1];
        expect(cid, "an inline cid: image in the HTML").toBeTruthy();
        const qr = mail.attachments.find((a) => a.cid === cid);
        expect(qr?.contentType).toBe("image/png");
        if (!qr) return;
        const link = ticketLinkOf(mail);
        const token = tokenOfTicketUrl(link);
        // The QR code is the door code of this ticket; the link is the person's own, and a different credential.
        const doorCode = decodeQr(attachmentBytes(qr));
        expect(doorCode.startsWith(`${ticket.ticketId}.`), "the QR code carries this ticket's door code").toBe(true);
        expect(doorCode).not.toBe(token);

        const invite = mail.attachments.find((a) => a.filename?.endsWith(".ics"));
        expect(invite?.contentType).toMatch(/^text\/calendar/);
        if (!invite) return;
        const calendar = ical.sync.parseICS(attachmentBytes(invite).toString("utf8"));
        const event = Object.values(calendar).find((c): c is VEvent => c?.type === "VEVENT");
        expect(event?.start.toISOString(), "DTSTART is the event start in Africa/Lagos").toBe(expectedStart.toISOString());
        expect(event?.location).toContain("Gusau");

        // 4. The ticket page the e-mail links to.
        expect(new URL(link).origin).toBe(new URL(page.url()).origin);
        expect((await page.goto(link))?.status()).toBe(200);
        await expect(page.getByText(ticket.ticketId, { exact: true })).toBeVisible();
        await expect(page.getByText(registrant.fullName, { exact: true })).toBeVisible();
        await expect(page.getByRole("img", { name: `QR code for ticket ${ticket.ticketId}` })).toBeVisible();

        // A forged token: one character of the signature changed.
        const dot = token.lastIndexOf(".");
        const first = token[dot + 1] ?? "A";
        const forged = `${token.slice(0, dot + 1)}${first === "A" ? "B" : "A"}${token.slice(dot + 2)}`;
        expect((await page.goto(`/tickets/${encodeURIComponent(forged)}`))?.status()).toBe(404);
        await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
        await expect(page.getByText(ticket.ticketId)).toHaveCount(0);

        // 5. "Lost your ticket?": the same answer for an unknown address and for the registered one, which gets a second e-mail.
        const stranger = uniqueEmail("stranger");
        await requestLostTicket(page, stranger, javaScript);
        await requestLostTicket(page, registrant.email.toUpperCase(), javaScript);
        await expect.poll(async () => (await listMail({ to: registrant.email })).length, { timeout: 20_000 }).toBe(2);
        const [, again] = await listMail({ to: registrant.email });
        expect(again?.subject).toContain(ticket.ticketId);
        // The stranger's request was answered before the registered one's: its mail (if any) would have been sent by now.
        await page.waitForTimeout(1_000);
        expect(await listMail({ to: stranger })).toEqual([]);
      },
    );
  });
}
