import { signInAsAdmin } from "../support/admin-session";
import { docsScreenshot } from "../support/docs-screenshot";
import { expect, test } from "../support/fixtures";
import { waitForInteractive } from "../support/hydration";
import { type PrivateSite, startPrivateSite } from "../support/private-site";

// A fresh install, as an organiser finds it before setting anything up: the public site says
// "coming soon" and nothing of the defaults' made-up event (no 2025 date, no info@ address, no
// +234 800 number, no "Executive Governor" cards); /register leads there too. The dashboard lists
// what is left to set up, ticking each step by itself; saving Event Settings opens the public site.

const MADE_UP = ["2025", "info@zamfarayouthsummit.ng", "+234 800 000 0000", "The Executive Governor", "Event has concluded"];

let site: PrivateSite | undefined;
test.afterAll(async () => site?.stop());

test("a fresh install says 'coming soon' until the settings are saved, and the dashboard lists the set-up", async ({
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "a server of its own: once");
  test.setTimeout(120_000);
  site = await startPrivateSite({ fresh: true });

  // A visitor on a phone, in English and in Hausa.
  const phone = await browser.newContext({ baseURL: site.url, viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true });
  const visitor = await phone.newPage();
  await visitor.goto("/");
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Zamfara Youth Summit");
  await expect(visitor.getByText("Coming soon", { exact: true })).toBeVisible();
  const page = await visitor.content();
  for (const text of MADE_UP) expect(page, text).not.toContain(text);
  await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(visitor.locator('meta[property="og:title"]')).toHaveCount(0);
  await docsScreenshot(visitor, "coming-soon-360.png");
  await visitor.goto("/?lang=ha");
  await expect(visitor.getByText("Nan ba da jimawa ba", { exact: true })).toBeVisible();
  // The registration page has nothing to offer yet: it leads to the same page.
  await visitor.goto("/register");
  await expect(visitor).toHaveURL(`${site.url}/`);

  // The organiser's dashboard: the set-up list, nothing done yet on a bare server.
  const office = await browser.newContext({ baseURL: site.url });
  const admin = await office.newPage();
  await signInAsAdmin(admin);
  const checklist = admin.getByRole("region", { name: "Get the site ready" });
  await expect(checklist).toContainText("0 of 10 done");
  await expect(checklist.locator('[data-step="settings"]')).toHaveAttribute("data-done", "false");
  await expect(checklist.getByRole("link", { name: "Open Event Settings" })).toHaveAttribute("href", "/admin/settings");
  await docsScreenshot(admin, "setup-checklist.png", { fullPage: true });

  // Event Settings saved with the real date: the public site opens, and the step is ticked.
  const nextYear = `${new Date().getUTCFullYear() + 1}-03-14`;
  await admin.goto("/admin/settings");
  await waitForInteractive(admin);
  await admin.getByLabel("Event date").fill(nextYear);
  await admin.getByRole("button", { name: "Save Event Settings" }).click();
  await expect(admin.getByText("Event settings saved successfully!", { exact: true })).toBeVisible();
  await admin.goto("/admin");
  await expect(checklist).toContainText("1 of 10 done");
  await expect(checklist.locator('[data-step="settings"]')).toHaveAttribute("data-done", "true");

  await visitor.goto("/?lang=en");
  await expect(visitor.getByText("Coming soon", { exact: true })).toHaveCount(0);
  await expect(visitor.locator("#home")).toContainText(String(new Date().getUTCFullYear() + 1));
  await expect(visitor.getByRole("contentinfo")).toContainText(`© ${new Date().getUTCFullYear() + 1}`);
  // No made-up hosts: the section says they will be announced.
  await expect(visitor.locator("#organizers")).toContainText("The hosts will be announced soon");
  await visitor.goto("/register");
  await expect(visitor).toHaveURL(`${site.url}/register`);
  await phone.close();
  await office.close();
});
