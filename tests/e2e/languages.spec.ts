import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Browser, Locator, Page } from "@playwright/test";
import jsQR from "jsqr";
import ical, { type VEvent } from "node-ical";
import { PNG } from "pngjs";
import type { Language } from "../../app/i18n/languages";
import { formatEventDate } from "../../app/modules/settings/event-time";
import { signDoorCode } from "../../app/modules/tickets/ticket-token.server";
import { signInAsAdmin } from "../support/admin-session";
import { pattern, text } from "../support/catalogue";
import { expect, test } from "../support/fixtures";
import { waitForInteractive } from "../support/hydration";
import { attachmentBytes, type MailJson, waitForMail } from "../support/mailbox-client";
import { type PrivateSite, startPrivateSite } from "../support/private-site";
import {
  makeRegistrant,
  pauseLikeAPerson,
  type Registrant,
  registerForTicket,
  registrationForm,
  selfServiceToken,
} from "../support/register-helper";
import { type SmtpCapture, startSmtpCapture } from "../support/smtp-capture";

// The bilingual site as a Hausa speaker meets it (issue 23): a phone set to Hausa opens the
// pages in Hausa, registers with and without JavaScript and gets everything after in Hausa
// (the ticket e-mail and its link, the reminder, the waitlist); anyone switches any public
// page, and the door, between English and Hausa with a plain link that is remembered. The
// expected words come from the catalogues (tests/support/catalogue.ts), never copied here.

const ha = (key: string, values?: Record<string, string | number>) => text("ha", key, values);
const en = (key: string, values?: Record<string, string | number>) => text("en", key, values);
const base = () => process.env.E2E_BASE_URL ?? "";
const eventDate = () => process.env.E2E_EVENT_DATE ?? "";

test.beforeEach(() => {
  // Languages do not depend on the screen: the desktop project runs them, once.
  test.skip(test.info().project.name !== "desktop", "once, on the desktop project");
});

async function expectPageIn(page: Page, language: Language, key: string) {
  await expect(page.locator("html")).toHaveAttribute("lang", language);
  await expect(page.getByText(text(language, key), { exact: true }).first()).toBeVisible();
}

/** The "English · Hausa" switch (its label is in the page's language). */
function languageSwitch(page: Page): Locator {
  const label = new RegExp(`^(${en("common.language.switchLabel")}|${ha("common.language.switchLabel")})$`);
  return page.getByRole("navigation", { name: label }).first();
}

/**
 * A visitor's browser set to Hausa: Chromium sends its locale as Accept-Language (`ha-NG`, or
 * with `bare` just `ha`); it replaces an Accept-Language given as an extra header.
 */
async function hausaVisitor(browser: Browser, { javaScript = true, bare = false, baseURL = base() } = {}): Promise<Page> {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: javaScript, locale: bare ? "ha" : "ha-NG" });
  return context.newPage();
}

/** Fills /register as a Hausa speaker reads it: every field found by its Hausa label. */
async function fillInHausa(page: Page, person: Registrant) {
  const form = registrationForm(page);
  const field = (key: string) => form.getByLabel(ha(`public.register.fields.${key}`));
  await field("fullName").fill(person.fullName);
  await field("email").fill(person.email);
  await field("phone").fill(person.phone);
  await field("gender").selectOption(person.gender);
  await field("state").selectOption(person.state ?? "Zamfara");
  await field("localGovernment").selectOption(person.localGovernment ?? "Gusau");
  await consentBox(page).check();
}

function consentBox(page: Page): Locator {
  const opening = ha("public.register.consent").split(" ").slice(0, 3).join(" ");
  return registrationForm(page).getByRole("checkbox", { name: new RegExp(`^${opening}`) });
}

function decodeQr(png: Buffer): string {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? "";
}

async function doorCodeOf(ticketId: string, dataDir = process.env.E2E_DATA_DIR ?? ""): Promise<string> {
  return signDoorCode(ticketId, (await readFile(path.join(dataDir, "session-secret"), "utf8")).trim());
}

const GOOGLE_CALENDAR = "https://calendar.google.com/";

/**
 * Every link of an e-mail's HTML to the site: absolute, on the site, each opening in `language`.
 * "Add to Google Calendar" is the one link elsewhere (issue 39), checked by the ticket's test.
 */
