import { expect, test } from "../support/fixtures";
import { waitForInteractive } from "../support/hydration";

// The skeleton every other page stands on: server-rendered home, health check,
// 404 page and the root error boundary, all from the production build.

test("the home page renders and its script runs without console errors", { tag: "@smoke" }, async ({ page, failOnPageErrors: _ }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/Zamfara Youth Summit/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await waitForInteractive(page);
  await page.waitForLoadState("networkidle");
});

test("/healthz reports the database up and is never cached", { tag: ["@smoke", "@desktop-only"] }, async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("no-store");
  expect(await response.json()).toMatchObject({
    status: "ok",
    database: "up",
    outbox: { pending: expect.any(Number), failed: expect.any(Number) },
    uptime: expect.any(Number),
  });
});

test("an unknown URL shows the 404 page with status 404", { tag: ["@smoke", "@desktop-only"] }, async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
});

test("a failing data request shows the generic error boundary without a stack trace", { tag: ["@smoke", "@desktop-only"] }, async ({
  page,
}) => {
  await page.goto("/no-such-page");
  await waitForInteractive(page);
  // From here on every client-side data request fails as a broken server or proxy would.
  await page.route(/\.data(\?|$)/, (route) => route.fulfill({ status: 500, contentType: "text/plain", body: "garbage" }));
  await page.getByRole("link", { name: "Back to Home" }).click();

  await expect(page.getByRole("heading", { name: "Unexpected Application Error!" })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
  await expect(page.locator("pre")).toHaveCount(0);
  const text = (await page.locator("main").textContent()) ?? "";
  expect(text).not.toMatch(/\bat \S+ \(|\bat \S+:\d+:\d+|Error: |\.(js|ts|tsx):\d+/);
  expect(text).not.toContain("garbage");
});
