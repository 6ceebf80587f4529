import type { Browser, BrowserContext, Locator, Page } from "@playwright/test";
import { signInAsAdmin } from "../support/admin-session";
import { docsScreenshot } from "../support/docs-screenshot";
import { type FakeAfricasTalking, startFakeAfricasTalking } from "../support/fake-africastalking";
import { type FakeTermii, startFakeTermii } from "../support/fake-termii";
import { expect, test } from "../support/fixtures";
import { waitForInteractive } from "../support/hydration";
import { type PrivateSite, startPrivateSite } from "../support/private-site";
import {
  e164,
  fillRegistrationForm,
  humanFields,
  makeRegistrant,
  pauseLikeAPerson,
  registerViaForm,
  registrationForm,
  registrationFormFields,
} from "../support/register-helper";

// SMS and USSD as the gateways, a visitor and an organiser meet them, on two sites of their own.
// One is wired to a fake Africa's Talking behind a reverse proxy (TRUST_PROXY, the gateway's
// addresses in AFRICASTALKING_ALLOWED_IPS): a phone registers through the USSD callback over HTTP
// (no e-mail), its ticket SMS reaches the gateway and is reported delivered; the organiser finds
// the person by channel, sees the SMS's state, sets the price and sends a test SMS; a stranger's
// callback is refused. The other sends by a fake Termii: the web form's "Also send my ticket by
// SMS" box, with JavaScript and without, and Termii's signed delivery report.

const TOKEN = "e2e-callback-token-0123456789";
const USSD_CODE = "*384*123#";
const PHONE = "+2348035550123";
// English, a name, Female, the first state (Zamfara, the host state) and its first LGA (Anka), I agree, Confirm.
const ANSWERS = ["1", "Hadiza Ƙasimu", "2", "1", "1", "1", "1"];
// Africa's Talking's addresses stand in as a documentation range; the stranger is another one.
const GATEWAY_ADDRESS = "198.51.100.7";
const STRANGER_ADDRESS = "203.0.113.9";
const SMS_BOX = "Also send my ticket by SMS";

type AtSite = { site: PrivateSite; gateway: FakeAfricasTalking };
type TermiiSite = { site: PrivateSite; gateway: FakeTermii; admin: BrowserContext };

async function startAtSite(): Promise<AtSite> {
  const gateway = await startFakeAfricasTalking({ forwardedFor: GATEWAY_ADDRESS });
  const site = await startPrivateSite({
    env: {
      SMS_PROVIDER: "africastalking",
      AFRICASTALKING_USERNAME: gateway.username,
      AFRICASTALKING_API_KEY: gateway.apiKey,
      AFRICASTALKING_SMS_URL: gateway.smsUrl,
      AFRICASTALKING_CALLBACK_TOKEN: TOKEN,
      AFRICASTALKING_ALLOWED_IPS: "198.51.100.0/24",
      // The tests reach the site from loopback: the proxy, whose X-Forwarded-For names the client.
      TRUST_PROXY: "loopback",
      // Said to people without data on the site, in the ticket e-mail and SMS and on the posters.
      USSD_CODE: USSD_CODE,
    },
  });
  return { site, gateway };
}

async function startTermiiSite(browser: Browser): Promise<TermiiSite> {
  const gateway = await startFakeTermii();
  const site = await startPrivateSite({
    env: {
      SMS_PROVIDER: "termii",
      TERMII_API_KEY: gateway.apiKey,
      TERMII_SENDER_ID: gateway.senderId,
      TERMII_BASE_URL: gateway.url,
      TERMII_SECRET_KEY: gateway.secretKey,
    },
  });
  const admin = await browser.newContext({ baseURL: site.url });
  await signInAsAdmin(await admin.newPage());
  return { site, gateway, admin };
}