function expectLinksIn(html: string, language: Language, site = base()): string[] {
  const links = [...html.matchAll(/href="([^"]+)"/g)]
    .map((m) => (m[1] ?? "").replaceAll("&amp;", "&"))
    .filter((l) => !l.startsWith("mailto:") && !l.startsWith(GOOGLE_CALENDAR));
  expect(links.length, "links in the e-mail").toBeGreaterThan(0);
  for (const link of links) {
    expect(link.startsWith(`${site}/`), `${link} is on the site`).toBe(true);
    expect(new URL(link).searchParams.get("lang"), `${link} opens in ${language}`).toBe(language);
  }
  return links;
}

function expectHausaMail(mail: Pick<MailJson, "html" | "text">) {
  expect(mail.html).toMatch(/<html[^>]*\slang="ha"/);
  for (const body of [mail.html, mail.text]) {
    expect(body).toContain(ha("mail.ticket.showAtDoor"));
    expect(body).not.toContain(en("mail.ticket.showAtDoor"));
    expect(body).toContain(formatEventDate(eventDate(), "ha"));
  }
}

test("a browser set to Hausa opens / and /register in Hausa, and both announce their English and Hausa addresses", async ({
  browser,
  request,
}) => {
  for (const bare of [false, true]) {
    const page = await hausaVisitor(browser, { bare, javaScript: false });
    for (const [where, heading] of [
      ["/", "public.about.heading"],
      ["/register", "public.register.formHeading"],
    ] as const) {
      expect((await page.goto(where))?.status()).toBe(200);
      await expectPageIn(page, "ha", heading);
      await expect(page.getByRole("heading", { name: en(heading), exact: true })).toHaveCount(0);
      const alternates = await page
        .locator('link[rel="alternate"][hreflang]')
        .evaluateAll((links) => links.map((link) => [link.getAttribute("hreflang"), link.getAttribute("href")]));
      const plain = new URL(where, base()).toString();
      expect(Object.fromEntries(alternates)).toEqual({ en: `${plain}?lang=en`, ha: `${plain}?lang=ha`, "x-default": plain });
    }
    await expect(page.locator("h1")).toHaveText(pattern("ha", "public.register.heading"));
    await page.context().close();
  }
  // Other ways of asking for Hausa; a language the site does not have falls back to English.
  for (const [asked, lang] of [
    ["ha-Latn-NG", "ha"],
    ["fr-FR,ha;q=0.8,en;q=0.5", "ha"],
    ["yo-NG,en;q=0.5", "en"],
  ] as const) {
    const html = await (await request.get("/", { headers: { "Accept-Language": asked } })).text();
    expect(/<html[^>]*\slang="([a-z]+)"/.exec(html)?.[1], asked).toBe(lang);
  }
});

