import type { Browser, Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { e2eAdmin } from "../support/admin-session";
import { expectNoViolations } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { type PrivateSite, startPrivateSite } from "../support/private-site";

// Two-step sign-in, on sites of their own (enrolling the shared e2e admin would change every
// other test's sign-in): enrolling an authenticator app from the Account security page and
// signing in with its code, a recovery code once (without JavaScript), and
// REQUIRE_TWO_FACTOR=organisers sending an organiser to enrol before anything else while the
// door account keeps its password alone. Codes are computed here, with the same library, from
// the key the page shows.

test.describe.configure({ mode: "serial", timeout: 120_000 });

/** The code an authenticator app would show, `aheadMs` from now (a step not used yet). */
const codeFor = (shown: string, aheadMs = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(shown.replace(/\s/g, "")), timestamp: Date.now() + aheadMs });

async function newPage(browser: Browser, site: PrivateSite, javaScriptEnabled = true): Promise<Page> {
  const context = await browser.newContext({ baseURL: site.url, javaScriptEnabled });
  return context.newPage();
}

async function passwordStep(page: Page, account = e2eAdmin()) {
  await page.goto("/admin/login");
  await page.getByLabel("Email Address").fill(account.email);
  await page.locator("input#password").fill(account.password);
  await page.getByRole("button", { name: "Sign In to Dashboard" }).click();
}

test.describe("an organiser's authenticator app", () => {
  let site: PrivateSite;
  test.beforeAll(async () => {
    test.skip(test.info().project.name !== "desktop", "sites of their own: once");
    // Starting a site of its own takes a while on a busy machine.
    test.setTimeout(240_000);
    site = await startPrivateSite();
  });
  test.afterAll(async () => site?.stop());

  test("enrols on the Account security page, signs in with a code, then with a recovery code once, without JavaScript", async ({
    browser,
  }) => {
    const page = await newPage(browser, site);
    await passwordStep(page);
    await page.locator("#admin-main").waitFor();
    await page.goto("/admin/security");
    await expect(page.getByRole("heading", { name: "Account security", level: 1 })).toBeVisible();
    await page.getByRole("button", { name: "Set up an authenticator app" }).click();
    await expect(page.getByRole("img", { name: /QR code for your authenticator app/ })).toBeVisible();
    const shown = (await page.getByTestId("totp-secret").textContent()) ?? "";
    expect(shown).toMatch(/^[A-Z2-7 ]{32,}$/);
    await expectNoViolations(page, "/admin/security while setting up");
    await page.getByLabel("Authentication code").fill("000000");
    await page.getByRole("button", { name: "Turn on" }).click();
    await expect(page.locator("#code-error")).toHaveText("That code is not right. Please check your authenticator app and try again.");
    await page.getByLabel("Authentication code").fill(codeFor(shown));
    await page.getByRole("button", { name: "Turn on" }).click();
    // The answer is a new page (no JavaScript): wait for it before reading the codes.
    await expect(page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
    const codes = (await page.getByTestId("recovery-codes").getByRole("listitem").allTextContents()).map((c) => c.trim());
    expect(codes).toHaveLength(10);
    await expectNoViolations(page, "/admin/security with the recovery codes");
    await page.context().close();

    // Signing in now takes the password, then the code.
    const again = await newPage(browser, site);
    await passwordStep(again);
    await expect(again).toHaveURL(/\/admin\/login\/two-factor$/);
    await expect(again.getByRole("heading", { name: "Two-step sign-in" })).toBeVisible();
    await expectNoViolations(again, "/admin/login/two-factor");
    // No session yet: the admin is still closed.
    await again.goto("/admin");
    await expect(again).toHaveURL(/\/admin\/login/);
    await again.goto("/admin/login/two-factor");
    await again.getByLabel("Authentication code").fill(codeFor(shown, 30_000));
    await again.getByRole("button", { name: "Verify" }).click();
    await again.locator("#admin-main").waitFor();
    await again.context().close();

    // A lost phone: a recovery code, without JavaScript; the same code a second time is refused.
    for (const expected of ["signed in", "refused"] as const) {
      const plain = await newPage(browser, site, false);
      await passwordStep(plain);
      await plain.getByLabel("Authentication code").fill(codes[0] ?? "");
      await plain.getByRole("button", { name: "Verify" }).click();
      if (expected === "signed in") await plain.locator("#admin-main").waitFor();
      else
        await expect(plain.locator("#login-error")).toHaveText(
          "That code is not right. Please check your authenticator app and try again.",
        );
      await plain.context().close();
    }
  });
});

test.describe("REQUIRE_TWO_FACTOR=organisers", () => {
  let site: PrivateSite;
  test.beforeAll(async () => {
    test.skip(test.info().project.name !== "desktop", "sites of their own: once");
    // Starting a site of its own takes a while on a busy machine.
    test.setTimeout(240_000);
    site = await startPrivateSite({ door: true, env: { REQUIRE_TWO_FACTOR: "organisers" } });
  });
  test.afterAll(async () => site?.stop());

  test("sends an organiser to enrol right after the password, and nowhere else until done; the door signs in with its password", async ({
    browser,
  }) => {
    const page = await newPage(browser, site);
    await passwordStep(page);
    await expect(page.getByRole("heading", { name: "Set up two-step sign-in" })).toBeVisible();
    const shown = (await page.getByTestId("totp-secret").textContent()) ?? "";
    await expectNoViolations(page, "/admin/login/two-factor while enrolling");
    await page.goto("/admin/attendees");
    await expect(page).toHaveURL(/\/admin\/login\?redirectTo=/);
    await page.goto("/admin/login/two-factor");
    await expect(page.getByTestId("totp-secret")).toHaveText(shown);
    await page.getByLabel("Authentication code").fill(codeFor(shown));
    await page.getByRole("button", { name: "Turn on and sign in" }).click();
    await expect(page.getByRole("heading", { name: "Two-step sign-in is on" })).toBeVisible();
    await expect(page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
    await page.getByRole("link", { name: "I have saved my codes: continue" }).click();
    await page.locator("#admin-main").waitFor();
    await page.goto("/admin/security");
    await expect(page.getByText("On.", { exact: true })).toBeVisible();
    await page.context().close();

    const door = await newPage(browser, site);
    await passwordStep(door, e2eAdmin(true));
    await expect(door.getByRole("heading", { name: "Scan a ticket" })).toBeVisible();
    await door.context().close();
  });
});
