import { e2eAdmin } from "../support/admin-session";
import { expect, test } from "../support/fixtures";
import { waitForInteractive } from "../support/hydration";

// The admin on a phone (the door's volunteers, an organiser away from the office): the menu that
// replaces the sidebar, with and without JavaScript. Runs in the mobile project only; the rest
// of the admin's behaviour does not change with the width (playwright.config.ts).

test.beforeEach(({ isMobile }) => {
  test.skip(!isMobile, "phone layout");
});

test.describe("with JavaScript", () => {
  test("the phone menu opens, navigates and closes", async ({ adminPage: page }) => {
    await page.goto("/admin");
    await waitForInteractive(page);
    const nav = page.getByRole("navigation", { name: "Admin" });
    await expect(nav).toBeHidden();
    const menu = page.locator("summary", { hasText: "Menu" });
    await menu.click();
    await expect(nav).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(nav).toBeHidden();
    await expect(menu).toBeFocused();
    await menu.click();
    await nav.getByRole("link", { name: "Partners" }).click();
    await expect(page).toHaveURL(/\/admin\/partners$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Partners");
    await expect(nav).toBeHidden();
    // Nothing is wider than the 360 px screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  test("screenshot of the open menu", async ({ adminPage: page }, testInfo) => {
    await page.goto("/admin/speakers");
    await waitForInteractive(page);
    await page.locator("summary", { hasText: "Menu" }).click();
    await page.screenshot({ path: testInfo.outputPath("layout-mobile-menu.png") });
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("signing in and the phone menu still work", async ({ page }) => {
    await page.goto("/admin/login");
    await page.getByLabel("Email Address").fill(e2eAdmin().email);
    await page.locator("input#password").fill(e2eAdmin().password);
    await page.getByRole("button", { name: "Sign In to Dashboard" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await page.locator("summary", { hasText: "Menu" }).click();
    await expect(page.getByRole("navigation", { name: "Admin" })).toBeVisible();
  });
});
