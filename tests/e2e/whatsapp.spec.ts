import type { Page } from "@playwright/test";
import { inboundTextWebhook, statusWebhook } from "../support/fake-graph";
import { expect, test } from "../support/fixtures";
import { waitForInteractive } from "../support/hydration";
import { e164, fillRegistrationForm, makeRegistrant, type Registrant, registerViaForm, registrationForm } from "../support/register-helper";
import {
  attendeesFound,
  digitsOf,
  messagesOf,
  shown,
  statusesOf,
  templateParts,
  VERIFY_TOKEN,
  type WhatsAppSite,
  whatsAppSiteForTheseTests,
} from "../support/whatsapp-site";

// WhatsApp (Meta's Cloud API) as the third channel, on a production server of its own whose Graph
// API is a fake that answers as Meta does and posts Meta's signed status webhooks back; SMS by a
// fake Termii. The web form's "Send my ticket on WhatsApp too" box sends the ticket template (its
// image fetched from the site), Meta's "delivered" shows in the admin, the webhook's handshake
// answers only the verify token, unsigned or forged posts change nothing, and a number not on
// WhatsApp gets the ticket by SMS instead. The chat's registration: whatsapp-chat.spec.ts.

const WHATSAPP_BOX = "Send my ticket on WhatsApp too";
const SMS_BOX = "Also send my ticket by SMS";
const FORGER_SECRET = "f0rged-app-secret-0123456789abcdef";

/** The ticket template the fake received for this number, and the request that carried it. */
async function ticketTemplateTo(wa: WhatsAppSite, phone: string) {
  const to = digitsOf(e164(phone));
  const message = await wa.graph.waitFor((m) => m.to === to && m.body.type === "template", 30_000);
  const request = wa.graph.requests.find((r) => (r.body as { to?: string } | undefined)?.to === to && r.path.endsWith("/messages"));
  return { message, request, parts: templateParts(message.body) };
}

/** Ticks the WhatsApp box (and leaves the SMS box as `sms` says), then registers through the form. */
async function registerWithWhatsApp(page: Page, person: Registrant, { sms }: { sms: boolean }) {
  const form = registrationForm(page);
  await fillRegistrationForm(page, person);
  const box = form.getByRole("checkbox", { name: WHATSAPP_BOX });
  // Never ticked for the person.
  await expect(box).not.toBeChecked();
  await box.check();
  await form.getByRole("checkbox", { name: SMS_BOX }).setChecked(sms);
  return { box, ticket: () => registerViaForm(page, person) };
}

