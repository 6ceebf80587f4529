import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { e2eAdmin } from "../support/admin-session";
import { expect, test } from "../support/fixtures";
import { waitForInteractive } from "../support/hydration";

// Admin sign-in, sign-out, the admin layout and the sign-in messages. Failed sign-ins slow down
// the next tries of that account from this machine (5 free, then growing waits), so only one
// test, on one project, ever gets the real admin's password wrong; the others use e-mails of their own.

// Sign-ins hash passwords and the two projects run side by side: allow for a busy machine.
test.describe.configure({ timeout: 60_000 });

const INVALID = "Invalid email or password. Please check your credentials.";
const stranger = (tag: string) => `${tag}-${Date.now().toString(36)}-${randomBytes(3).toString("hex")}@example.org`;

async function submitLogin(page: Page, email: string, password: string) {
  await page.getByLabel("Email Address").fill(email);
  await page.locator("input#password").fill(password);
  await page.getByRole("button", { name: "Sign In to Dashboard" }).click();
}

const toast = (page: Page, text: string) => page.getByRole("region", { name: "Notifications" }).getByText(text);

test.describe("sign-in page", () => {
  test("has the fields, the button, a way back to the site and a working password toggle", async ({ page }) => {
    await page.goto("/admin/login");
    await expect(page).toHaveTitle(/^Admin Login/);
    await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
    await expect(page.getByLabel("Email Address")).toHaveAttribute("required", "");
    await expect(page.locator("input#password")).toHaveAttribute("required", "");
    await expect(page.getByRole("button", { name: "Sign In to Dashboard" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Summit Website" })).toHaveAttribute("href", "/");

    await waitForInteractive(page);
    const password = page.locator("input#password");
    const toggle = page.getByRole("button", { name: "Show password" });
    await password.fill("s3cret-value");
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await expect(password).toHaveAttribute("type", "password");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await expect(password).toHaveAttribute("type", "text");
    await expect(password).toHaveValue("s3cret-value");
    await toggle.press("Enter");
    await expect(password).toHaveAttribute("type", "password");
  });

  test("checks empty fields on the server too", async ({ request, baseURL }) => {
    const headers = { Origin: new URL(baseURL ?? "").origin };
    const response = await request.post("/admin/login", { form: { email: "", password: "" }, headers });
    expect(response.status()).toBe(400);
    expect(await response.text()).toContain("Email address is required, Password is required");
  });

  test("answers a wrong password and an unknown e-mail with the same message, keeping the e-mail", async ({ page }, testInfo) => {
    await page.goto("/admin/login");
    await waitForInteractive(page);
    const unknown = stranger("nobody");
    await submitLogin(page, unknown, "some password");
    await expect(toast(page, INVALID)).toBeVisible();
    await expect(page.getByLabel("Email Address")).toHaveValue(unknown);
    await expect(page.locator("input#password")).toHaveValue("");
    await expect(page).toHaveURL(/\/admin\/login$/);

    // The real admin's e-mail with a wrong password: once, on one project only (see above).
    test.skip(testInfo.project.name !== "desktop", "one wrong password for the real admin per run");
    await submitLogin(page, e2eAdmin().email, "not-the-password");
    await expect(page.locator("#login-error")).toHaveText(INVALID);
    await expect(page.getByLabel("Email Address")).toHaveValue(e2eAdmin().email);
  });

  test("after five failures for one e-mail, makes this network wait, saying how long, without locking out others", async ({ page }) => {
    const victim = stranger("locked");
    await page.goto("/admin/login");
    await waitForInteractive(page);
    for (let i = 1; i <= 5; i++) {
      await submitLogin(page, victim, `guess number ${i}`);
      await expect(page.locator("#login-error")).toHaveText(INVALID);
      // Wait for this answer before the next try (the field is emptied on each answer).
      await expect(page.locator("input#password")).toHaveValue("");
    }
    // The waits are 1 s, 2 s, 4 s…: a few quick tries meet one.
    const waitMessage = /^Too many sign-in attempts\. Please wait \d+ seconds? and try again\.$/;
    let refused = false;
    for (let i = 6; i <= 12 && !refused; i++) {
      await submitLogin(page, victim, `guess number ${i}`);
      await expect(page.locator("input#password")).toHaveValue("");
      refused = waitMessage.test((await page.locator("#login-error").textContent()) ?? "");
    }
    expect(refused).toBe(true);
    await expect(page.getByRole("region", { name: "Notifications" }).getByText(waitMessage).first()).toBeVisible();
    // The same computer (same IP) may still sign in as someone else.
    await submitLogin(page, stranger("other"), "whatever");
    await expect(page.locator("#login-error")).toHaveText(INVALID);
  });

  test("refuses a sign-in posted from another site", async ({ request }) => {
    const { email, password } = e2eAdmin();
    const form = { email, password };
    expect((await request.post("/admin/login", { form, headers: { Origin: "https://evil.example" }, maxRedirects: 0 })).status()).toBe(400);
    const referer = await request.post("/admin/login", { form, headers: { Referer: "https://evil.example/x" }, maxRedirects: 0 });
    expect(referer.status()).toBe(403);
    expect(referer.headers()["set-cookie"] ?? "").not.toContain("ys_admin=");
  });
});

test.describe("signed in", () => {
  test("signs in to the dashboard with a welcome, and signs out", { tag: "@smoke" }, async ({ page, context }) => {
    const { email } = e2eAdmin();
    await page.goto("/admin/login");
    await waitForInteractive(page);
    await submitLogin(page, email.toUpperCase(), e2eAdmin().password);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(toast(page, "Login successful!")).toBeVisible();
    const header = page.getByRole("banner");
    await expect(header.getByText("Welcome back, E2E Admin")).toBeVisible();
    await expect(header.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    const cookie = (await context.cookies()).find((c) => c.name === "ys_admin");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });

    // Signed in, the sign-in page sends the admin on to the dashboard.
    await page.goto("/admin/login");
    await expect(page).toHaveURL(/\/admin$/);

    await waitForInteractive(page);
    await openMenuIfMobile(page);
    await page.getByRole("button", { name: "Logout" }).filter({ visible: true }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(toast(page, "Logged out successfully")).toBeVisible();
    expect((await context.cookies()).find((c) => c.name === "ys_admin")).toBeUndefined();
    await page.goto("/admin/attendees");
    await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fattendees$/);
  });

  test("returns to the page asked for after signing in", async ({ page }) => {
    await page.goto("/admin/speakers");
    await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fspeakers$/);
    await submitLogin(page, e2eAdmin().email, e2eAdmin().password);
    await expect(page).toHaveURL(/\/admin\/speakers$/);
    await expect(page.getByRole("heading", { level: 1, name: "Speakers" })).toBeVisible();
  });

  test("a cookie whose session no longer exists is refused with a message", async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: "ys_admin", value: randomBytes(32).toString("base64url"), url: baseURL ?? "" }]);
    await page.goto("/admin/partners");
    await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fpartners$/);
    await expect(toast(page, "Unauthorized access. Admin access only.")).toBeVisible();
    expect((await context.cookies()).find((c) => c.name === "ys_admin")).toBeUndefined();
  });
});

