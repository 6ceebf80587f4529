import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { signInAsAdmin } from "../support/admin-session";
import { expect, test } from "../support/fixtures";
import { waitForInteractive } from "../support/hydration";
import { type PrivateSite, startPrivateSite } from "../support/private-site";
import { type RegisteredAttendee, registerForTicket, selfServiceToken } from "../support/register-helper";
import { siteMail } from "../support/site-mailbox";
import { createSpeaker } from "../support/speaker-uploads";

// The yearly cycle, on a site of its own whose clock the test moves (as the retention test does):
// edition 1 is held, concludes, and its date cannot be moved ahead; "Start the Next Edition"
// archives it and starts the second with the speakers kept and the agenda emptied; last year's
// people may register again, last year's ticket is refused at the door with its reason, and
// edition 1's retention purge deletes its people but keeps its archive. On the embedded database
// with JavaScript, on PostgreSQL without.

const DAY_MS = 86_400_000;
const RETENTION_DAYS = 10;

const doorOutcome = (page: Page) => page.locator("[data-outcome]");

async function checkInByTicketId(page: Page, ticketId: string, javaScript: boolean) {
  await page.goto("/admin/check-in");
  if (javaScript) await waitForInteractive(page);
  await page.getByRole("textbox", { name: "Ticket ID" }).fill(ticketId);
  await page.getByRole("button", { name: "Check in", exact: true }).click();
}