for (const javaScript of [false, true]) {
  test(`registering in Hausa ${javaScript ? "with" : "without"} JavaScript: Hausa messages, a Hausa ticket e-mail whose QR code admits and whose link opens in Hausa`, async ({
    browser,
  }) => {
    test.slow();
    const page = await hausaVisitor(browser, { javaScript });
    await page.goto("/register");
    if (javaScript) await waitForInteractive(page);
    const form = registrationForm(page);
    const submit = form.getByRole("button", { name: ha("public.register.button.register") });

    // An empty form: each required field's message under it, and all of them in the toast.
    await submit.click();
    const required = ["fullNameRequired", "emailRequired", "phoneRequired", "gender", "consent"].map((k) => ha(`common.validation.${k}`));
    await expect(page.locator('[data-toast-type="error"]').getByText(required.join(", "), { exact: true })).toBeVisible();
    for (const [key, message] of [
      ["fullName", required[0]],
      ["email", required[1]],
      ["phone", required[2]],
      ["gender", required[3]],
    ] as const) {
      const field = form.getByLabel(ha(`public.register.fields.${key}`));
      await expect(field).toHaveAttribute("aria-invalid", "true");
      await expect(field).toHaveAccessibleDescription(message ?? "");
    }
    await expect(consentBox(page)).toHaveAccessibleDescription(required[4] ?? "");

    // A valid registration: the success toast and modal in Hausa.
    const person = makeRegistrant({ fullName: "Zainab Abubakar Gusau" });
    await fillInHausa(page, person);
    await pauseLikeAPerson(page);
    await submit.click();
    const dialog = page.getByRole("dialog", { name: ha("public.register.success.title") });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(ha("public.register.success.sentTo", { email: person.email }));
    await expect(dialog.getByRole("img", { name: ha("public.register.success.qrAlt") })).toBeVisible();
    await expect(page.locator('[data-toast-type="success"]').getByText(ha("common.registration.success"), { exact: true })).toBeVisible();
    const ticketId = ((await dialog.getByTestId("ticket-id").textContent()) ?? "").trim();

    // The ticket e-mail: subject, HTML and text in Hausa, the date as Hausa says it.
    const mail = await waitForMail({ to: person.email });
    expect(mail.subject).toMatch(pattern("ha", "mail.ticket.subject"));
    expect(mail.subject).toContain(ticketId);
    expectHausaMail(mail);
    expect(mail.html).toContain(ha("mail.hello", { name: person.fullName }));
    const links = expectLinksIn(mail.html, "ha");
    const ticketLink = links.find((link) => !new URL(link).pathname.endsWith("/cancel")) ?? "";
    const cancelLink = links.find((link) => new URL(link).pathname.endsWith("/cancel")) ?? "";

    // Its QR code is the ticket's door code, which the door admits.
    const cid = /<img[^>]+src="cid:([^"]+)"/.exec(mail.html)?.[1];
    const qr = mail.attachments.find((a) => a.cid === cid);
    expect(qr, "the inline QR image").toBeTruthy();
    expect(decodeQr(attachmentBytes(qr ?? mail.attachments[0]!))).toBe(await doorCodeOf(ticketId));

    // The calendar invite speaks Hausa too, and links to the site in Hausa, never to the ticket
    // page (its link cancels and erases; calendars get shared): so does Google Calendar's link.
    const invite = mail.attachments.find((a) => a.filename?.endsWith(".ics"));
    const event = Object.values(ical.sync.parseICS(attachmentBytes(invite ?? mail.attachments[0]!).toString("utf8"))).find(
      (c): c is VEvent => c?.type === "VEVENT",
    );
    expect(String(event?.description ?? "")).toContain(ha("mail.calendar.ticketId", { ticket: ticketId }));
    const icsUrl = /^URL[^:]*:(.*)$/m.exec(
      attachmentBytes(invite ?? mail.attachments[0]!)
        .toString("utf8")
        .replace(/\r?\n[ \t]/g, ""),
    )?.[1];
    expect(icsUrl?.trim()).toBe(`${base()}/?lang=ha`);
    const google = [...mail.html.matchAll(/href="([^"]+)"/g)]
      .map((m) => (m[1] ?? "").replaceAll("&amp;", "&"))
      .find((l) => l.startsWith(GOOGLE_CALENDAR));
    const googleDetails = new URL(google ?? GOOGLE_CALENDAR).searchParams.get("details") ?? "";
    expect(googleDetails).toContain(ha("mail.calendar.ticketId", { ticket: ticketId }));
    expect(googleDetails).toContain(`${base()}/?lang=ha`);
    expect(googleDetails).not.toContain("/tickets/");

    // The link opens the ticket page in Hausa, even in a browser set to English.
    const elsewhere = await (await browser.newContext({ javaScriptEnabled: javaScript, locale: "en-GB" })).newPage();
    expect((await elsewhere.goto(ticketLink))?.status()).toBe(200);
    await expectPageIn(elsewhere, "ha", "public.ticket.admission");
    await expect(elsewhere.getByText(ticketId, { exact: true })).toBeVisible();
    await expect(elsewhere.getByRole("img", { name: ha("public.confirm.qrAlt", { ticketId }) })).toBeVisible();

    // Cancelling from the e-mail: the page, the answer and the confirmation e-mail in Hausa.
    // The confirmation is a plain form (served without React, ADR 015), with or without JavaScript.
    await elsewhere.goto(cancelLink);
    await expectPageIn(elsewhere, "ha", "public.cancelPage.title");
    await elsewhere.getByRole("button", { name: ha("public.cancelPage.confirm") }).click();
    await expect(elsewhere.getByRole("heading", { name: ha("public.ticket.cancelledTitle") })).toBeVisible();
    const cancelled = await waitForMail({ to: person.email, subjectIncludes: ha("mail.cancellation.subject").split(":")[0] ?? "" });
    expect(cancelled.subject).toMatch(pattern("ha", "mail.cancellation.subject"));
    expect(cancelled.html).toMatch(/<html[^>]*\slang="ha"/);
    expect(cancelled.text).toContain(ha("mail.cancellation.again"));
    expectLinksIn(cancelled.html, "ha");
    await elsewhere.context().close();
    await page.context().close();
  });
}

