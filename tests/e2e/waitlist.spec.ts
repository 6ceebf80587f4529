import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { signInAsAdmin } from "../support/admin-session";
import { expectNoViolations } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { waitForInteractive } from "../support/hydration";
import { type PrivateSite, startPrivateSite } from "../support/private-site";
import { fillRegistrationForm, makeRegistrant, pauseLikeAPerson, registerForTicket, registrationForm } from "../support/register-helper";
import { type SmtpCapture, startSmtpCapture } from "../support/smtp-capture";

// The waitlist from both sides, on a site of its own (it fills the event): people join when
// it is fully booked, a cancellation makes an offer by e-mail, the offer is claimed from its
// link (the ticket follows), declined or left to expire (the seat passes on), and organisers
// watch the line. The site runs under libfaketime so the test can let a day pass, and
// checks every 2 seconds (not every minute) for offers past their time.

let site: PrivateSite | undefined;
let smtp: SmtpCapture | undefined;
let clockDir: string | undefined;

test.afterAll(async () => {
  await site?.stop();
  await smtp?.stop();
  if (clockDir) rmSync(clockDir, { recursive: true, force: true });
});

const mailTo = (address: string, subject: string) =>
  smtp?.waitFor((m) => m.envelopeTo.includes(address) && (m.parsed.subject ?? "").includes(subject), 30_000) ?? Promise.reject();
const linkIn = (html: string | false | undefined, path: string) => {
  const href = new RegExp(`href="(https?://[^"]+/${path}/[^"]+)"`).exec(html || "")?.[1] ?? "";
  return new URL(href.replaceAll("&amp;", "&")).pathname;
};

async function visitor(browser: Browser, javaScriptEnabled: boolean): Promise<Page> {
  return (await browser.newContext({ baseURL: site?.url, javaScriptEnabled })).newPage();
}

async function joinWaitlist(page: Page, person: ReturnType<typeof makeRegistrant>, javaScript: boolean) {
  await page.goto("/register");
  if (javaScript) await waitForInteractive(page);
  await expect(page.getByRole("heading", { name: "Join the Waitlist" })).toBeVisible();
  await expect(page.getByText("Event is fully booked")).toBeVisible();
  await fillRegistrationForm(page, person);
  await pauseLikeAPerson(page);
  await registrationForm(page).getByRole("button", { name: "Join the Waitlist" }).click();
  await expect(page.getByText("You're on the waitlist").first()).toBeVisible();
}

