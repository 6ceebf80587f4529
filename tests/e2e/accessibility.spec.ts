import type { Page } from "@playwright/test";
import { expectNoViolations } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { waitForInteractive } from "../support/hydration";
import {
  makeRegistrant,
  pauseLikeAPerson,
  postRegistration,
  registerViaForm,
  registrationForm,
  selfServiceToken,
} from "../support/register-helper";

// axe-core on the public pages in their key states, at 360 px (mobile project) and
// on a desktop screen: WCAG 2.2 A/AA plus axe's best practices, no exceptions.

// An axe run over the registration form (774 LGA options) takes seconds on a busy machine.
test.describe.configure({ timeout: 60_000 });

async function open(page: Page, path: string) {
  expect((await page.goto(path))?.status()).toBe(200);
  await waitForInteractive(page);
}

test("the landing page", async ({ page }) => {
  await open(page, "/");
  await expectNoViolations(page, "/");
});

test("the landing page with the mobile menu open", async ({ page, isMobile }) => {
  test.skip(!isMobile, "the menu toggle is for narrow screens");
  await open(page, "/");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Menu", exact: true }).click();
  await expectNoViolations(page, "/ with the menu open");
});

test("the registration page", async ({ page }) => {
  await open(page, "/register");
  await expectNoViolations(page, "/register");
});

test("the registration page with validation errors", async ({ page }) => {
  await open(page, "/register");
  await registrationForm(page).getByRole("button", { name: "Register Now" }).click();
  await expect(page.locator('[data-toast-type="error"]')).toBeVisible();
  await expect(registrationForm(page).getByText("Full name is required")).toBeVisible();
  await expectNoViolations(page, "/register with errors");
});

test("the registration page with the success modal open", async ({ page }) => {
  await open(page, "/register");
  await registerViaForm(page, makeRegistrant());
  await expectNoViolations(page, "/register with the success modal");
});

test("the lost-ticket form, opened and answered", async ({ page }) => {
  await open(page, "/register");
  await page.getByText("Lost your ticket?").click();
  await page.getByLabel("Registered e-mail address").fill(makeRegistrant().email);
  await pauseLikeAPerson(page);
  await page.getByRole("button", { name: "Resend my ticket" }).click();
  await expect(
    page.locator("details").getByRole("status").filter({ hasText: "If it is registered, we've sent the ticket again" }),
  ).toBeVisible();
  await expectNoViolations(page, "/register with the lost-ticket confirmation");
});

test("the privacy notice", async ({ page }) => {
  await open(page, "/privacy");
  await expectNoViolations(page, "/privacy");
});

test("the ticket page", async ({ page, request }) => {
  const person = makeRegistrant();
  const { status } = await postRegistration(request, person);
  expect(status).toBe(200);
  await open(page, `/tickets/${encodeURIComponent(await selfServiceToken(person.email))}`);
  await expectNoViolations(page, "the ticket page");
});

test("the 404 page", async ({ page }) => {
  expect((await page.goto("/no-such-page"))?.status()).toBe(404);
  await waitForInteractive(page);
  await expectNoViolations(page, "the 404 page");
});

// axe itself needs JavaScript, so these pages run with the app's scripts blocked instead:
// nothing hydrates, forms post natively and the server renders every state, as without JavaScript.
test.describe("as rendered for a browser without JavaScript", () => {
  test.beforeEach(async ({ page }) => {
    await page.route(/\.m?js(\?|$)/, (route) => route.abort());
  });

  test("the registration page with the server's errors", async ({ page }) => {
    expect((await page.goto("/register"))?.status()).toBe(200);
    await registrationForm(page).getByRole("button", { name: "Register Now" }).click();
    await expect(registrationForm(page).getByText("Full name is required")).toBeVisible();
    await expectNoViolations(page, "/register with the server's errors");
  });

  test("the registration page with the server-rendered success modal", async ({ page }) => {
    expect((await page.goto("/register"))?.status()).toBe(200);
    await registerViaForm(page, makeRegistrant());
    await expect(page.getByRole("dialog").getByRole("link", { name: "Got it!" })).toBeVisible();
    await expectNoViolations(page, "/register with the server-rendered success modal");
  });
});
