import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { signInAsAdmin } from "../support/admin-session";
import { cuttableLink } from "../support/cuttable-link";
import { type Door, goOffline, goOnline, openDoor, prepareDoor } from "../support/door-phone";
import { expect, test } from "../support/fixtures";
import { waitForInteractive } from "../support/hydration";
import { type PrivateSite, startPrivateSite } from "../support/private-site";

// Check-in lists on phones that lost the network, on a site of its own (its lists show on every
// door): an organiser adds "Lunch" (once each) and "Conference kit" (1 of them); two phones
// (360 × 640, "Hall B" and "Hall C") download the door's list with the lists, lose the network,
// and give from the phone: Lunch to one person at both (neither can know), told "already given"
// at the second look, the last kit given and the next refused. Back online, both send what they
// gave; Event Operations counts one Lunch and shows the second as given twice, with both doors.

const outcome = (page: Page) => page.locator("[data-outcome]");
const status = (page: Page) => page.getByTestId("door-status");

test.describe("check-in lists offline", () => {
  let site: PrivateSite | undefined;

  test.beforeAll(async () => {
    test.skip(test.info().project.name !== "desktop", "a site of its own, with two phones of their own");
    test.setTimeout(120_000);
    site = await startPrivateSite({ door: true, attendees: 3 });
  });
  test.afterAll(async () => site?.stop());

  const ticket = (i: number) => site?.seeded[i]?.ticket_id ?? "";

  /** Types a ticket ID and gives; the seconds until the answer (`expected`, unlike the card before it) is on screen. */
  async function give(page: Page, ticketId: string, expected: string | RegExp): Promise<number> {
    await page.getByRole("textbox", { name: "Ticket ID", exact: true }).fill(ticketId);
    const started = Date.now();
    await page.getByRole("button", { name: "Give", exact: true }).click();
    await expect(outcome(page)).toContainText(expected);
    return (Date.now() - started) / 1000;
  }

  async function choose(page: Page, list: string) {
    await page.getByLabel("Checking in for").selectOption({ label: list });
    await expect(page.getByTestId("list-count")).toContainText(list);
  }

  test("two phones give from lists offline; back online, one Lunch counts and the second is shown with both doors", async ({ browser }) => {
    test.setTimeout(240_000);
    const url = site?.url ?? "";
    const admin = await (await browser.newContext({ baseURL: url })).newPage();
    await signInAsAdmin(admin, { redirectTo: "/admin/operations" });
    await waitForInteractive(admin);
    const panel = admin.locator("#check-in-lists");
    for (const [name, quantity] of [
      ["Lunch", ""],
      ["Conference kit", "1"],
    ] as const) {
      await panel.getByRole("textbox", { name: "Name", exact: true }).fill(name);
      await panel.getByLabel("Quantity (optional)").fill(quantity);
      await panel.getByRole("button", { name: "Add list" }).click();
      await expect(admin.getByText(`“${name}” added`)).toBeVisible();
    }

    const links = [await cuttableLink(url), await cuttableLink(url)] as const;
    const dirs = [await mkdtemp(path.join(os.tmpdir(), "list-door-1-")), await mkdtemp(path.join(os.tmpdir(), "list-door-2-"))];
    const doors: Door[] = [];
    try {
      const hallB = await openDoor(dirs[0] ?? "", links[0]);
      doors.push(hallB);
      await prepareDoor(hallB, "Hall B");
      await choose(hallB.page, "Lunch");
      await expect(hallB.page.getByTestId("list-count")).toHaveText("Lunch: 0 given");
      // Online: Seeded Person 003 has their Lunch before Hall C downloads the door's list.
      await give(hallB.page, ticket(2), "Seeded Person 003");
      await expect(outcome(hallB.page)).toContainText("Lunch: enjoy!");
      const hallC = await openDoor(dirs[1] ?? "", links[1]);
      doors.push(hallC);
      await prepareDoor(hallC, "Hall C");
      await choose(hallC.page, "Lunch");
      await expect(hallC.page.getByTestId("list-count")).toHaveText("Lunch: 1 given");
      await goOffline(hallB);
      await goOffline(hallC);

      // Hall B, offline: Lunch given from the phone; the same ticket again within the minute (the
      // QR code still in view) is the same give, counted once.
      const times: number[] = [];
      times.push(await give(hallB.page, ticket(0), "Seeded Person 001"));
      await expect(outcome(hallB.page)).toHaveAttribute("data-outcome", "checked-in");
      await expect(outcome(hallB.page)).toContainText("Lunch: enjoy!");
      await expect(hallB.page.getByTestId("list-count")).toHaveText("Lunch: 2 given");
      await expect(hallB.page.getByRole("status").filter({ hasText: "No connection: giving from this phone's copy" })).toBeVisible();
      times.push(await give(hallB.page, ticket(0), "Lunch: given just now, by this door."));
      await expect(hallB.page.getByTestId("list-count")).toHaveText("Lunch: 2 given");

      // The kit: the last one given, the next refused, from the phone's own count.
      await choose(hallB.page, "Conference kit");
      await expect(hallB.page.getByTestId("list-count")).toHaveText("Conference kit: 0 given · 1 left");
      times.push(await give(hallB.page, ticket(0), "Conference kit: enjoy! 0 left."));
      times.push(await give(hallB.page, ticket(1), "Conference kit: none left."));
      await expect(outcome(hallB.page)).toHaveAttribute("data-outcome", "refused");
      await expect(status(hallB.page)).toHaveText("Offline — 2 check-ins waiting to be sent");
      await hallB.page.screenshot({ path: test.info().outputPath("offline-list-360.png") });
      expect(await hallB.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

      // Hall C, offline: the Lunch its download knew of is "already given", with the time and door;
      // the one Hall B gave since it cannot know, and gives again.
      times.push(await give(hallC.page, ticket(2), /Lunch already given at \d\d:\d\d at Hall B/));
      await expect(outcome(hallC.page)).toHaveAttribute("data-outcome", "already");
      times.push(await give(hallC.page, ticket(0), "Seeded Person 001"));
      await expect(outcome(hallC.page)).toContainText("Lunch: enjoy!");
      await expect(status(hallC.page)).toHaveText("Offline — 1 check-in waiting to be sent");

      // The phone's answer, typed ticket to card, in seconds (the closing note's figure).
      const sorted = [...times].sort((a, b) => a - b);
      console.log(
        `[list offline] the phone's answer, typed ticket to card: median ${sorted[Math.floor(sorted.length / 2)]} s of ${times.join(", ")}`,
      );
      test.info().annotations.push({
        type: "offline list answer (s)",
        description: `median ${sorted[Math.floor(sorted.length / 2)]}, all ${times.join(", ")}`,
      });

      await goOnline(hallB);
      await goOnline(hallC);
      for (const door of doors) {
        await expect(status(door.page)).toContainText("Ready offline", { timeout: 40_000 });
        await expect(status(door.page)).not.toContainText("waiting", { timeout: 40_000 });
      }
      // Back online, the phone shows the server's count: Hall C's Lunch was the second for that person.
      await hallC.page.reload();
      await expect(hallC.page.getByTestId("list-count")).toHaveText("Lunch: 2 given");

      await admin.reload();
      const lunch = admin.locator('[data-list="Lunch"]');
      const kit = admin.locator('[data-list="Conference kit"]');
      await expect(lunch.getByTestId("list-given")).toHaveText("2");
      await expect(kit.getByTestId("list-given")).toHaveText("1");
      await expect(kit.getByTestId("list-left")).toHaveText("0 of 1");
      const twice = admin.getByTestId("list-conflicts");
      await expect(twice).toContainText("Seeded Person 001");
      await expect(twice).toContainText("Hall B");
      await expect(twice).toContainText("Hall C");
      await admin.screenshot({ path: test.info().outputPath("operations-given-twice.png"), fullPage: true });
    } finally {
      for (const door of doors) await door.context.close();
      for (const link of links) await link.close();
      for (const dir of dirs) await rm(dir, { recursive: true, force: true });
    }
  });
});