test("join when full, an offer when a seat frees, claim it; decline and expiry pass it on; organisers see the line", async ({
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "a site of its own: once");
  test.setTimeout(180_000);
  clockDir = mkdtempSync(path.join(tmpdir(), "summit-clock-"));
  const clock = path.join(clockDir, "offset");
  writeFileSync(clock, "+0d\n");
  smtp = await startSmtpCapture();
  site = await startPrivateSite({ smtpUrl: smtp.url, clock: { file: clock }, env: { SCHEDULE_CHECK_SECONDS: "2" } });
  const admin = await visitor(browser, true);
  await signInAsAdmin(admin, { redirectTo: "/admin/settings" });

  // One seat, taken.
  await admin.goto("/admin/settings");
  await waitForInteractive(admin);
  await admin.getByRole("spinbutton", { name: "Maximum attendees" }).fill("1");
  await admin.getByRole("button", { name: "Save Event Settings" }).click();
  await expect(admin.getByText("Event settings saved successfully!")).toBeVisible();
  const holder = await registerForTicket(admin.request, { fullName: "Ɗanladi Ƙasimu" }, { dataDir: site.dataDir });
  const holderTicket = linkIn((await mailTo(holder.email, "Your ticket for")).parsed.html, "tickets");

  // Three people join the waitlist, with JavaScript and without; the same address twice is refused.
  const amina = makeRegistrant({ fullName: "Amina Ƴusuf" });
  const bello = makeRegistrant({ fullName: "Hauwa Ɓello" });
  const chidi = makeRegistrant({ fullName: "Chidi Okafor", gender: "male" });
  const first = await visitor(browser, true);
  await joinWaitlist(first, amina, true);
  await expect(first.getByTestId("waitlist-position")).toHaveText("#1");
  await expectNoViolations(first, "the waitlist confirmation");
  const second = await visitor(browser, false);
  await joinWaitlist(second, bello, false);
  await expect(second.getByTestId("waitlist-position")).toHaveText("#2");
  const again = await visitor(browser, false);
  await again.goto("/register");
  await fillRegistrationForm(again, { ...amina, email: amina.email.toUpperCase() });
  await pauseLikeAPerson(again);
  await registrationForm(again).getByRole("button", { name: "Join the Waitlist" }).click();
  await expect(again.getByText("This email address is already on the waitlist.").first()).toBeVisible();
  await joinWaitlist(again, chidi, false);
  await expect(again.getByTestId("waitlist-position")).toHaveText("#3");

  // The confirmation e-mail links to the person's page with their place.
  const joined = await mailTo(amina.email, "You're on the waitlist");
  expect(joined.parsed.text).toContain("number 1 in line");
  await first.goto(linkIn(joined.parsed.html, "waitlist"));
  await expect(first.getByTestId("waitlist-position")).toHaveText("#1");
  await expectNoViolations(first, "the waitlist page");

  // Organisers see the line in order.
  await admin.goto("/admin/attendees/waitlist");
  await expect(admin.getByRole("navigation", { name: "Show" })).toContainText("Waitlist3");
  const rows = admin.getByRole("row");
  await expect(rows.filter({ hasText: amina.email })).toContainText("#1");
  await expect(rows.filter({ hasText: bello.email })).toContainText("#2");
  await expectNoViolations(admin, "the admin waitlist");

  // The seat frees: the first in line gets the offer, and the operations screen counts the line.
  const cancelled = await admin.request.post(`${holderTicket}/cancel`, { maxRedirects: 0 });
  expect(cancelled.status()).toBe(302);
  const offer = await mailTo(amina.email, "A seat is free for you");
  expect(offer.parsed.text).toMatch(/claim it by .+\(West Africa Time\)/);
  await admin.goto("/admin/operations");
  await expect(admin.getByRole("link", { name: "2 waiting · 1 offered" })).toBeVisible();
  // The held seat is not open to newcomers.
  await second.goto("/register");
  await expect(second.getByRole("heading", { name: "Join the Waitlist" })).toBeVisible();

  await first.goto(linkIn(offer.parsed.html, "waitlist"));
  await expect(first.getByRole("heading", { name: "A seat is free for you" })).toBeVisible();
  await expectNoViolations(first, "an offer");
  await first.getByRole("button", { name: "Claim my seat" }).click();
  await expect(first.getByText("Admission ticket")).toBeVisible();
  await expect(first.getByText(amina.fullName).first()).toBeVisible();
  const ticket = await mailTo(amina.email, "Your ticket for");
  expect(ticket.parsed.attachments.map((a) => a.contentType)).toContain("image/png");

  // Amina cancels after all: the seat is offered to Hauwa, who declines (without JavaScript, confirmed).
  const aminaTicket = new URL(first.url()).pathname;
  await first.goto(`${aminaTicket}/cancel`);
  await first.getByRole("button", { name: "Yes, cancel my registration" }).click();
  const offerB = await mailTo(bello.email, "A seat is free for you");
  await second.goto(linkIn(offerB.parsed.html, "waitlist"));
  await second.getByRole("link", { name: "No thanks, give it to the next person" }).click();
  await expect(second.getByRole("heading", { name: "Give your seat to the next person?" })).toBeVisible();
  await second.getByRole("button", { name: "Yes, decline the seat" }).click();
  await expect(second.getByRole("heading", { name: "You declined this seat" })).toBeVisible();

  // The seat passes to Chidi, who lets the offer lapse: a day later it has expired.
  const offerC = await mailTo(chidi.email, "A seat is free for you");
  const chidiPage = linkIn(offerC.parsed.html, "waitlist");
  writeFileSync(clock, "+25h\n");
  await expect
    .poll(
      async () => {
        await again.goto(chidiPage);
        return again.getByRole("heading", { level: 1 }).textContent();
      },
      { timeout: 30_000 },
    )
    .toBe("This offer has expired");

  // Nobody is waiting any more: the seat is open to anyone again.
  await second.goto("/register");
  await expect(second.getByRole("heading", { name: "Registration Form" })).toBeVisible();
  // A day on, the organiser's session has lapsed (12 hours idle): sign in again.
  await signInAsAdmin(admin, { redirectTo: "/admin/attendees/waitlist" });
  await admin.goto("/admin/attendees/waitlist");
  await expect(rows.filter({ hasText: amina.email })).toContainText("Claimed");
  await expect(rows.filter({ hasText: bello.email })).toContainText("Declined");
  await expect(rows.filter({ hasText: chidi.email })).toContainText("Expired");
  for (const page of [admin, first, second, again]) await page.context().close();
});
