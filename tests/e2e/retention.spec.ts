import type { Page } from "@playwright/test";
import { signInAsAdmin } from "../support/admin-session";
import { expectNoViolations } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { waitForInteractive } from "../support/hydration";
import { type PrivateSite, startPrivateSite, testClock } from "../support/private-site";
import { type RegisteredAttendee, registerForTicket, selfServiceToken } from "../support/register-helper";

// Personal data is deleted the days set in Event Settings after the event, and the dashboard
// keeps the anonymous totals. Weeks have to pass: the site runs on a server of its own under
// libfaketime, whose clock (and its embedded database's) the test moves by rewriting a file,
// and which asks every 2 seconds instead of every minute whether the deletion is due.

const RETENTION_DAYS = 10;
const DAY_MS = 86_400_000;

const card = (page: Page, label: string) => page.getByTestId("stat-cards").locator("dl").filter({ hasText: label });
const cardValue = (page: Page, label: string) => card(page, label).locator("dd").first();
const notice = (page: Page) => page.getByTestId("retention-notice");

test.describe("retention, on a server whose clock the test moves", () => {
  let site: PrivateSite | undefined;
  let clock: ReturnType<typeof testClock> | undefined;
  test.afterAll(async () => {
    await site?.stop();
    clock?.remove();
  });

  test("personal data is deleted after the event as set, the totals stay, the dashboard warns before and says after", async ({
    browser,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "a server of its own: once");
    test.setTimeout(240_000);
    clock = testClock();
    const moveClock = (days: number) => clock?.move(`+${days}d`);
    site = await startPrivateSite({ clock: { file: clock.file }, env: { SCHEDULE_CHECK_SECONDS: "2" } });
    const context = await browser.newContext({ baseURL: site.url });
    const page = await context.newPage();

    // Three registrations for the event a month ahead (the private site's date); one checks in.
    const people: RegisteredAttendee[] = [];
    for (const [gender, state, localGovernment] of [
      ["female", "Zamfara", "Gusau"],
      ["male", "Zamfara", "Gusau"],
      ["male", "Kano", "Fagge"],
    ] as const) {
      people.push(
        await registerForTicket(
          page.request,
          { fullName: `Retention ${gender} ${state}`, gender, state, localGovernment },
          { dataDir: site.dataDir },
        ),
      );
    }
    const [first] = people as [RegisteredAttendee, ...RegisteredAttendee[]];
    const ticketPath = `/tickets/${encodeURIComponent(await selfServiceToken(first.email, { dataDir: site.dataDir }))}`;
    expect((await page.request.get(ticketPath)).status()).toBe(200);
    await signInAsAdmin(page, { redirectTo: "/admin/check-in" });
    await page.goto("/admin/check-in");
    await waitForInteractive(page);
    await page.getByRole("textbox", { name: "Ticket ID" }).fill(first.ticketId);
    await page.getByRole("button", { name: "Check in", exact: true }).click();
    await expect(page.locator("[data-outcome]")).toHaveAttribute("data-outcome", "checked-in");

    // The organiser keeps personal data 10 days after the event instead of 90.
    await page.goto("/admin/settings");
    await waitForInteractive(page);
    const eventDate = await page.getByLabel("Event date").inputValue();
    const retention = page.getByRole("spinbutton", { name: "Delete personal data after the event (days)" });
    await expect(retention).toHaveValue("90");
    await expect(page.getByText(/^Default 90\. Registrations, the waitlist and the mail log are deleted/)).toBeVisible();
    await retention.fill(String(RETENTION_DAYS));
    await page.getByRole("button", { name: "Save Event Settings" }).click();
    await expect(page.getByText("Event settings saved successfully!")).toBeVisible();
    // The event ends at 5 PM in Lagos (16:00 UTC); the deletion is due 10 days later.
    const deadline = new Date(Date.parse(`${eventDate}T16:00:00Z`) + RETENTION_DAYS * DAY_MS);
    await page.goto("/admin");
    await expect(cardValue(page, "Total Registrants")).toHaveText("3");
    await expect(notice(page)).toHaveCount(0);

    // A day after the event, 9 days before the deletion: the dashboard warns, with the CSV to keep.
    moveClock(31);
    await signInAsAdmin(page); // the session from a month ago has expired
    await expect(notice(page)).toHaveText(
      /^Personal data will be deleted on \d{1,2} [A-Z][a-z]{2} \d{4} \(10 days after the event\)\. Download the attendee CSV before then\.$/,
    );
    await expect(notice(page).locator("time")).toHaveAttribute("datetime", deadline.toISOString());
    await expectNoViolations(page, "/admin with the retention warning");
    const csvLink = notice(page).getByRole("link", { name: "Download the attendee CSV" });
    const csv = await page.request.get((await csvLink.getAttribute("href")) ?? "");
    expect(csv.headers()["content-type"]).toMatch(/^text\/csv/);
    for (const person of people) expect(await csv.text()).toContain(person.email);

    // Past the deadline: within a check or two a server deletes it all.
    moveClock(45);
    await signInAsAdmin(page);
    await expect
      .poll(
        async () => {
          await page.goto("/admin");
          return (await notice(page).textContent()) ?? "";
        },
        { timeout: 60_000, intervals: [2_000] },
      )
      .toMatch(/^Personal data was deleted on \d{1,2} [A-Z][a-z]{2} \d{4}, as set in Event Settings; the figures are anonymous totals\.$/);

    // The figures are the totals kept: three registrants, one checked in, two of them men, Zamfara first.
    await expect(cardValue(page, "Total Registrants")).toHaveText("3");
    await expect(cardValue(page, "Attended")).toHaveText("33%");
    await expect(card(page, "Attended")).toContainText("1 of 3 checked in");
    await expect(cardValue(page, "Gender Split")).toHaveText("67% / 33%");
    await expect(cardValue(page, "Top State")).toHaveText("Zamfara");
    await expect(card(page, "Top State")).toContainText("2 registrants");
    await expect(page.locator('path[data-state="Kano"]')).toHaveAttribute("data-count", "1");
    await expect(page.getByText("No recent registrations")).toBeVisible();
    await expectNoViolations(page, "/admin after the purge");

    // Nobody is left: the ticket link is a 404, the list is empty, the Activity log says so.
    const ticket = await page.request.get(ticketPath);
    expect(ticket.status()).toBe(404);
    await page.goto("/admin/attendees");
    await expect(page.getByText("No attendees found matching your criteria.")).toBeVisible();
    await page.goto("/admin/activity");
    const purge = page
      .getByRole("list", { name: "Activity" })
      .getByRole("listitem")
      .filter({ hasText: "Deleted personal data after the event" });
    await expect(purge).toHaveCount(1);
    await expect(purge).toContainText("System");
    await expect(purge).toContainText("registrations: 3");
    await expect(purge).toContainText("checkedIn: 1");
    await context.close();
  });
});