for (const database of ["embedded", "PostgreSQL"] as const) {
  test.describe(`editions on the ${database} database`, () => {
    const postgres = database === "PostgreSQL";
    test.use({ javaScriptEnabled: !postgres });
    let site: PrivateSite | undefined;
    let clockDir: string | undefined;
    test.afterAll(async () => {
      await site?.stop();
      if (clockDir) rmSync(clockDir, { recursive: true, force: true });
    });

    test("a year's cycle: concluded, archived, started again with the speakers and without last year's people", async ({
      browser,
    }, testInfo) => {
      test.skip(testInfo.project.name !== "desktop", "a site of its own: once");
      test.setTimeout(240_000);
      clockDir = mkdtempSync(path.join(tmpdir(), "summit-clock-"));
      const clock = path.join(clockDir, "offset");
      const moveClock = (days: number) => writeFileSync(clock, `+${days}d\n`);
      moveClock(0);
      site = await startPrivateSite({ postgres, clock: { file: clock }, env: { SCHEDULE_CHECK_SECONDS: "2" } });
      const context = await browser.newContext({ baseURL: site.url });
      const page = await context.newPage();
      const { dataDir } = site;

      // Edition 1 (its date a month ahead): a speaker, an agenda item, three registrations, one checked in.
      await signInAsAdmin(page);
      await createSpeaker(page, "Hajiya Amina Sani");
      const agenda = await page.request.post("/admin/agenda/new", {
        form: { time: "9:00 AM", title: "Opening of the first edition", description: "", speaker_name: "", speaker_id: "" },
        headers: { Origin: site.url },
        maxRedirects: 0,
      });
      expect(agenda.status()).toBe(302);
      await page.goto("/admin/settings");
      const eventDate = await page.getByLabel("Event date").inputValue();
      // The site's name carries the year, as organisers often write it.
      await page.getByRole("textbox", { name: "Event name", exact: true }).fill(`Gusau Youth Summit ${eventDate.slice(0, 4)}`);
      await page.getByRole("spinbutton", { name: "Delete personal data after the event (days)" }).fill(String(RETENTION_DAYS));
      await page.getByRole("button", { name: "Save Event Settings" }).click();
      await expect(page.getByText("Event settings saved successfully!")).toBeVisible();

      // The third asks to hear about future editions.
      const people: RegisteredAttendee[] = [];
      for (const [i, state] of ["Zamfara", "Zamfara", "Kano"].entries()) {
        people.push(
          await registerForTicket(
            page.request,
            { fullName: `Edition One ${i}`, state, localGovernment: state === "Kano" ? "Fagge" : "Gusau", futureEditions: i === 2 },
            { dataDir },
          ),
        );
      }
      const [first, second, third] = people as [RegisteredAttendee, RegisteredAttendee, RegisteredAttendee];
      await checkInByTicketId(page, first.ticketId, !postgres);
      await expect(doorOutcome(page)).toHaveAttribute("data-outcome", "checked-in");
      const ticketPath = `/tickets/${encodeURIComponent(await selfServiceToken(second.email, { dataDir }))}`;

      // The day after the event: it has concluded. Moving its date a year ahead is refused.
      moveClock(31);
      await signInAsAdmin(page);
      await page.goto("/admin/settings");
      await expect(page.getByTestId("next-edition-offer")).toContainText("The First edition took place on");
      const nextYear = new Date(Date.parse(`${eventDate}T00:00:00Z`) + 365 * DAY_MS).toISOString().slice(0, 10);
      await page.getByLabel("Event date").fill(nextYear);
      await page.getByRole("button", { name: "Save Event Settings" }).click();
      await expect(page.getByText(/has registrations: a later date would carry them into next year/).first()).toBeVisible();
      await page.goto("/admin/settings");
      await expect(page.getByLabel("Event date")).toHaveValue(eventDate);

      // Start the Next Edition, from Event Operations: keep the speakers, empty the agenda.
      await page.goto("/admin/operations");
      await page.getByTestId("next-edition-offer").getByRole("link", { name: "Start the Next Edition" }).click();
      await expect(page).toHaveURL(/\/admin\/editions\/new$/);
      await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveValue("Second edition");
      await expect(page.getByLabel("Event date")).toHaveValue(nextYear);
      // The site's name is proposed with the next year.
      await expect(page.getByRole("textbox", { name: "Event name", exact: true })).toHaveValue(
        `Gusau Youth Summit ${nextYear.slice(0, 4)}`,
      );
      await expect(page.getByRole("checkbox", { name: /^Speakers/ })).toBeChecked();
      await expect(page.getByRole("checkbox", { name: /^Agenda/ })).not.toBeChecked();
      await page.screenshot({ path: testInfo.outputPath(`next-edition-form-${database}.png`), fullPage: true });
      await page.getByRole("button", { name: "Review what will happen" }).click();
      const review = page.getByTestId("next-edition-review");
      await expect(review).toContainText("The First edition");
      await expect(review).toContainText("3 registrations, 1 attended, 0 cancelled, 0 on the waitlist");
      await expect(review).toContainText("with 0 registrations");
      await expect(review).toContainText("Kept: Speakers (1 speaker now)");
      await expect(review).toContainText("Started empty: Agenda (1 agenda item now)");
      await expect(review.getByTestId("review-event-name")).toHaveText(
        `The site's name changes from Gusau Youth Summit ${eventDate.slice(0, 4)} to Gusau Youth Summit ${nextYear.slice(0, 4)}: on every page, ticket and certificate from now on.`,
      );
      await page.screenshot({ path: testInfo.outputPath(`next-edition-review-${database}.png`), fullPage: true });
      await review.getByRole("button", { name: "Start the Second edition" }).click();
      await expect(page).toHaveURL(/\/admin$/);
      await expect(page.getByText(/^The Second edition has started/)).toBeVisible();

      // The landing page: the new name, 0 registered, the speaker kept, no agenda.
      await page.goto("/");
      await expect(page.locator("#home")).toContainText("Second edition");
      await expect(page.locator("#home")).toContainText(`Gusau Youth Summit ${nextYear.slice(0, 4)}`);
      await expect(page.locator("#speakers")).toContainText("Hajiya Amina Sani");
      await expect(page.locator("#agenda")).not.toContainText("Opening of the first edition");
      await page.goto("/admin/attendees");
      await expect(page.getByText("No attendees found matching your criteria.")).toBeVisible();

      // Last year's ticket: refused at the door with its edition; its link says so. The new edition
      // is months ahead, a date this door has not said yes for: it is asked once first.
      await checkInByTicketId(page, first.ticketId, !postgres);
      await expect(doorOutcome(page)).toHaveAttribute("data-outcome", "early");
      await page.getByRole("button", { name: "Yes, check in anyway" }).click();
      await expect(doorOutcome(page)).toHaveAttribute("data-outcome", "refused");
      await expect(doorOutcome(page)).toContainText(
        /Ticket for the First edition, \d{1,2} [A-Z][a-z]+ \d{4}: not valid for this edition\./,
      );
      const oldTicket = await page.request.get(ticketPath);
      expect(await oldTicket.text()).toContain("A ticket for the First edition");

      // The same person registers again, for the second edition.
      const again = await registerForTicket(
        page.request,
        { fullName: first.fullName, email: first.email, phone: first.phone },
        { dataDir },
      );
      expect(again.ticketId).not.toBe(first.ticketId);
      await checkInByTicketId(page, again.ticketId, !postgres);
      await expect(doorOutcome(page)).toHaveAttribute("data-outcome", "checked-in");

      // /editions: the First edition's figures, and its speaker as it was.
      await page.goto("/editions");
      const archived = page.getByRole("region", { name: "First edition" });
      await expect(archived).toContainText("3 young people from 2 states; 1 attended");
      await expect(archived).toContainText("Hajiya Amina Sani");
      await page.screenshot({ path: testInfo.outputPath(`editions-${database}.png`), fullPage: true });

      // Invite Past Attendees: the one who asked, once, however often it is pressed.
      for (let press = 0; press < 2; press++) {
        await page.goto("/admin/operations?confirm=invitations");
        await page.getByRole("dialog", { name: "Invite Past Attendees" }).getByRole("button", { name: "Invite Past Attendees" }).click();
        await expect(page.getByRole("dialog", { name: "Invite Past Attendees" })).toHaveCount(0);
      }
      const invited = async () => (await siteMail(site as PrivateSite)).filter((mail) => mail.subject.startsWith("You're invited:"));
      await expect.poll(async () => (await invited()).length, { timeout: 20_000 }).toBe(1);
      await page.waitForTimeout(2_000);
      const invitations = await invited();
      expect(invitations.map((mail) => mail.to)).toEqual([[third.email]]);
      // Under the site's new name.
      expect(invitations[0]?.subject).toBe(`You're invited: Gusau Youth Summit ${nextYear.slice(0, 4)}, Second edition`);

      // Edition 1's retention ends 10 days after its date: its people go, its archive and edition 2's stay.
      moveClock(31 + RETENTION_DAYS + 1);
      await signInAsAdmin(page);
      await expect.poll(async () => (await page.request.get(ticketPath)).status(), { timeout: 30_000, intervals: [2_000] }).toBe(404);
      await page.goto("/admin/attendees");
      await expect(page.getByText(first.email).first()).toBeVisible();
      // The archive stays.
      await page.goto("/editions");
      await expect(page.getByRole("region", { name: "First edition" })).toContainText("3 young people from 2 states; 1 attended");
      await page.goto("/admin/activity");
      await expect(page.getByRole("list", { name: "Activity" }).getByRole("listitem").filter({ hasText: "edition" }).first()).toBeVisible();
      await context.close();
    });
  });
}