// The browser's Intl has no Hausa (Chromium, like Chrome on Android, ships no Hausa locale
// data): dates are written by the server, so the served "Jummaʼa 25 Disamba, 2026" stays
// Hausa once JavaScript takes over, instead of turning into "Friday, 25 December 2026".
test("a date on a Hausa page stays Hausa once JavaScript takes over (the ticket page)", async ({ browser, request }) => {
  const person = await registerForTicket(request, { fullName: "Sani Lawal" });
  const token = await selfServiceToken(person.email);
  const page = await hausaVisitor(browser);
  const served = await (await page.goto(`/tickets/${token}`))?.text();
  const date = formatEventDate(eventDate(), "ha");
  expect(served).toContain(date);
  await waitForInteractive(page);
  await page.waitForTimeout(500);
  await expect(page.getByText(date).first()).toBeVisible({ timeout: 2_000 });
  await page.context().close();
});

/**
 * On `where` (opened without `?lang=`, in `from`): "Hausa" turns it Hausa, the next page opens
 * in Hausa by itself, and "English" turns it back. No JavaScript: plain links and a cookie.
 */
async function switchOn(page: Page, where: string, key: string, next: [string, string]) {
  await page.goto(where);
  await expectPageIn(page, "en", key);
  await languageSwitch(page).getByRole("link", { name: "Hausa", exact: true }).click();
  await expect(page).toHaveURL(/[?&]lang=ha(&|$)/);
  await expectPageIn(page, "ha", key);
  await expect(languageSwitch(page).getByRole("link", { name: "English", exact: true })).toHaveAttribute("hreflang", "en");
  await page.goto(next[0]);
  await expectPageIn(page, "ha", next[1]);
  await page.goto(where);
  await expectPageIn(page, "ha", key);
  await languageSwitch(page).getByRole("link", { name: "English", exact: true }).click();
  await expectPageIn(page, "en", key);
  await page.goto(next[0]);
  await expectPageIn(page, "en", next[1]);
}

test("without JavaScript, the switch on every public page changes its language and the choice is remembered", async ({
  browser,
  request,
}) => {
  test.slow();
  const person = await registerForTicket(request, { fullName: "Musa Garba" });
  const token = await selfServiceToken(person.email);
  const page = await (await browser.newContext({ baseURL: base(), javaScriptEnabled: false })).newPage();
  const pages: [string, string][] = [
    ["/", "public.about.heading"],
    ["/register", "public.register.formHeading"],
    ["/privacy", "public.privacy.title"],
    [`/tickets/${token}`, "public.ticket.admission"],
    [`/tickets/${token}/cancel`, "public.cancelPage.title"],
    [`/tickets/${token}/delete-my-data`, "public.erase.title"],
    ["/babu-wannan-shafi", "common.errors.notFoundTitle"],
  ];
  for (const [i, [where, key]] of pages.entries())
    await switchOn(page, where, key, pages[(i + 1) % pages.length] ?? ["/", "public.about.heading"]);
  await page.context().close();

  // A shared Hausa link opens in Hausa for a browser that never chose, and the next page too.
  const fresh = await (await browser.newContext({ baseURL: base(), javaScriptEnabled: false, locale: "en-GB" })).newPage();
  await fresh.goto("/register?lang=ha");
  await expectPageIn(fresh, "ha", "public.register.formHeading");
  await fresh.goto("/");
  await expectPageIn(fresh, "ha", "public.about.heading");
  await fresh.context().close();
});

