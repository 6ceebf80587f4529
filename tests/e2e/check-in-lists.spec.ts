import type { Browser, Page } from "@playwright/test";
import { signInAsAdmin } from "../support/admin-session";
import { expect, test } from "../support/fixtures";
import { waitForInteractive } from "../support/hydration";
import { type PrivateSite, startPrivateSite } from "../support/private-site";

// Check-in lists beside the entrance, on a site of its own (its lists show on every door and in
// every CSV): an organiser adds "Lunch" (once) and "Conference kit" (2 of them) on Event
// Operations; a volunteer's phone (360 × 640) named "Hall B" picks Lunch and gives it; a second
// door without JavaScript picks Lunch with its button and is told it was given, when and where;
// the kit counts down and refuses at zero; Event Operations and the CSV show the lists.

const PHONE = { width: 360, height: 640 };
const outcome = (page: Page) => page.locator("[data-outcome]");

test.describe("check-in lists", () => {
  test.describe.configure({ mode: "serial" });
  let site: PrivateSite | undefined;

  test.beforeAll(async () => {
    test.skip(test.info().project.name !== "desktop", "a site of its own, with its own phone viewport");
    test.setTimeout(120_000);
    site = await startPrivateSite({ door: true, attendees: 4 });
  });
  test.afterAll(async () => site?.stop());

  const ticket = (i: number) => site?.seeded[i]?.ticket_id ?? "";

  async function phone(browser: Browser, javaScriptEnabled = true): Promise<Page> {
    const context = await browser.newContext({ baseURL: site?.url, viewport: PHONE, javaScriptEnabled, isMobile: true, hasTouch: true });
    // This phone is the door "Hall B" (named once on the device, as volunteers do).
    await context.addInitScript(() => localStorage.setItem("summit-door-name", "Hall B"));
    const page = await context.newPage();
    await signInAsAdmin(page, { door: true, redirectTo: "/admin/check-in" });
    return page;
  }

  async function typeTicket(page: Page, ticketId: string, button = "Give") {
    await page.getByRole("textbox", { name: "Ticket ID" }).fill(ticketId);
    await page.getByRole("button", { name: button, exact: true }).click();
  }

  test("an organiser adds Lunch and the conference kit on Event Operations", async ({ browser }) => {
    const page = await (await browser.newContext({ baseURL: site?.url })).newPage();
    await signInAsAdmin(page, { redirectTo: "/admin/operations" });
    await waitForInteractive(page);
    const panel = page.locator("#check-in-lists");
    await expect(panel.getByText("No lists yet")).toBeVisible();
    // Refused with what was typed: the quantity stays to be corrected.
    await panel.getByRole("textbox", { name: "Name", exact: true }).fill("Conference kit");
    await panel.getByLabel("Quantity (optional)").fill("-2");
    await panel.getByRole("button", { name: "Add list" }).click();
    await expect(panel.getByText(/Please enter a whole number/)).toBeVisible();
    await panel.getByLabel("Quantity (optional)").fill("2");
    await panel.getByRole("button", { name: "Add list" }).click();
    await expect(page.getByText("“Conference kit” added")).toBeVisible();
    await panel.getByRole("textbox", { name: "Name", exact: true }).fill("Lunch");
    await panel.getByLabel("Name in Hausa (optional)").fill("Abincin rana");
    await panel.getByLabel("How often").selectOption("once");
    await panel.getByRole("button", { name: "Add list" }).click();
    await expect(page.getByText("“Lunch” added")).toBeVisible();
    await expect(panel.locator("[data-list]")).toHaveCount(2);
    await expect(panel.locator('[data-list="Conference kit"]').getByTestId("list-left")).toHaveText("2 of 2");
  });

  test("a phone at 360 × 640 picks Lunch and gives it; the kit counts down and refuses at zero", async ({ browser }) => {
    const page = await phone(browser);
    await waitForInteractive(page);
    await page.getByLabel("Checking in for").selectOption({ label: "Lunch" });
    await expect(page).toHaveURL(/\?list=[0-9a-f-]{36}$/);
    await expect(page.getByTestId("list-count")).toHaveText("Lunch: 0 given");
    await waitForInteractive(page);
    await typeTicket(page, ticket(0));
    await expect(outcome(page)).toHaveAttribute("data-outcome", "checked-in");
    await expect(outcome(page)).toContainText("Lunch: enjoy!");
    await expect(outcome(page)).toContainText("Seeded Person 001");
    await expect(page.getByTestId("list-count")).toHaveText("Lunch: 1 given");
    // The entrance is untouched: nobody was checked in.
    await expect(page.getByText("Checked in: 0 of 4")).toBeVisible();

    await page.getByLabel("Checking in for").selectOption({ label: "Conference kit" });
    await expect(page.getByTestId("list-count")).toHaveText("Conference kit: 0 given · 2 left");
    await waitForInteractive(page);
    await typeTicket(page, ticket(0));
    await expect(outcome(page)).toContainText("Conference kit: enjoy! 1 left.");
    await typeTicket(page, ticket(1));
    await expect(outcome(page)).toContainText("Conference kit: enjoy! 0 left.");
    await typeTicket(page, ticket(2));
    await expect(outcome(page)).toHaveAttribute("data-outcome", "refused");
    await expect(outcome(page)).toContainText("Conference kit: none left.");
    await expect(page.getByTestId("list-count")).toHaveText("Conference kit: 2 given · 0 left");
    // Under the card, what the chosen list gave per door (the entrance's check-ins per door otherwise).
    await expect(page.getByRole("heading", { name: "Conference kit by door" })).toBeVisible();
    await expect(page.getByTestId("door-counts")).toHaveText("Hall B: 2");
    // One hand on a phone: the field, the card and the list fit the screen without scrolling sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expect(outcome(page)).toBeInViewport();
    await page.screenshot({ path: test.info().outputPath("door-with-list-360.png") });
    // The phone remembers its list: the door screen opened again is at the kit.
    await page.goto("/admin/check-in");
    await expect(page).toHaveURL(/\?list=/);
    await expect(page.getByTestId("list-count")).toContainText("Conference kit");
  });

  test("a door without JavaScript picks Lunch with its button, and hears it was given, when and where", async ({ browser }) => {
    const page = await phone(browser, false);
    await page.getByLabel("Checking in for").selectOption({ label: "Lunch" });
    await page.getByRole("button", { name: "Choose" }).click();
    await expect(page.getByTestId("list-count")).toHaveText("Lunch: 1 given");
    await typeTicket(page, ticket(0));
    await expect(outcome(page)).toHaveAttribute("data-outcome", "already");
    await expect(outcome(page)).toContainText(/Lunch already given at \d\d:\d\d at Hall B/);
    // The search gives too, and says who had theirs.
    await page.getByLabel("Name, phone number or ticket ID").fill("Seeded Person 002");
    await page.getByRole("button", { name: "Search" }).click();
    await page.getByRole("button", { name: "Give Lunch to Seeded Person 002" }).click();
    await expect(outcome(page)).toContainText("Lunch: enjoy!");
    await expect(page.getByTestId("list-count")).toHaveText("Lunch: 2 given");
  });

  test("Event Operations shows each list's figures by door; the CSV has a column per list", async ({ browser }) => {
    const page = await (await browser.newContext({ baseURL: site?.url })).newPage();
    await signInAsAdmin(page, { redirectTo: "/admin/operations" });
    const lunch = page.locator('[data-list="Lunch"]');
    const kit = page.locator('[data-list="Conference kit"]');
    await expect(lunch.getByTestId("list-given")).toHaveText("2");
    await expect(lunch.getByTestId("list-doors")).toHaveText(/Hall B 1 · Unnamed door 1|Unnamed door 1 · Hall B 1/);
    await expect(kit.getByTestId("list-given")).toHaveText("2");
    await expect(kit.getByTestId("list-left")).toHaveText("0 of 2");
    await expect(kit.getByTestId("list-doors")).toHaveText("Hall B 2");
    const csv = await (await page.request.get("/admin/attendees/export.csv")).text();
    const [header = "", ...rows] = csv.trim().split(/\r?\n/);
    expect(header.endsWith(",Conference kit,Lunch")).toBe(true);
    const first = rows.find((row) => row.startsWith("Seeded Person 001,")) ?? "";
    expect(first).toMatch(/,\d{4}-\d\d-\d\d \d\d:\d\d,\d{4}-\d\d-\d\d \d\d:\d\d$/);
  });

  test("a list given once each day counts today's, at the door and on Event Operations", async ({ browser }) => {
    const admin = await (await browser.newContext({ baseURL: site?.url })).newPage();
    await signInAsAdmin(admin, { redirectTo: "/admin/operations" });
    await waitForInteractive(admin);
    const panel = admin.locator("#check-in-lists");
    await panel.getByRole("textbox", { name: "Name", exact: true }).fill("Breakfast");
    await panel.getByLabel("How often").selectOption("daily");
    await panel.getByLabel("Quantity (optional)").fill("1");
    await panel.getByRole("button", { name: "Add list" }).click();
    await expect(admin.getByText("“Breakfast” added")).toBeVisible();

    const page = await phone(browser);
    await waitForInteractive(page);
    await page.getByLabel("Checking in for").selectOption({ label: "Breakfast" });
    await expect(page.getByTestId("list-count")).toHaveText("Breakfast today: 0 given · 1 left");
    await waitForInteractive(page);
    await typeTicket(page, ticket(3));
    await expect(outcome(page)).toContainText("Breakfast: enjoy! 0 left.");
    await expect(page.getByTestId("list-count")).toHaveText("Breakfast today: 1 given · 0 left");
    await expect(page.getByRole("heading", { name: "Breakfast by door" })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath("door-daily-list-360.png") });

    await admin.reload();
    const breakfast = admin.locator('[data-list="Breakfast"]');
    await expect(breakfast.getByTestId("list-given-today")).toHaveText("1");
    await expect(breakfast.getByText("Remaining today")).toBeVisible();
    await expect(breakfast.getByTestId("list-left")).toHaveText("0 of 1");
  });
});