/** The "Messages" list of the person's details page, read by the organiser. */
async function messagesOf(admin: BrowserContext, fullName: string): Promise<{ page: Page; list: Locator }> {
  const page = admin.pages()[0] ?? (await admin.newPage());
  await page.goto(`/admin/attendees?q=${encodeURIComponent(fullName)}`);
  await page.getByRole("link", { name: fullName }).first().click();
  await page.waitForURL(/\/admin\/attendees\/[0-9a-f-]{36}(\?|$)/);
  return { page, list: page.getByRole("list", { name: "Messages" }) };
}

/** A number as Termii's API takes it: E.164 without the +. */
const termiiNumber = (phone: string) => e164(phone).slice(1);

test.describe("SMS and USSD, on servers of their own", () => {
  let at: AtSite | undefined;
  let termii: TermiiSite | undefined;
  test.beforeAll(async ({ browser }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "servers of their own: once");
    test.setTimeout(120_000);
    [at, termii] = await Promise.all([startAtSite(), startTermiiSite(browser)]);
  });
  test.afterAll(async () => {
    await termii?.admin.close();
    await Promise.all([at?.site.stop(), termii?.site.stop()]);
    await Promise.all([at?.gateway.close(), termii?.gateway.close()]);
  });
  const started = <T>(site: T | undefined): T => {
    if (!site) throw new Error("the site did not start (see beforeAll)");
    return site;
  };
  const atSite = () => started(at);
  const termiiSite = () => started(termii);

  test("a phone registers by USSD; the organiser sees it by channel, its SMS delivered, and the SMS panel", { tag: "@smoke" }, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const { site, gateway } = atSite();
    const callback = `${site.url}/ussd/africastalking/${TOKEN}`;

    // Without the token, nothing: the callback is not there.
    const stranger = await gateway.postUssd(`${site.url}/ussd/africastalking/wrong-token-0123456789`, {
      sessionId: "ATUid_x",
      serviceCode: "*384*123#",
      phoneNumber: PHONE,
      text: "",
    });
    expect(stranger.status).toBe(404);

    // The session, as the gateway drives it: every answer so far in `text`, plain-text screens back.
    let screen = "";
    for (let i = 0; i <= ANSWERS.length; i++) {
      const answer = await gateway.postUssd(callback, {
        sessionId: "ATUid_e2e_1",
        serviceCode: "*384*123#",
        phoneNumber: PHONE,
        networkCode: "62130",
        text: ANSWERS.slice(0, i).join("*"),
      });
      expect(answer.status).toBe(200);
      expect(answer.contentType).toContain("text/plain");
      screen = answer.body;
      expect(screen.length).toBeLessThanOrEqual(160);
      expect(screen).toMatch(i < ANSWERS.length ? /^CON / : /^END /);
    }
    const ticketId = /ZYS-[0-9A-Z]+-[0-9A-Z]+/.exec(screen)?.[0] ?? "";
    expect(ticketId).not.toBe("");

    // The ticket by SMS, in GSM-7 (the name's ƙ never travels: the SMS does not carry names).
    const sms = await gateway.waitFor((m) => m.to === PHONE && m.message.includes(ticketId), 30_000);
    expect(sms.message).toMatch(/\/t\/[A-Za-z0-9_-]{45}/);
    // And how friends without data register.
    expect(sms.message).toContain(`Friends without data: dial ${USSD_CODE}`);
    const report = await gateway.postDeliveryReport(`${site.url}/sms/africastalking/delivery/${TOKEN}`, sms.providerId, "Success");
    expect(report.status).toBe(200);

    const context = await browser.newContext({ baseURL: site.url });
    const page = await context.newPage();
    await signInAsAdmin(page, { redirectTo: "/admin/attendees" });
    await page.goto("/admin/attendees");
    await waitForInteractive(page);
    await page.getByLabel("Channel").selectOption("ussd");
    await expect(page).toHaveURL(/channel=ussd/);
    const row = page.locator("[data-attendee-id]").filter({ hasText: "Hadiza" }).first();
    await expect(row).toContainText("No e-mail (registered by USSD)");
    await page.getByLabel("Channel").selectOption("web");
    await expect(page.locator("[data-attendee-id]").filter({ hasText: "Hadiza" })).toHaveCount(0);

    await page.goto("/admin/attendees?channel=ussd");
    await page
      .getByRole("link", { name: /Hadiza/ })
      .first()
      .click();
    const messages = page.getByRole("list", { name: "Messages" });
    await expect(messages.locator("[data-channel=sms]").filter({ hasText: "SMS: Ticket" })).toContainText("Delivered");
    await expect(messages.locator("[data-channel=sms]").filter({ hasText: "SMS: Privacy notice link" })).toHaveCount(1);

    await page.goto("/admin/operations");
    await waitForInteractive(page);
    const panel = page.locator("section").filter({ has: page.getByRole("heading", { name: "SMS", exact: true }) });
    await expect(panel.getByTestId("sms-status")).toContainText("Africa's Talking");
    await expect(panel.getByTestId("sms-counts")).toContainText("1 delivered");
    await expect(panel.getByTestId("sms-cost")).toHaveText("Set the price per SMS to see it");
    await panel.getByLabel("Price per SMS (₦)").fill("4");
    await panel.getByRole("button", { name: "Save" }).click();
    await expect(panel.getByTestId("sms-cost")).toContainText("at ₦4.00");
    await panel.getByLabel("Your phone").fill("0803 555 0199");
    await panel.getByRole("button", { name: "Send me a test SMS" }).click();
    await gateway.waitFor((m) => m.to === "+2348035550199" && m.message.includes("test"), 30_000);
    await panel.scrollIntoViewIfNeeded();
    await docsScreenshot(panel, "sms-panel.png");
    await context.close();
  });

  test("the USSD code is said where people register, and 'Lost your ticket?' takes a phone number and answers by SMS", async ({
    browser,
  }) => {
    const { site, gateway } = atSite();
    const context = await browser.newContext({ baseURL: site.url, viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto("/");
    const dial = page.locator("#home [data-ussd]");
    await expect(dial).toHaveText(`No data? Dial ${USSD_CODE} on any phone to register, free.`);
    await expect(dial.getByRole("link", { name: USSD_CODE })).toHaveAttribute("href", "tel:*384*123%23");
    // The first screen of a 360 × 640 phone: the event, its date and Register Now.
    for (const first of [
      page.getByRole("heading", { level: 1 }),
      page.locator("#home li").first(),
      page.locator("#home").getByRole("link", { name: "Register Now" }),
    ]) {
      const box = await first.boundingBox();
      expect(box && box.y + box.height).toBeLessThanOrEqual(640);
    }
    await docsScreenshot(page, "landing-360-first-screen.png");
    await expect(page.locator("#register [data-ussd]")).toContainText(USSD_CODE);
    await page.goto("/register");
    await expect(page.locator("main [data-ussd]")).toContainText(USSD_CODE);

    // Someone registered on the web with a phone, who lost the e-mail: the phone number, typed as people write it.
    const person = makeRegistrant({ fullName: "Zainab Ƴarʼadua", phone: "0803 555 1777" });
    const { ticketId } = await registerViaForm(page, person);
    await page.goto("/register");
    await page.getByText("Lost your ticket?").click();
    const field = page.getByLabel("Registered e-mail address or phone number");
    // One post, answered: typed, a person's moment (the form's human check refuses an instant post), sent.
    const resend = async (value: string) => {
      await field.fill(value);
      await pauseLikeAPerson(page);
      const answered = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/register"));
      await page.getByRole("button", { name: "Resend my ticket" }).click();
      await answered;
    };
    const sent = page.getByRole("group").getByRole("status").filter({ hasText: "If it is registered, we've sent the ticket again" });
    await resend("+234 803 555 1777");
    await expect(sent).toBeVisible();
    // The form's SMS box was ticked (this site sends SMS): the ticket came by SMS once at registration, and again now.
    const tickets = () => gateway.messages.filter((m) => m.to === "+2348035551777" && m.message.includes(ticketId));
    await expect.poll(() => tickets().length, { timeout: 30_000 }).toBe(2);
    expect(tickets()[1]?.message).toMatch(/\/t\/[A-Za-z0-9_-]{45}/);
    // A number nobody registered gets the same answer, and nothing is sent to it.
    await resend("0803 555 1778");
    await expect(sent).toBeVisible();
    // Something that is neither an address nor a number is said so, and kept as typed.
    await resend("amina at home");
    await expect(page.getByText("Please enter the e-mail address or the phone number you registered with").first()).toBeVisible();
    await expect(field).toHaveValue("amina at home");
    await page.waitForTimeout(2_000);
    expect(gateway.messages.filter((m) => m.to === "+2348035551778")).toEqual([]);

    // Without JavaScript (an old phone's browser, or data saver): the same form, the same answer.
    const other = makeRegistrant({ fullName: "Ɓilkisu Ɗanjuma", phone: "0803 555 1779" });
    const second = await registerViaForm(page, other);
    const plain = await browser.newContext({ baseURL: site.url, javaScriptEnabled: false, viewport: { width: 360, height: 640 } });
    const noJs = await plain.newPage();
    await noJs.goto("/register#lost-ticket");
    await noJs.getByLabel("Registered e-mail address or phone number").fill("0803 555 1779");
    await pauseLikeAPerson(noJs);
    await noJs.getByRole("button", { name: "Resend my ticket" }).click();
    await expect(
      noJs.getByRole("group").getByRole("status").filter({ hasText: "If it is registered, we've sent the ticket again" }),
    ).toBeVisible();
    const again = () => gateway.messages.filter((m) => m.to === "+2348035551779" && m.message.includes(second.ticketId));
    await expect.poll(() => again().length, { timeout: 30_000 }).toBe(2);
    await plain.close();
    await context.close();
  });

  test("Africa's Talking's callbacks are answered from its addresses only, read through the proxy", async () => {
    const { site, gateway } = atSite();
    const callback = `${site.url}/ussd/africastalking/${TOKEN}`;
    const dial = { sessionId: "ATUid_e2e_addresses", serviceCode: "*384*123#", phoneNumber: "+2348035550124", text: "" };

    const outside = await gateway.postUssd(callback, dial, STRANGER_ADDRESS);
    expect([outside.status, outside.body]).toEqual([403, "Forbidden"]);
    // A stranger who claims the gateway's address: the proxy adds the real one, and that one counts.
    expect((await gateway.postUssd(callback, dial, `${GATEWAY_ADDRESS}, ${STRANGER_ADDRESS}`)).status).toBe(403);
    // Past the proxy, straight to the site: loopback is not the gateway either.
    expect((await gateway.postUssd(callback, dial, null)).status).toBe(403);
    const report = await gateway.postDeliveryReport(
      `${site.url}/sms/africastalking/delivery/${TOKEN}`,
      "ATXid_0",
      "Success",
      undefined,
      STRANGER_ADDRESS,
    );
    expect(report.status).toBe(403);

    const inside = await gateway.postUssd(callback, dial, GATEWAY_ADDRESS);
    expect(inside.status).toBe(200);
    expect(inside.body).toMatch(/^CON .*\n1 English\n2 Hausa$/s);
  });

  test("Termii's delivery report is taken only when signed with the account's secret key", async ({ playwright }) => {
    test.setTimeout(60_000);
    const { site, gateway, admin } = termiiSite();
    const person = makeRegistrant({ fullName: "Fatima Abdullahi", phone: "0803 555 1301" });
    const request = await playwright.request.newContext({ baseURL: site.url });
    const { formStamp } = await humanFields(request);
    const posted = await request.post("/register", { form: { ...registrationFormFields(person, formStamp), sms: "on" }, maxRedirects: 0 });
    expect(posted.status()).toBe(200);
    await request.dispose();
    const sms = await gateway.waitFor((m) => m.to === termiiNumber(person.phone), 30_000);

    // Sent, as the site recorded it: a report before that would find no message to mark.
    const { page, list } = await messagesOf(admin, person.fullName);
    const ticketSms = list.locator("[data-channel=sms]").filter({ hasText: "SMS: Ticket" });
    await expect(async () => {
      await page.reload();
      await expect(ticketSms).toHaveAttribute("data-mail-status", "sent", { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });

    // Forged (another key) or unsigned "failed" reports are refused, and change nothing: a
    // failed SMS would not show Delivered below.
    const webhook = `${site.url}/sms/termii/delivery`;
    expect((await gateway.postDeliveryReport(webhook, sms.providerId, "Message Failed", `sk_${"x".repeat(40)}`)).status).toBe(403);
    expect((await gateway.postDeliveryReport(webhook, sms.providerId, "Message Failed", null)).status).toBe(403);
    expect((await gateway.postDeliveryReport(webhook, sms.providerId, "Delivered")).status).toBe(200);
    await page.reload();
    await expect(ticketSms).toContainText("Delivered");
    await expect(ticketSms).not.toContainText("Error");
  });

  for (const javaScript of [true, false]) {
    test.describe(javaScript ? "the web form's SMS box, on a phone with JavaScript" : "the web form's SMS box, without JavaScript", () => {
      // With JavaScript, a 360 px phone, as most people register.
      test.use(
        javaScript
          ? { javaScriptEnabled: true, viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true }
          : { javaScriptEnabled: false },
      );

      test("ticked by default, it sends the ticket by SMS through the gateway; unticked, none", async ({ page, failOnPageErrors: _ }) => {
        test.setTimeout(60_000);
        const { site, gateway, admin } = termiiSite();
        const [ticked, unticked] = javaScript
          ? [
              makeRegistrant({ fullName: "Hauwa Sani", phone: "0803 555 1401" }),
              makeRegistrant({ fullName: "Bilkisu Garba", phone: "0803 555 1402" }),
            ]
          : [
              makeRegistrant({ fullName: "Maryam Lawal", phone: "0803 555 1501" }),
              makeRegistrant({ fullName: "Rukayya Musa", phone: "0803 555 1502" }),
            ];
        const open = async () => {
          await page.goto(`${site.url}/register`);
          if (javaScript) await waitForInteractive(page);
          const box = registrationForm(page).getByRole("checkbox", { name: SMS_BOX });
          await expect(box).toBeChecked();
          return box;
        };

        const box = await open();
        if (javaScript) {
          await fillRegistrationForm(page, ticked);
          // Instant: the site scrolls smoothly (app.css), and a screenshot mid-scroll shows a blank band.
          await box.evaluate((element) => element.scrollIntoView({ block: "center", behavior: "instant" }));
          await page.evaluate(() => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))));
          await docsScreenshot(page, "register-sms-box.png");
        }
        const { ticketId } = await registerViaForm(page, ticked);
        const sms = await gateway.waitFor((m) => m.to === termiiNumber(ticked.phone), 30_000);
        expect(sms.sms).toContain(ticketId);

        await (await open()).uncheck();
        await registerViaForm(page, unticked);
        // What the site queued: the ticket e-mail, and no SMS at all.
        const { list } = await messagesOf(admin, unticked.fullName);
        await expect(list.locator("[data-channel=email]")).toHaveCount(1);
        await expect(list.locator("[data-channel=sms]")).toHaveCount(0);
        expect(gateway.messages.filter((m) => m.to === termiiNumber(unticked.phone))).toEqual([]);
      });
    });
  }
});
