import type { Browser, Page } from "@playwright/test";
import { signInAsAdmin } from "../support/admin-session";
import { expect, test } from "../support/fixtures";
import { waitForInteractive } from "../support/hydration";
import { type PrivateSite, startPrivateSite } from "../support/private-site";

// Walk-ins on a volunteer's phone (360 × 640), on a site of its own on each database (it fills
// the hall): capacity 4, two registered online, two seats kept for walk-ins, so online
// registration is full while the door still registers. A person who already registered is
// admitted instead; a walk-in without an e-mail address is registered and let in, typed at a
// person's pace (the seconds are printed); organisers find them as registered at the door and
// checked in; one more with JavaScript off takes the last seat; then the door says the hall is full.

const PHONE = { width: 360, height: 640 };

for (const postgres of [false, true]) {
  test.describe(`walk-ins on ${postgres ? "PostgreSQL" : "the embedded database"}`, () => {
    test.describe.configure({ mode: "serial" });
    let site: PrivateSite | undefined;

    test.beforeAll(async ({ browser: _ }, info) => {
      // A site of its own, with its own phone viewport: once, in the desktop project.
      test.skip(info.project.name !== "desktop", "a site of its own: once");
      test.setTimeout(120_000);
      site = await startPrivateSite({ postgres, door: true, attendees: 2, capacity: 4 });
    });
    test.afterAll(async () => site?.stop());

    async function phone(browser: Browser, javaScriptEnabled = true): Promise<Page> {
      const context = await browser.newContext({ baseURL: site?.url, viewport: PHONE, javaScriptEnabled, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      await signInAsAdmin(page, { door: true, redirectTo: "/admin/check-in" });
      return page;
    }

    test("organisers keep two seats for walk-ins: online registration is then full", async ({ browser }) => {
      const page = await (await browser.newContext({ baseURL: site?.url })).newPage();
      await signInAsAdmin(page, { redirectTo: "/admin/settings" });
      await page.getByLabel("Seats kept for walk-ins").fill("2");
      await page.getByRole("button", { name: "Save Event Settings" }).click();
      await expect(page.getByText("Event settings saved successfully!")).toBeVisible();
      await page.goto("/register");
      await expect(page.getByText("Event is fully booked").first()).toBeVisible();
    });

    test("a walk-in registered on a phone, without an e-mail address, is let in at once", async ({ browser }) => {
      const page = await phone(browser);
      await waitForInteractive(page);
      // The door says how many walk-ins it may still register.
      await expect(page.getByRole("link", { name: "Register a walk-in" })).toContainText("2 seats left for walk-ins");
      await page.getByRole("link", { name: "Register a walk-in" }).click();
      await expect(page.getByText("2 seats left for walk-ins")).toBeVisible();
      await waitForInteractive(page);

      // Someone who registered online says they did not: their phone number finds them.
      const seeded = site?.seeded[0];
      await page.getByLabel("Full Name").fill("Amina Registered");
      await page.getByLabel("Phone Number").fill(seeded?.phone ?? "");
      await page.getByLabel("Gender").selectOption("female");
      await page.getByLabel("State of Residence").selectOption("Zamfara");
      await page.getByLabel("Local Government").selectOption("Gusau");
      await page.getByRole("checkbox", { name: /Read out to them/ }).check();
      await page.getByRole("button", { name: "Register and check in" }).click();
      const same = page.getByRole("alert").filter({ hasText: "This phone number is already registered for:" });
      await expect(same).toContainText(seeded?.full_name ?? "?");
      await same.getByRole("button", { name: "Admit them instead" }).click();
      await expect(page).toHaveURL(/\/admin\/check-in$/);
      await expect(page.locator('[data-outcome="checked-in"]')).toContainText(seeded?.full_name ?? "?");

      // A person with no registration and no e-mail address, typed at a person's pace.
      await page.getByRole("link", { name: "Register a walk-in" }).click();
      await waitForInteractive(page);
      const started = Date.now();
      // About five keys a second, a quick thumb on a phone's keyboard.
      const typed = { delay: 200 };
      await page.getByLabel("Full Name").pressSequentially("Ɗanladi Ƙasimu", typed);
      await page.getByLabel("Phone Number").pressSequentially("0806 555 0101", typed);
      await page.getByLabel("Gender").selectOption("male");
      await page.getByLabel("State of Residence").selectOption("Zamfara");
      await page.getByLabel("Local Government").selectOption("Gusau");
      await page.getByLabel("Organization").pressSequentially("Gusau Youth Forum", typed);
      await page.getByRole("checkbox", { name: /Read out to them/ }).check();
      const pressed = Date.now();
      await page.getByRole("button", { name: "Register and check in" }).click();
      const admitted = page.getByRole("status").filter({ hasText: "Registered and checked in: Ɗanladi Ƙasimu" });
      await expect(admitted).toBeVisible();
      const seconds = (Date.now() - started) / 1000;
      const answer = (Date.now() - pressed) / 1000;
      test.info().annotations.push({ type: "walk-in seconds", description: `${seconds.toFixed(1)} (answer ${answer.toFixed(2)})` });
      console.log(`[walk-in] typed at a person's pace, registered and let in: ${seconds.toFixed(1)} s (the answer ${answer.toFixed(2)} s)`);
      const ticketId = (await admitted.locator("p.font-mono").textContent())?.trim() ?? "";
      expect(ticketId).toMatch(/^ZYS-[0-9A-Z]+-[0-9A-Z]{6}$/);
      await expect(admitted.getByRole("img", { name: `QR code of ticket ${ticketId}` })).toBeVisible();
      await expect(admitted).toContainText("ask them to note the ticket ID");
      // Nothing sideways at phone width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await page.screenshot({ path: test.info().outputPath("walk-in-admitted.png") });

      // The organisers see them as registered at the door, and checked in.
      const office = await (await browser.newContext({ baseURL: site?.url })).newPage();
      await signInAsAdmin(office, { redirectTo: "/admin/attendees?channel=door" });
      const row = office.locator("[data-attendee-id]").filter({ hasText: "Ɗanladi Ƙasimu" }).first();
      await expect(row).toContainText("Registered at the door");
      await expect(row).toContainText("No e-mail (registered at the door)");
      await row.getByRole("link", { name: "Ɗanladi Ƙasimu", exact: true }).click();
      await expect(office.getByText(/Registered at the door, by/)).toBeVisible();
      await expect(office.getByText(/^Checked in at/)).toBeVisible();
      await office.goto("/admin/check-in");
      await expect(office.getByText(/Checked in: 2 of 3/)).toBeVisible();
    });

    test("without JavaScript a walk-in takes the last seat; then the door says the hall is full", async ({ browser }) => {
      const page = await phone(browser, false);
      await page.goto("/admin/check-in/walk-in");
      await expect(page.getByText("1 seat left for walk-ins")).toBeVisible();
      // A mistake first: it comes back with what was typed, and the field's message.
      await page.getByLabel("Full Name").fill("Zainab Bello");
      await page.getByLabel("Phone Number").fill("0806 555 0102");
      await page.getByLabel("Gender").selectOption("female");
      await page.getByLabel("State of Residence").selectOption("Zamfara");
      await page.getByLabel("Local Government").selectOption("Ikeja");
      await page.getByLabel("Email Address").fill("zainab@example.org");
      await page.getByRole("checkbox", { name: /Read out to them/ }).check();
      await page.getByRole("button", { name: "Register and check in" }).click();
      await expect(page.getByText("Please select a local government in Zamfara")).toBeVisible();
      await expect(page.getByLabel("Full Name")).toHaveValue("Zainab Bello");
      await expect(page.getByLabel("Email Address")).toHaveValue("zainab@example.org");
      await page.getByLabel("Local Government").selectOption("Gusau");
      await page.getByRole("button", { name: "Register and check in" }).click();
      await expect(page.getByRole("status")).toContainText("Registered and checked in: Zainab Bello");
      await expect(page.getByRole("status")).toContainText("The ticket was sent by e-mail.");

      await page.getByRole("link", { name: "Register another walk-in" }).click();
      await expect(page.getByText(/The hall is full: no seat is left for walk-ins/)).toBeVisible();
      await expect(page.getByRole("button", { name: "Register and check in" })).toBeDisabled();
    });
  });
}
