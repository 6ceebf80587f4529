import { signInAsAdmin } from "../support/admin-session";
import { type FakeAfricasTalking, startFakeAfricasTalking } from "../support/fake-africastalking";
import { expect, test } from "../support/fixtures";
import { waitForInteractive } from "../support/hydration";
import { type PrivateSite, startPrivateSite } from "../support/private-site";

// SMS and USSD as the gateway and an organiser meet them, on a site of its own wired to a fake
// Africa's Talking: a phone registers through the USSD callback over HTTP (no e-mail), its ticket
// SMS reaches the gateway and is reported delivered; the organiser finds the person by channel,
// sees the SMS's state, sets the price and sends a test SMS from the SMS panel.

const TOKEN = "e2e-callback-token-0123456789";
const PHONE = "+2348035550123";
// English, a name, Female, the first state (Zamfara, the host state) and its first LGA (Anka), I agree, Confirm.
const ANSWERS = ["1", "Hadiza Ƙasimu", "2", "1", "1", "1", "1"];

test.describe("SMS and USSD, on a server of their own", () => {
  let site: PrivateSite | undefined;
  let gateway: FakeAfricasTalking | undefined;
  test.afterAll(async () => {
    await site?.stop();
    await gateway?.close();
  });

  test("a phone registers by USSD; the organiser sees it by channel, its SMS delivered, and the SMS panel", async ({
    browser,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "a server of its own: once");
    test.setTimeout(180_000);
    gateway = await startFakeAfricasTalking();
    site = await startPrivateSite({
      env: {
        SMS_PROVIDER: "africastalking",
        AFRICASTALKING_USERNAME: gateway.username,
        AFRICASTALKING_API_KEY: gateway.apiKey,
        AFRICASTALKING_SMS_URL: gateway.smsUrl,
        AFRICASTALKING_CALLBACK_TOKEN: TOKEN,
      },
    });
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
    const messages = page.getByRole("list", { name: "E-mails and SMS" });
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
    await panel.screenshot({ path: "docs/screenshots/sms-panel.png" });
    await context.close();
  });
});
