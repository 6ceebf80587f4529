import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { e2eAdmin, signInAsAdmin } from "../support/admin-session";
import { expectNoViolations } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { waitForInteractive } from "../support/hydration";
import { waitForMail } from "../support/mailbox-client";
import { type PrivateSite, startPrivateSite } from "../support/private-site";
import { makeRegistrant, registerMany, registerViaRequest } from "../support/register-helper";
import { siteMail } from "../support/site-mailbox";
import { type SmtpCapture, startSmtpCapture } from "../support/smtp-capture";

// Event Operations. The cards, countdown and Check Timing read the shared site; sending
// reminders mails every attendee, so that test runs on a server of its own and reads the
// mail it wrote (DATA_DIR/mail).

async function openOperations(page: Page) {
  await page.goto("/admin/operations");
  await expect(page.getByRole("heading", { level: 1, name: "Event Operations" })).toBeVisible();
  await waitForInteractive(page);
}

test("the four cards, the countdown, system status and Check Timing", async ({ adminPage: page, failOnPageErrors: _ }) => {
  await openOperations(page);
  const cards = page.getByTestId("operations-cards");
  for (const label of ["Registration Status", "Total Registered", "Days Until Event", "Check-in Rate"])
    await expect(cards).toContainText(label);
  await expect(cards).toContainText("Registration is open");
  await expect(cards).toContainText(/\d+ spots remaining/);
  await expect(cards).toContainText(/\d+% ?/);
  // The e2e event is 30 days ahead: the countdown ticks.
  const seconds = page.getByRole("timer").locator("span").nth(6);
  const first = await seconds.textContent();
  await expect(seconds).not.toHaveText(first ?? "", { timeout: 3000 });
  const status = page.getByTestId("system-status");
  await expect(status).toContainText(/Connected, answered in [\d.]+ ms/);
  await expect(status).toContainText(/SMTP server .* verified/);
  await expect(page.getByTestId("mail-off")).toHaveCount(0);
  await expect(status).toContainText(/\d+ queued, \d+ failed/);
  await page.getByRole("button", { name: "Check Timing" }).click();
  // What is true now: days to go, the automatic reminder, who has received what.
  await expect(
    page.getByRole("status").getByText(/^\d+ days to go\. The automatic reminder goes out on \d+ \w+, not yet sent\./),
  ).toBeVisible();
  await expectNoViolations(page, "/admin/operations");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
});

