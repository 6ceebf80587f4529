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
      /^Personal data of 3 people will be deleted on \d{1,2} [A-Z][a-z]{2} \d{4} \(10 days after the event, as set in Event Settings\)\. Download the attendee CSV before then\. If the event date is wrong, correct it first: nothing is deleted sooner than a week after a change\.Postpone the deletion by 30 days$/,
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
    // The totals in words, not the code's keys.
    await expect(purge).toContainText("Registrations: 3");
    await expect(purge).toContainText("Checked in: 1");
    await context.close();
  });
});

// A year typed wrong in Event Settings (issue 39): asked about before anything is saved, and once
// confirmed nobody is deleted for a week, whatever the scheduler's ticks find; the dashboard says
// whose data goes when, with Postpone; the Activity log keeps the date from → to. Without
// JavaScript and with it, on a server of its own that asks every 2 seconds whether the deletion is
// due (so the few seconds waited below are more ticks than a minute of the real schedule).

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** "4 Dec 2026", as the admin writes a day in Lagos (UTC+1, no summer time). */
function lagosDay(at: number): string {
  const lagos = new Date(at + 3_600_000);
  return `${lagos.getUTCDate()} ${MONTHS[lagos.getUTCMonth()]} ${lagos.getUTCFullYear()}`;
}

test.describe("a year typed wrong, on a server of its own", () => {
  let site: PrivateSite | undefined;
  test.afterAll(async () => site?.stop());

  test("is asked about, confirmed, deletes nobody within the week, can be postponed and put right, and is logged from → to", async ({
    browser,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "a server of its own: once");
    test.setTimeout(120_000);
    site = await startPrivateSite({ env: { SCHEDULE_CHECK_SECONDS: "2" } });
    const context = await browser.newContext({ baseURL: site.url });
    const page = await context.newPage();
    const people: RegisteredAttendee[] = [];
    for (const fullName of ["Typo Amina Bello", "Typo Musa Sani"]) {
      people.push(await registerForTicket(page.request, { fullName }, { dataDir: site.dataDir }));
    }
    const ticketPaths = await Promise.all(
      people.map(async (person) => `/tickets/${encodeURIComponent(await selfServiceToken(person.email, { dataDir: site?.dataDir }))}`),
    );
    const eventDate = (p: Page) => p.getByLabel("Event date");
    const save = (p: Page) => p.getByRole("button", { name: "Save Event Settings" }).click();
    const question = (p: Page) => p.getByTestId("settings-confirm");
    const saved = (p: Page) => expect(p.getByText("Event settings saved successfully!")).toBeVisible();
    const typo = new RegExp(
      "^Please check before saving.+ is 1[12] months ago: the event would be over and registration would close\\. " +
        "The personal data of 2 people would be deleted on .+, a week from now\\. Is this what you meant\\?",
    );

    // Without JavaScript: the year typed one too low is asked about; nothing is saved until "Yes".
    const plainContext = await browser.newContext({ baseURL: site.url, javaScriptEnabled: false });
    const plain = await plainContext.newPage();
    await signInAsAdmin(plain, { redirectTo: "/admin/settings" });
    await plain.goto("/admin/settings");
    const right = await eventDate(plain).inputValue();
    const wrong = `${Number(right.slice(0, 4)) - 1}${right.slice(4)}`;
    await eventDate(plain).fill(wrong);
    await save(plain);
    await expect(question(plain)).toHaveText(typo);
    await plain.goto("/admin/settings");
    await expect(eventDate(plain)).toHaveValue(right);
    await eventDate(plain).fill(wrong);
    await save(plain);
    await question(plain)
      .getByRole("button", { name: /^Yes, save .+ \d{4}$/ })
      .click();
    await saved(plain);
    await expect(eventDate(plain)).toHaveValue(wrong);
    // Put right at once: asked as another year, then the edition is back on its date.
    await eventDate(plain).fill(right);
    await save(plain);
    await expect(question(plain)).toContainText(`, in ${right.slice(0, 4)}. Is this what you meant?`);
    await question(plain)
      .getByRole("button", { name: /^Yes, save / })
      .click();
    await saved(plain);
    await expect(eventDate(plain)).toHaveValue(right);
    await plainContext.close();

    // With JavaScript: the same typo, asked and confirmed.
    await signInAsAdmin(page, { redirectTo: "/admin/settings" });
    await page.goto("/admin/settings");
    await waitForInteractive(page);
    await eventDate(page).fill(wrong);
    await save(page);
    await expect(question(page)).toHaveText(typo);
    // Asked above the form, while Save is at its foot: the page takes the organiser to the question.
    await expect(page.getByRole("region", { name: "Please check before saving" })).toBeFocused();
    await expect(question(page)).toBeInViewport();
    await question(page)
      .getByRole("button", { name: /^Yes, save / })
      .click();
    await saved(page);
    await expect(eventDate(page)).toHaveValue(wrong);

    // The retention period ran out months ago by the date typed, yet the scheduler's ticks delete nobody.
    await page.waitForTimeout(6_000);
    for (const path of ticketPaths) expect((await page.request.get(path)).status(), path).toBe(200);
    await page.goto("/admin/attendees");
    for (const person of people) await expect(page.getByText(person.fullName).first()).toBeVisible();

    // The dashboard says whose data goes when: a week from the first confirmation, with Postpone.
    await page.goto("/admin");
    const weekAway = lagosDay(Date.now() + 7 * DAY_MS);
    await expect(notice(page)).toContainText(`Personal data of 2 people will be deleted on ${weekAway}`);
    await expect(notice(page)).toContainText("nothing is deleted sooner than a week after a change");
    await waitForInteractive(page);
    await notice(page).getByRole("button", { name: "Postpone the deletion by 30 days" }).click();
    const postponed = lagosDay(Date.now() + 37 * DAY_MS);
    await expect(page.getByText(`Personal data will now be deleted on ${postponed}.`)).toBeVisible();
    await expect(notice(page)).toHaveCount(0); // five weeks away: no longer within the two weeks' warning

    // The Activity log: each date change from what to what, and the postponement.
    await page.goto("/admin/activity");
    const entries = page.getByRole("list", { name: "Activity" }).getByRole("listitem");
    const [rightYear, wrongYear] = [right.slice(0, 4), wrong.slice(0, 4)];
    await expect(
      entries
        .filter({ hasText: "Changed the event settings" })
        .filter({ hasText: new RegExp(`Event date: "[^"]+ ${rightYear}" → "[^"]+ ${wrongYear}"`) }),
    ).toHaveCount(2);
    await expect(
      entries
        .filter({ hasText: "Changed the event settings" })
        .filter({ hasText: new RegExp(`Event date: "[^"]+ ${wrongYear}" → "[^"]+ ${rightYear}"`) }),
    ).toHaveCount(1);
    await expect(entries.filter({ hasText: "Postponed the deletion of personal data" })).toContainText(
      `Personal data deleted on: "${weekAway}" → "${postponed}"`,
    );
    await context.close();
  });
});