test("the privacy notice in Hausa says it is a translation and the English text prevails, with a link to it", async ({ browser }) => {
  const page = await hausaVisitor(browser, { javaScript: false });
  await page.goto("/privacy");
  await expectPageIn(page, "ha", "public.privacy.title");
  const note = page.getByRole("note");
  await expect(note).toContainText(ha("public.privacy.translationNote"));
  await note.getByRole("link", { name: ha("public.privacy.readEnglish") }).click();
  await expectPageIn(page, "en", "public.privacy.title");
  await expect(page.getByText(ha("public.privacy.translationNote"))).toHaveCount(0);
  await page.context().close();
});

test("a mistyped address answers 404 in Hausa, with the way home in Hausa", async ({ browser }) => {
  const page = await hausaVisitor(browser);
  expect((await page.goto("/shafin-da-babu"))?.status()).toBe(404);
  await expectPageIn(page, "ha", "common.errors.notFoundTitle");
  await expect(page.getByText(ha("common.errors.notFoundText"))).toBeVisible();
  await expect(page.getByRole("link", { name: ha("common.backHome") })).toHaveAttribute("href", "/");
  await page.context().close();
});

test("the door in Hausa through the switch: typed and scanned tickets answer in Hausa; the rest of the admin stays English", async ({
  adminPage: page,
  request,
}) => {
  const person = await registerForTicket(request, { fullName: `Hauwa Ɓello ${Date.now().toString(36)}` });
  await page.goto("/admin/check-in");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await languageSwitch(page).getByRole("link", { name: "Hausa", exact: true }).click();
  await expectPageIn(page, "ha", "door.typeHeading");
  await waitForInteractive(page);
  // The frame too: the title, the welcome and Logout, not "Check-in" and "Welcome back".
  await expect(page.getByRole("heading", { level: 1, name: ha("door.shell.title") })).toBeVisible();
  await expect(page.locator("header").getByText(/^Barka da dawowa, /)).toBeVisible();
  await expect(page.getByText("Welcome back")).toHaveCount(0);

  await page.getByRole("textbox", { name: ha("door.ticketId"), exact: true }).fill(person.ticketId);
  await page.getByRole("button", { name: ha("door.checkIn"), exact: true }).click();
  const outcome = page.locator("[data-outcome]");
  await expect(outcome).toHaveAttribute("data-outcome", "checked-in");
  await expect(outcome).toContainText(ha("door.welcome"));
  await expect(outcome).toContainText(person.fullName);

  await page.getByRole("textbox", { name: ha("door.ticketId"), exact: true }).fill("ZYS-NOPE-000000");
  await page.getByRole("button", { name: ha("door.checkIn"), exact: true }).click();
  await expect(outcome).toContainText(ha("door.checkin.unknownTicketId", { ticketId: "ZYS-NOPE-000000" }));

  // What the camera of another door posts when it reads the QR code: the same ticket again, in Hausa.
  const scan = await page.request.post("/admin/check-in", {
    form: { intent: "scan", code: person.doorCode, door: "Ƙofa ta biyu" },
    headers: { Origin: new URL(base()).origin },
  });
  const html = await scan.text();
  expect(html).toMatch(/<html[^>]*\slang="ha"/);
  expect(/data-outcome="([a-z-]+)"/.exec(html)?.[1]).toBe("already");
  expect(html).toContain(ha("door.checkin.already", { time: "" }).trim());

  // The organisers' pages keep English whatever the door chose.
  await page.goto("/admin");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.goto("/admin/check-in");
  await expect(page.locator("html")).toHaveAttribute("lang", "ha");
});