test.describe("WhatsApp, on a server of its own with a fake Graph API", () => {
  const site = whatsAppSiteForTheseTests();

  test("the web form's WhatsApp box sends the ticket template; Meta's 'delivered' shows in the admin", async ({
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(90_000);
    const { wa, admin } = site();
    const person = makeRegistrant({ fullName: "Hauwa Ɗanladi", phone: "0803 700 1101" });
    const phone = await browser.newContext({ baseURL: wa.site.url, viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    const page = await phone.newPage();
    await page.goto("/register");
    await waitForInteractive(page);
    const { box, ticket } = await registerWithWhatsApp(page, person, { sms: true });
    await box.evaluate((element) => element.scrollIntoView({ block: "center", behavior: "instant" }));
    await page.evaluate(() => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))));
    await page.screenshot({ path: testInfo.outputPath("register-whatsapp-box-360.png") });
    const { ticketId } = await ticket();
    await phone.close();

    // The ticket template, as Meta takes it: its name, the ticket's image on the site, the ID, the bearer token.
    const { message, request: sent, parts } = await ticketTemplateTo(wa, person.phone);
    expect(parts.name).toBe("summit_ticket");
    expect(parts.language).toBe("en");
    expect(parts.bodyTexts).toContain(ticketId);
    expect(parts.bodyTexts).toContain(person.fullName);
    expect(parts.headerImage.startsWith(`${wa.site.url}/ticket-image/`)).toBe(true);
    expect(sent?.authorization).toBe(`Bearer ${wa.graph.accessToken}`);
    expect(sent?.path).toBe(`/v23.0/${wa.graph.phoneNumberId}/messages`);
    // The image Meta fetches for the header: a PNG.
    const image = await request.get(parts.headerImage);
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toMatch(/^image\/png/);
    expect((await image.body()).subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));

    // Meta's "sent" then "delivered", signed, each taken by the site (at Meta's retry when it came
    // before the site had recorded the message's id: the site answers 503 to that).
    const statuses = await statusesOf(wa.graph, message.providerId);
    expect(statuses.map((s) => [s.status, s.last])).toEqual([
      ["sent", 200],
      ["delivered", 200],
    ]);
    testInfo.annotations.push({ type: "statuses", description: JSON.stringify(statuses) });

    const { page: details, list } = await messagesOf(admin, person.fullName);
    const ticketRow = list.locator("[data-channel=whatsapp]").filter({ hasText: "WhatsApp: Ticket" });
    await expect(ticketRow).toHaveCount(1);
    await expect(ticketRow).toContainText("Delivered");
    await expect(details.getByTestId("whatsapp-consent")).toContainText("WhatsApp: agreed");
    await details.screenshot({ path: testInfo.outputPath("attendee-details-whatsapp-1280.png"), fullPage: true });

    // A "read" forged with another secret, or unsigned, is refused and changes nothing; Meta's own is taken.
    const read = statusWebhook({
      providerId: message.providerId,
      status: "read",
      recipient: message.to,
      phoneNumberId: wa.graph.phoneNumberId,
    });
    expect((await wa.graph.postWebhook(read, FORGER_SECRET)).status).toBe(401);
    expect((await wa.graph.postWebhook(read, null)).status).toBe(401);
    await details.reload();
    await expect(ticketRow).toContainText("Delivered");
    await expect(ticketRow).not.toContainText("Read");
    expect((await wa.graph.postWebhook(read)).status).toBe(200);
    await details.reload();
    await expect(ticketRow).toContainText("Read");
  });

  test("the ticket page, in Hausa on a 360 px phone without JavaScript, stops WhatsApp and asks for it again, which sends the ticket there", async ({
    browser,
  }, testInfo) => {
    test.setTimeout(90_000);
    const { wa } = site();
    const person = makeRegistrant({ fullName: "Ƴusuf Ɓello", phone: "0803 700 1401" });
    const form = await browser.newContext({ baseURL: wa.site.url });
    const formPage = await form.newPage();
    await formPage.goto("/register");
    await waitForInteractive(formPage);
    await (await registerWithWhatsApp(formPage, person, { sms: false })).ticket();
    await form.close();
    // The ticket page through the template's button, as the person opens it from WhatsApp.
    const { parts } = await ticketTemplateTo(wa, person.phone);
    const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, javaScriptEnabled: false });
    const page = await phone.newPage();
    await page.goto(`${wa.site.url}/t/${parts.buttonSuffix}`);
    await page.goto(`${page.url().split("?")[0]}?lang=ha`);
    const section = page.locator("#whatsapp");
    await expect(section).toContainText("0803 700 1401");
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath("ticket-page-whatsapp-ha-360.png") });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const before = wa.graph.messages.filter((m) => m.to === digitsOf(e164(person.phone))).length;
    // Stop: the section now offers WhatsApp again; nothing more goes to the number.
    await section.getByRole("button").click();
    await expect(page.locator("#whatsapp").getByRole("button")).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("ticket-page-whatsapp-stopped-ha-360.png") });
    // Asked for again: the ticket comes there at once.
    await page.locator("#whatsapp").getByRole("button").click();
    await expect
      .poll(() => wa.graph.messages.filter((m) => m.to === digitsOf(e164(person.phone))).length, { timeout: 20_000 })
      .toBe(before + 1);
    await phone.close();
  });

  test("the webhook's handshake echoes the challenge for the verify token only", async ({ request }) => {
    const { wa } = site();
    const handshake = (token: string, mode = "subscribe") =>
      request.get(
        `${wa.webhookUrl}?${new URLSearchParams({ "hub.mode": mode, "hub.verify_token": token, "hub.challenge": "1158201444" })}`,
      );
    const right = await handshake(VERIFY_TOKEN);
    expect(right.status()).toBe(200);
    expect(await right.text()).toBe("1158201444");
    const wrong = await handshake(`${VERIFY_TOKEN}x`);
    expect(wrong.status()).toBe(403);
    expect(await wrong.text()).not.toContain("1158201444");
    expect((await handshake(VERIFY_TOKEN, "unsubscribe")).status()).toBe(403);
  });

  test("an unsigned or forged post to the webhook is refused and does nothing", async () => {
    const { wa } = site();
    const number = "+2348037001301";
    const body = inboundTextWebhook({ from: number, text: "register", phoneNumberId: wa.graph.phoneNumberId });
    const unsigned = await wa.graph.postWebhook(body, null);
    const forged = await wa.graph.postWebhook(body, FORGER_SECRET);
    expect([unsigned.status, forged.status]).toEqual([401, 401]);
    // No chat was started: nothing is sent to the number.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(wa.graph.messages.filter((m) => m.to === digitsOf(number))).toEqual([]);
    // The same body, signed as Meta signs it, is answered: the refusals were the signature's.
    expect((await wa.graph.postWebhook(body)).status).toBe(200);
    const reply = await wa.graph.waitFor((m) => m.to === digitsOf(number), 20_000);
    expect(shown(reply.body).options.map((o) => o.title)).toEqual(["English", "Hausa"]);
  });

  test("a number not on WhatsApp gets its ticket by SMS instead", async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    const { wa, admin } = site();
    const person = makeRegistrant({ fullName: "Sadiya Abubakar", phone: "0803 700 1201" });
    const number = e164(person.phone);
    wa.graph.setNotOnWhatsApp([number]);
    await page.goto(`${wa.site.url}/register`);
    await waitForInteractive(page);
    const { ticket } = await registerWithWhatsApp(page, person, { sms: false });
    const { ticketId } = await ticket();

    // Meta takes the template, then reports it failed (131026) by webhook, which the site takes.
    const { message } = await ticketTemplateTo(wa, person.phone);
    const reports = await statusesOf(wa.graph, message.providerId);
    expect(reports.map((s) => [s.status, s.last])).toEqual([["failed", 200]]);
    testInfo.annotations.push({ type: "statuses", description: JSON.stringify(reports) });

    // The SMS stand-in, with the ticket ID, once (the SMS box was not ticked).
    const sms = await wa.sms.waitFor((m) => m.to === digitsOf(number), 30_000);
    expect(sms.sms).toContain(ticketId);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(wa.sms.messages.filter((m) => m.to === digitsOf(number))).toHaveLength(1);

    // The organiser sees why: the WhatsApp ticket failed, sent by SMS instead.
    const { list } = await messagesOf(admin, person.fullName);
    const whatsapp = list.locator("[data-channel=whatsapp]");
    await expect(whatsapp).toHaveCount(1);
    await expect(whatsapp).toHaveAttribute("data-mail-status", "failed");
    await expect(whatsapp).toContainText("sent by SMS instead");
    await expect(list.locator("[data-channel=sms]").filter({ hasText: "SMS: Ticket" })).toHaveCount(1);
    expect(await attendeesFound(admin, number)).toHaveLength(1);
  });
});
