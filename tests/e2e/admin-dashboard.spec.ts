import { randomBytes } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { docsScreenshot } from "../support/docs-screenshot";
import { expect, test } from "../support/fixtures";
import { waitForInteractive } from "../support/hydration";
import { makeRegistrant, registerMany } from "../support/register-helper";

// The admin dashboard against the shared e2e server. Other tests register people at
// the same time, so figures are checked as "at least what this test added"; the empty
// states are covered by app/modules/stats/dashboard-view.test.tsx.

const card = (page: Page, label: string): Locator => page.getByTestId("stat-cards").locator("dl").filter({ hasText: label });
const cardValue = async (page: Page, label: string) => (await card(page, label).locator("dd").first().textContent())?.trim() ?? "";
const cardNumber = async (page: Page, label: string) => Number((await cardValue(page, label)).replace(/,/g, ""));

test("the dashboard shows new registrations in the cards, charts, map, table and recent list", async ({
  adminPage: page,
  failOnPageErrors: _,
  request,
}, testInfo) => {
  test.slow(); // sign-in, three registrations and two dashboard loads
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  const before = await cardNumber(page, "Total Registrants");
  const kanoBefore = Number((await page.locator('path[data-state="Kano"]').getAttribute("data-count")) ?? 0);

  const run = `${testInfo.project.name}-${randomBytes(3).toString("hex")}`;
  const people = [
    makeRegistrant({ fullName: `Dash Male ${run}`, gender: "male", state: "Kano", localGovernment: "Fagge" }),
    makeRegistrant({ fullName: `Dash Other ${run}`, gender: "other", state: "Sokoto", localGovernment: "Wamakko" }),
    makeRegistrant({ fullName: `Dash Female ${run}`, gender: "female", state: "Kano", localGovernment: "Dala" }),
  ];
  await registerMany(request, people);

  await page.goto("/admin");
  await waitForInteractive(page);
  expect(await cardNumber(page, "Total Registrants")).toBeGreaterThanOrEqual(before + 3);
  await expect(card(page, "Gender Split").locator("dd").first()).toHaveText(/^\d{1,3}% \/ \d{1,3}%( \/ \d{1,3}%)?$/);
  await expect(card(page, "Gender Split")).toContainText("Male / Female");
  expect(await cardNumber(page, "Total Speakers")).toBeGreaterThanOrEqual(0);
  expect(await cardValue(page, "Top State")).not.toBe("N/A");
  await expect(card(page, "Top State")).toContainText(/\d+ registrants?/);

  // The newest registration comes first among this test's three.
  const recent = page.getByTestId("recent-registrations");
  await expect(recent.getByText(people[2]?.fullName ?? "")).toBeVisible();
  await expect(recent.locator("li").filter({ hasText: people[2]?.fullName ?? "" })).toContainText(people[2]?.email ?? "");
  await expect(recent.locator("li").filter({ hasText: people[2]?.fullName ?? "" })).toContainText("Kano");

  // The map: Kano is shaded and titled with its (grown) count.
  const kano = page.locator('path[data-state="Kano"]');
  const kanoCount = Number(await kano.getAttribute("data-count"));
  expect(kanoCount).toBeGreaterThanOrEqual(kanoBefore + 2);
  expect(await kano.getAttribute("fill")).not.toBe("#e5e7eb");
  await expect(kano.locator("title")).toHaveText(`Kano: ${kanoCount} registrants`);

  // The table alternative.
  await page.getByText("View as table").click();
  await expect(page.getByRole("table", { name: "Registrants by state" }).getByRole("row", { name: /Sokoto/ })).toBeVisible();

  // The charts draw once recharts has loaded in the browser.
  const genderChart = page.getByRole("region", { name: "Gender Distribution" });
  const statesChart = page.getByRole("region", { name: "Top States by Registration" });
  await expect(genderChart.locator("svg.recharts-surface").first()).toBeVisible();
  await expect(statesChart.locator("svg.recharts-surface").first()).toBeVisible();
  await expect(statesChart.getByTestId("chart-skeleton")).toHaveCount(0);

  await page.evaluate(() => window.scrollTo(0, 0));
  await docsScreenshot(page, "dashboard.png", { fullPage: true });
});

test("the cards take one column on a phone, two on a tablet and four on a desktop", async ({ adminPage: page }, testInfo) => {
  test.slow(); // three dashboard loads
  const columns = async () => {
    const boxes = await page
      .getByTestId("stat-cards")
      .locator(":scope > div")
      .evaluateAll((cards) => cards.map((c) => Math.round(c.getBoundingClientRect().top)));
    return boxes.filter((top) => top === boxes[0]).length;
  };
  for (const [width, expected] of [
    [360, 1],
    [700, 2],
    [1280, 4],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/admin");
    expect(await columns(), `${width} px`).toBe(expected);
    // Nothing sticks out sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: testInfo.outputPath(`dashboard-${width}.png`), fullPage: true });
  }
});

test("public pages never load recharts or the map data", async ({ page }) => {
  const pending: Promise<string>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") pending.push(response.text().catch(() => ""));
  });
  for (const path of ["/", "/register"]) {
    await page.goto(path);
    await waitForInteractive(page);
    await page.waitForLoadState("networkidle");
  }
  const scripts = await Promise.all(pending);
  expect(scripts.length).toBeGreaterThan(0);
  for (const source of scripts) {
    expect(source).not.toContain("recharts-wrapper");
    // The start of Abia's outline in @svg-maps/nigeria.
    expect(source).not.toContain("291.01165,491.65874");
  }
});