test.describe("on a site of its own", () => {
  let site: PrivateSite | undefined;
  let smtp: SmtpCapture | undefined;
  test.afterAll(async () => {
    await site?.stop();
    await smtp?.stop();
  });

  test("reminders reach each attendee in their own language; a full event's waitlist answers in Hausa and its page switches", async ({
    browser,
    playwright,
  }) => {
    test.setTimeout(180_000);
    smtp = await startSmtpCapture();
    site = await startPrivateSite({ smtpUrl: smtp.url });
    const url = site.url;
    const hausa = await playwright.request.newContext({ baseURL: url, extraHTTPHeaders: { "Accept-Language": "ha-NG,ha;q=0.9,en;q=0.5" } });
    const english = await playwright.request.newContext({ baseURL: url, extraHTTPHeaders: { "Accept-Language": "en-GB,en;q=0.9" } });
    const amina = await registerForTicket(hausa, { fullName: "Amina Ƴusuf" }, { dataDir: site.dataDir });
    const chidi = await registerForTicket(english, { fullName: "Chidi Okafor", gender: "male" }, { dataDir: site.dataDir });

    const admin = await (await browser.newContext({ baseURL: url })).newPage();
    await signInAsAdmin(admin, { redirectTo: "/admin/operations" });
    await admin.goto("/admin/operations");
    await waitForInteractive(admin);
    await admin.getByRole("link", { name: "Send Reminders" }).click();
    await admin.getByRole("dialog", { name: "Send Reminders" }).getByRole("button", { name: "Send Reminders" }).click();
    await expect(admin.getByText("Reminder emails sent to 2 attendees!")).toBeVisible({ timeout: 30_000 });

    const reminderTo = async (person: { email: string; ticketId: string }) =>
      (
        await (smtp as SmtpCapture).waitFor(
          (m) => m.envelopeTo.includes(person.email) && !(m.parsed.subject ?? "").includes(person.ticketId),
          30_000,
        )
      ).parsed;
    const inHausa = await reminderTo(amina);
    expect(inHausa.subject).toMatch(pattern("ha", "mail.ticket.subjectReminder"));
    expect(inHausa.html || "").toMatch(/<html[^>]*\slang="ha"/);
    expect(inHausa.text).toContain(ha("mail.ticket.reminder"));
    expect(inHausa.text).toContain(ha("mail.ticket.showAtDoor"));
    expectLinksIn(inHausa.html || "", "ha", url);
    const inEnglish = await reminderTo(chidi);
    expect(inEnglish.subject).toMatch(pattern("en", "mail.ticket.subjectReminder"));
    expect(inEnglish.html || "").toMatch(/<html[^>]*\slang="en"/);
    expect(inEnglish.text).toContain(en("mail.ticket.showAtDoor"));
    expect(inEnglish.text).not.toContain(ha("mail.ticket.showAtDoor"));
    expectLinksIn(inEnglish.html || "", "en", url);

    // Fully booked: a Hausa speaker without JavaScript joins the waitlist.
    await admin.goto("/admin/settings");
    await waitForInteractive(admin);
    await admin.getByRole("spinbutton", { name: "Maximum attendees" }).fill("2");
    await admin.getByRole("button", { name: "Save Event Settings" }).click();
    await expect(admin.getByText("Event settings saved successfully!")).toBeVisible();
    const visitor = await hausaVisitor(browser, { javaScript: false, baseURL: url });
    await visitor.goto("/register");
    await expect(visitor.getByRole("heading", { name: ha("public.register.waitlistHeading") })).toBeVisible();
    const bello = makeRegistrant({ fullName: "Hauwa Ɓello" });
    await fillInHausa(visitor, bello);
    await pauseLikeAPerson(visitor);
    await registrationForm(visitor)
      .getByRole("button", { name: ha("public.register.button.waitlist") })
      .click();
    await expect(visitor.getByText(ha("public.waitlistJoined.title"), { exact: true })).toBeVisible();

    const joined = (
      await (smtp as SmtpCapture).waitFor(
        (m) => m.envelopeTo.includes(bello.email) && pattern("ha", "mail.waitlist.joinedSubject").test(m.parsed.subject ?? ""),
        30_000,
      )
    ).parsed;
    expect(joined.html || "").toMatch(/<html[^>]*\slang="ha"/);
    const [waitlistLink] = expectLinksIn(joined.html || "", "ha", url);
    await visitor.context().close();

    // The waitlist page switches like every other public page.
    const page = await (await browser.newContext({ baseURL: url, javaScriptEnabled: false })).newPage();
    await switchOn(page, new URL(waitlistLink ?? url).pathname, "public.waitlistJoined.title", ["/privacy", "public.privacy.title"]);
    for (const context of [page.context(), admin.context()]) await context.close();
    await Promise.all([hausa.dispose(), english.dispose()]);
  });
});