/** Below the lg breakpoint (1024 px) the navigation sits in the menu. */
async function openMenuIfMobile(page: Page) {
  if ((page.viewportSize()?.width ?? 1280) >= 1024) return;
  await page.locator("summary", { hasText: "Menu" }).click();
  await expect(page.getByRole("navigation", { name: "Admin" })).toBeVisible();
}

test.describe("admin layout", () => {
  test("marks Dashboard active only on /admin, other sections by prefix, and titles the page", async ({ adminPage: page }) => {
    const nav = page.getByRole("navigation", { name: "Admin" }).filter({ visible: true });
    const link = (name: string) => page.getByRole("link", { name, exact: true }).filter({ visible: true });
    await openMenuIfMobile(page);
    await expect(nav.getByRole("link")).toHaveText([
      "Dashboard",
      "Attendees",
      "Speakers",
      "Special Guests",
      "Agenda",
      "Partners",
      "Outreach",
      "Event Operations",
      "Check-in",
      "Feedback",
      "Event Settings",
      "Activity",
      "Account security",
    ]);
    await expect(link("Dashboard")).toHaveAttribute("aria-current", "page");
    await expect(link("Attendees")).not.toHaveAttribute("aria-current", "page");

    for (const [path, name, title] of [
      ["/admin/attendees", "Attendees", "Attendees"],
      [`/admin/attendees/${crypto.randomUUID()}`, "Attendees", undefined],
      ["/admin/special-guests", "Special Guests", "Special Guests"],
      ["/admin/operations", "Event Operations", "Event Operations"],
      ["/admin/check-in", "Check-in", "Check-in"],
      ["/admin/settings", "Event Settings", "Event Settings"],
    ] as const) {
      await page.goto(path);
      await openMenuIfMobile(page);
      await expect(link(name), path).toHaveAttribute("aria-current", "page");
      await expect(link("Dashboard"), path).not.toHaveAttribute("aria-current", "page");
      if (title) await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    }
  });

  test("shows the admin's name and e-mail", async ({ adminPage: page }) => {
    await page.goto("/admin/operations");
    await openMenuIfMobile(page);
    await expect(page.getByText(e2eAdmin().email).filter({ visible: true })).toBeVisible();
    await expect(page.locator("p", { hasText: /^E2E Admin$/ }).filter({ visible: true })).toBeVisible();
  });

  test("skip link and keyboard navigation", async ({ adminPage: page }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "keyboard test on the desktop layout");
    await page.goto("/admin/speakers");
    await waitForInteractive(page);
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(page.locator("#admin-main")).toBeFocused();
    // The navigation is reachable by Tab and shows where the focus is.
    await page.getByRole("link", { name: "Agenda", exact: true }).focus();
    const outline = await page.getByRole("link", { name: "Agenda", exact: true }).evaluate((el) => getComputedStyle(el).outlineStyle);
    expect(outline).not.toBe("none");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/admin\/agenda$/);
  });

  test("screenshots of the sign-in page and the layout", async ({ adminPage: page }, testInfo) => {
    await page.goto("/admin/speakers");
    await waitForInteractive(page);
    await page.screenshot({ path: testInfo.outputPath(`layout-${testInfo.project.name}.png`), fullPage: true });
    await page.goto("/admin");
    await page.screenshot({ path: testInfo.outputPath(`dashboard-${testInfo.project.name}.png`), fullPage: true });
    await page.context().clearCookies();
    await page.goto("/admin/login");
    await page.screenshot({ path: testInfo.outputPath(`login-${testInfo.project.name}.png`), fullPage: true });
    await waitForInteractive(page);
    await submitLogin(page, stranger("shot"), "wrong password");
    await expect(page.locator("#login-error")).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`login-error-${testInfo.project.name}.png`), fullPage: true });
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the password stays hidden, the toggle is not shown, and sign-in still works", async ({ page }) => {
    await page.goto("/admin/login");
    await expect(page.locator("input#password")).toHaveAttribute("type", "password");
    await expect(page.getByRole("button", { name: "Show password" })).toHaveCount(0);
    await submitLogin(page, e2eAdmin().email, e2eAdmin().password);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(toast(page, "Login successful!")).toBeVisible();
    await expect(page.getByText("Welcome back, E2E Admin")).toBeVisible();
  });
});