// No failOnPageErrors: reading inside the script-less frame makes Chromium log "Blocked script
// execution" for the test tool's own probes, which is the sandbox doing its job.
test("previews render the real ticket and reminder e-mails in a sandboxed frame, and send a test to the organiser", async ({
  adminPage: page,
}, testInfo) => {
  await openOperations(page);
  for (const [button, eyebrow] of [
    ["Preview Ticket Email", "Admission ticket"],
    ["Preview Reminder Email", "Reminder"],
  ] as const) {
    await page.getByRole("link", { name: button }).click();
    const dialog = page.getByRole("dialog");
    const frame = dialog.locator("iframe");
    await expect(frame).toHaveAttribute("sandbox", "");
    const body = page.frameLocator("dialog iframe, [role=dialog] iframe").locator("body");
    await expect(body).toContainText("Amina Sample");
    await expect(body).toContainText(eyebrow);
    await expect(body.locator("img").first()).toHaveAttribute("src", /^data:image\/png;base64,/);
    const textHref = (await dialog.getByRole("link", { name: "Plain-text version" }).getAttribute("href")) ?? "";
    const text = await (await page.request.get(textHref)).text();
    expect(text).toMatch(/^Subject: /);
    expect(text).toContain("Amina Sample");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  }
  test.skip(testInfo.project.name !== "desktop", "one test e-mail is enough");
  await page.getByRole("link", { name: "Preview Reminder Email" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Send me a test" }).click();
  const { email } = e2eAdmin();
  await expect(page.getByText(`Test e-mail sent to ${email}`)).toBeVisible();
  const mail = await waitForMail({ to: email, subjectIncludes: "[Test] " });
  expect(mail.subject).toMatch(/^\[Test\] (Tomorrow|Reminder): /);
});

test.describe("reminders, on a server of their own", () => {
  let site: PrivateSite | undefined;
  test.afterAll(async () => site?.stop());

  test("one reminder per attendee however often Send is pressed, with the product's texts", async ({ browser }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "a server of its own: once");
    test.setTimeout(120_000);
    site = await startPrivateSite();
    const context = await browser.newContext({ baseURL: site.url });
    const page = await context.newPage();
    const people = [makeRegistrant({ fullName: "Ɗanladi Ƙasimu" }), makeRegistrant({ fullName: "Hauwa Ɓello" })];
    await registerMany(page.request, people);
    await signInAsAdmin(page, { redirectTo: "/admin/operations" });
    await openOperations(page);
    // A production server without SMTP_URL (this one keeps its mail in DATA_DIR/mail) says so in red,
    // on the dashboard too, and /healthz reports it degraded while still answering 200.
    const mailOff = "Tickets are not being e-mailed. SMTP_URL is not set: mail is only kept in DATA_DIR/mail on this server.";
    await expect(page.getByRole("alert").filter({ hasText: mailOff })).toBeVisible();
    const health = await page.request.get("/healthz");
    expect(health.status()).toBe(200);
    expect(await health.json()).toMatchObject({ status: "degraded", database: "up", mail: { ok: false } });
    await page.goto("/admin");
    await expect(page.getByTestId("mail-off")).toContainText(mailOff);
    await openOperations(page);

    await page.getByRole("link", { name: "Send Reminders" }).click();
    const dialog = page.getByRole("dialog", { name: "Send Reminders" });
    await expect(dialog).toContainText("Send reminder emails to all registered attendees?");
    // The event is 30 days away: an early reminder, and the organiser is told the automatic one still comes.
    await expect(dialog).toContainText("30 days early: everyone also gets the automatic reminder on");
    await dialog.getByRole("button", { name: "Send Reminders" }).click();
    await expect(
      page.getByText("Sending reminder emails to 2 attendees… 30 days early: everyone also gets the automatic reminder on"),
    ).toBeVisible();
    await expect(page.getByText("Reminder emails sent to 2 attendees!")).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId("reminder-progress-early")).toHaveText("Early reminders: 0 queued, 2 sent, 0 failed");
    await expect(page.getByTestId("reminder-progress-due")).toHaveCount(0);

    // A second press (and a double click) queues nobody again.
    await page.getByRole("link", { name: "Send Reminders" }).click();
    await page.getByRole("dialog", { name: "Send Reminders" }).getByRole("button", { name: "Send Reminders" }).dblclick();
    await expect(page.getByText("Every registered attendee already has a reminder for this event.").first()).toBeVisible();

    const mailDir = path.join(site.dataDir, "mail");
    const reminders = readdirSync(mailDir)
      .filter((f) => f.endsWith(".eml"))
      .map((f) => readFileSync(path.join(mailDir, f), "utf8"))
      // The subject is MIME-encoded (it has a dash): "Reminder" survives the encoding.
      .filter((eml) => /^Subject: .*Reminder/m.test(eml));
    expect(reminders).toHaveLength(2);
    for (const person of people) expect(reminders.filter((eml) => eml.includes(`To: ${person.email}`))).toHaveLength(1);
    expect(reminders[0]).toContain("Content-Type: text/calendar");
    expect(reminders[0]).toMatch(/Content-ID: <ticket-qr>/);
    await context.close();
  });
});

test.describe("reminders, two server processes on one PostgreSQL, delivered over SMTP", () => {
  let site: PrivateSite | undefined;
  let smtp: SmtpCapture | undefined;
  test.afterAll(async () => {
    await site?.stop();
    await smtp?.stop();
  });

  test("a press on each server and the automatic reminder each reach every attendee exactly once", async ({ browser }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "a PostgreSQL site of its own: once");
    test.setTimeout(240_000);
    smtp = await startSmtpCapture();
    // Both servers ask whether the automatic reminder is due every 5 s, not every minute: the
    // race between them is the same, the wait for it shorter.
    site = await startPrivateSite({ postgres: true, servers: 2, smtpUrl: smtp.url, env: { SCHEDULE_CHECK_SECONDS: "5" } });
    const pages = await Promise.all(site.urls.map(async (baseURL) => (await browser.newContext({ baseURL })).newPage()));
    const [first, second] = pages as [Page, Page];
    const people = [
      makeRegistrant({ fullName: "Ɗanladi Ƙasimu" }),
      makeRegistrant({ fullName: "Hauwa Ɓello" }),
      makeRegistrant({ fullName: "Ƴusuf Garba" }),
      makeRegistrant({ fullName: "Ngozi Eze" }),
    ];
    for (const [i, person] of people.entries()) await registerViaRequest((i % 2 ? second : first).request, person);
    const remindersOf = (pattern: RegExp) => (smtp?.messages ?? []).filter((m) => pattern.test(m.parsed.subject ?? ""));
    const expectOnePerAttendee = (pattern: RegExp) => {
      const mails = remindersOf(pattern);
      expect(mails.map((m) => m.envelopeTo.join()).sort()).toEqual(people.map((p) => p.email).sort());
      return mails;
    };

    // An organiser on each server presses Send at the same moment.
    for (const page of pages) {
      await signInAsAdmin(page, { redirectTo: "/admin/operations" });
      await openOperations(page);
      await page.getByRole("link", { name: "Send Reminders" }).click();
    }
    await Promise.all(
      pages.map((page) => page.getByRole("dialog", { name: "Send Reminders" }).getByRole("button", { name: "Send Reminders" }).click()),
    );
    await expect(first.getByTestId("reminder-progress-early")).toHaveText("Early reminders: 0 queued, 4 sent, 0 failed", {
      timeout: 60_000,
    });
    await expect.poll(() => remindersOf(/^Reminder: /).length, { timeout: 30_000 }).toBe(4);
    // Both outbox workers have had time to (wrongly) send a second copy.
    await first.waitForTimeout(3_000);
    const [mail] = expectOnePerAttendee(/^Reminder: /);
    expect(mail?.parsed.html).toMatch(/src="cid:ticket-qr"/);
    expect(mail?.parsed.attachments.map((a) => a.contentType)).toEqual(expect.arrayContaining(["image/png", "text/calendar"]));

    // The event moves to tomorrow: the automatic reminder falls due, and both servers ask
    // every 5 s. One queues it; the other finds it done.
    await expect(first.getByTestId("auto-reminder")).toContainText("goes out by itself on");
    await first.goto("/admin/settings");
    await waitForInteractive(first);
    const lagosTomorrow = new Date(Date.now() + 60 * 60_000 + 86_400_000).toISOString().slice(0, 10);
    await first.getByLabel("Event date").fill(lagosTomorrow);
    await first.getByRole("button", { name: "Save Event Settings" }).click();
    await expect(first.getByText("Event settings saved successfully!")).toBeVisible();
    await expect.poll(() => remindersOf(/^Tomorrow: /).length, { timeout: 90_000, intervals: [1_000] }).toBe(4);
    await second.waitForTimeout(3_000);
    expectOnePerAttendee(/^Tomorrow: /);
    await openOperations(second);
    await expect(second.getByTestId("auto-reminder")).toHaveText("Automatic reminder: went out for this event date.");
    await expect(second.getByTestId("reminder-progress-due")).toHaveText("Reminders: 0 queued, 4 sent, 0 failed");
    for (const page of pages) await page.context().close();
  });
});

