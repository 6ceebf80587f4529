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

// Walk-ins on door phones that lost the network, on a site of its own (it fills the hall):
// capacity 4, one registered online, three seats kept for walk-ins (so /register is full), of
// which each phone holds two. Two phones (360 × 640) download the door's list: Hall B is given
// two seats, Hall C the last one. Offline, Hall B registers two walk-ins (their ticket IDs and QR
// codes shown) and has no seat for a third; Hall C registers one of the same two people again,
// same phone number. Back online, both send what they did: three registered in all, never more
// than the hall holds, each with the ticket ID the phone showed; the person registered at two
// doors is registered once, and Event Operations lists the second as a conflict with both doors.

const status = (page: Page) => page.getByTestId("door-status");

test.describe("walk-ins offline", () => {
  let site: PrivateSite | undefined;

  test.beforeAll(async () => {
    test.skip(test.info().project.name !== "desktop", "a site of its own, with two phones of their own");
    test.setTimeout(120_000);
    site = await startPrivateSite({ door: true, attendees: 1, capacity: 4 });
  });
  test.afterAll(async () => site?.stop());

  /** Registers a walk-in on the phone's walk-in page; the ticket ID it shows. */
  async function registerWalkIn(page: Page, person: { name: string; phone: string }): Promise<string> {
    await page.getByLabel("Full Name").fill(person.name);
    await page.getByLabel("Phone Number").fill(person.phone);
    await page.getByLabel("Gender").selectOption("male");
    await page.getByLabel("State of Residence").selectOption("Zamfara");
    await page.getByLabel("Local Government").selectOption("Gusau");
    await page.getByRole("checkbox", { name: /Read out to them/ }).check();
    const pressed = Date.now();
    await page.getByRole("button", { name: "Register and check in" }).click();
    const admitted = page.getByRole("status").filter({ hasText: `Registered and checked in: ${person.name}` });
    await expect(admitted).toBeVisible();
    // The phone's answer without the server, button to card (the closing note's figure).
    const answer = ((Date.now() - pressed) / 1000).toFixed(2);
    test.info().annotations.push({ type: "offline walk-in answer (s)", description: answer });
    console.log(`[walk-in offline] registered on the phone: the answer in ${answer} s`);
    await expect(admitted).toContainText("Registered on this phone, without a connection");
    const ticketId = (await admitted.locator("p.font-mono").textContent())?.trim() ?? "";
    expect(ticketId).toMatch(/^ZYS-[0-9A-Z]+-[0-9A-Z]{6}$/);
    await expect(admitted.getByRole("img", { name: `QR code of ticket ${ticketId}` }).locator("svg")).toBeVisible();
    return ticketId;
  }

  test("two phones register walk-ins offline on their own seats; synced, the hall is never over capacity and IDs never collide", async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const url = site?.url ?? "";
    const admin = await (await browser.newContext({ baseURL: url })).newPage();
    await signInAsAdmin(admin, { redirectTo: "/admin/settings" });
    await admin.getByLabel("Seats kept for walk-ins").fill("3");
    await admin.getByLabel("Of those, held by each door phone for use without a network").fill("2");
    await admin.getByRole("button", { name: "Save Event Settings" }).click();
    await expect(admin.getByText("Event settings saved successfully!")).toBeVisible();

    const links = [await cuttableLink(url), await cuttableLink(url)] as const;
    const dirs = [await mkdtemp(path.join(os.tmpdir(), "walk-in-door-1-")), await mkdtemp(path.join(os.tmpdir(), "walk-in-door-2-"))];
    const doors: Door[] = [];
    try {
      for (const [i, name] of ["Hall B", "Hall C"].entries()) {
        const door = await openDoor(dirs[i] ?? "", links[i] ?? links[0]);
        doors.push(door);
        await prepareDoor(door, name);
      }
      const [hallB, hallC] = doors as [Door, Door];
      await goOffline(hallB);
      await goOffline(hallC);

      // Hall B, offline: its two seats, then none.
      const walkInLink = hallB.page.getByRole("link", { name: /Register a walk-in/ });
      await expect(walkInLink).toContainText("2 seats left for walk-ins");
      await walkInLink.click();
      await expect(hallB.page.getByTestId("walk-in-seats")).toHaveText(/No connection: this phone can register 2 more walk-ins/);
      await waitForInteractive(hallB.page);
      const musa = await registerWalkIn(hallB.page, { name: "Musa Sani", phone: "0806 555 0201" });
      await hallB.page.screenshot({ path: test.info().outputPath("walk-in-offline-360.png") });
      expect(await hallB.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await hallB.page.getByRole("link", { name: "Register another walk-in" }).click();
      await expect(hallB.page.getByTestId("walk-in-seats")).toHaveText(/this phone can register 1 more walk-in /);
      const zainab = await registerWalkIn(hallB.page, { name: "Zainab Bello", phone: "0806 555 0202" });
      expect(zainab).not.toBe(musa);
      await hallB.page.getByRole("link", { name: "Register another walk-in" }).click();
      await expect(hallB.page.getByTestId("walk-in-seats")).toHaveText(/no walk-in seats left on this phone/);
      await expect(hallB.page.getByRole("button", { name: "Register and check in" })).toBeDisabled();
      // Back at the door, the walk-ins are in on the phone's list: found by name, let in here.
      await hallB.page.getByRole("link", { name: "← Back to the door" }).click();
      await expect(status(hallB.page)).toHaveText("Offline — 2 check-ins waiting to be sent");

      // Hall C, offline, with its one seat: Musa again (same phone) — it cannot know.
      await hallC.page.getByRole("link", { name: /Register a walk-in/ }).click();
      await expect(hallC.page.getByTestId("walk-in-seats")).toHaveText(/this phone can register 1 more walk-in /);
      await waitForInteractive(hallC.page);
      const musaAgain = await registerWalkIn(hallC.page, { name: "Musa Sani", phone: "0806 555 0201" });
      expect([musa, zainab]).not.toContain(musaAgain);

      // Hall B's sync first, then Hall C's: the order that makes Hall C's Musa the second one
      // (when both phones came back at once, Hall C's sync now and then went first: CI saw it).
      await goOnline(hallB);
      await expect(status(hallB.page)).not.toContainText("waiting", { timeout: 40_000 });
      await goOnline(hallC);
      await hallC.page.getByRole("link", { name: "← Back to the door" }).click();
      for (const door of doors) await expect(status(door.page)).not.toContainText("waiting", { timeout: 40_000 });
      // Hall C is told what became of its walk-in: the person was registered already.
      await expect(hallC.page.getByTestId("door-notices")).toContainText(`Already registered as Musa Sani (${musa})`);

      // The office: two walk-ins with the ticket IDs the phone showed, three registered of four.
      await admin.goto("/admin/attendees?channel=door");
      const rows = admin.locator("[data-attendee-id]").filter({ visible: true });
      await expect(rows).toHaveCount(2);
      await expect(rows.filter({ hasText: "Musa Sani" })).toContainText("Registered at the door");
      // Each under the ticket ID its phone showed.
      for (const [name, ticketId] of [
        ["Musa Sani", musa],
        ["Zainab Bello", zainab],
      ]) {
        await admin.goto(`/admin/attendees?q=${encodeURIComponent(ticketId ?? "")}`);
        await expect(rows).toHaveCount(1);
        await expect(rows).toContainText(name ?? "");
      }
      await admin.goto("/admin/operations");
      await expect(admin.getByText("Capacity").locator("..")).toContainText("3 / 4");
      const conflicts = admin.getByTestId("walk-in-conflicts");
      await expect(conflicts).toContainText("Musa Sani");
      await expect(conflicts).toContainText("Hall B");
      await expect(conflicts).toContainText("Hall C");
      await admin.screenshot({ path: test.info().outputPath("operations-walk-ins.png"), fullPage: true });
      await admin.goto("/register");
      await expect(admin.getByText("Event is fully booked").first()).toBeVisible();
    } finally {
      for (const door of doors) await door.context.close();
      for (const link of links) await link.close();
      for (const dir of dirs) await rm(dir, { recursive: true, force: true });
    }
  });
});