test.describe("an early reminder, then the clock moves to two days before", () => {
  let site: PrivateSite | undefined;
  let clockDir: string | undefined;
  test.afterAll(async () => {
    await site?.stop();
    if (clockDir) rmSync(clockDir, { recursive: true, force: true });
  });

  test("everyone reminded a month early still gets the automatic reminder, once", async ({ browser }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "a site of its own: once");
    test.setTimeout(150_000);
    clockDir = mkdtempSync(path.join(tmpdir(), "summit-clock-"));
    const clock = path.join(clockDir, "offset");
    writeFileSync(clock, "+0d\n");
    site = await startPrivateSite({ clock: { file: clock }, env: { SCHEDULE_CHECK_SECONDS: "2" } });
    const page = await (await browser.newContext({ baseURL: site.url })).newPage();
    const people = [makeRegistrant({ fullName: "Ɗanladi Ƙasimu" }), makeRegistrant({ fullName: "Hauwa Ɓello" })];
    await registerMany(page.request, people);
    await signInAsAdmin(page, { redirectTo: "/admin/operations" });
    await openOperations(page);
    await page.getByRole("link", { name: "Send Reminders" }).click();
    await page.getByRole("dialog", { name: "Send Reminders" }).getByRole("button", { name: "Send Reminders" }).click();
    await expect(page.getByTestId("reminder-progress-early")).toHaveText("Early reminders: 0 queued, 2 sent, 0 failed", {
      timeout: 30_000,
    });
    const reminders = async (subject: RegExp) => (await siteMail(site as PrivateSite)).filter((mail) => subject.test(mail.subject));
    expect((await reminders(/^Reminder: /)).map((mail) => mail.to.join()).sort()).toEqual(people.map((p) => p.email).sort());

    // The event (30 days ahead, 8:00 AM) is two days away at 09:00 Lagos time on this day: past the automatic reminder's hour.
    const lagosToday = new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);
    const twoDaysBefore = Date.parse(`${lagosToday}T08:00:00Z`) + 28 * 86_400_000;
    writeFileSync(clock, `+${Math.ceil((twoDaysBefore - Date.now()) / 3_600_000)}h\n`);
    await expect.poll(async () => (await reminders(/^Reminder: /)).length, { timeout: 60_000, intervals: [1_000] }).toBe(4);
    await page.waitForTimeout(5_000); // a few more scheduled checks: nothing more goes out
    const all = await reminders(/^Reminder: /);
    for (const person of people) expect(all.filter((mail) => mail.to.includes(person.email))).toHaveLength(2);
    await signInAsAdmin(page, { redirectTo: "/admin/operations" }); // the session from four weeks ago has expired
    await openOperations(page);
    await expect(page.getByTestId("auto-reminder")).toHaveText("Automatic reminder: went out for this event date.");
    await expect(page.getByTestId("reminder-progress-due")).toHaveText("Reminders: 0 queued, 2 sent, 0 failed");
    await page.getByRole("button", { name: "Check Timing" }).click();
    await expect(
      page.getByText(
        "Perfect timing! Event is 1-2 days away. The automatic reminder has gone out. Early reminders: 2 attendees received; reminders 1–2 days before: 2 attendees received.",
      ),
    ).toBeVisible();
    await page.context().close();
  });
});
