import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { signInAsAdmin } from "../support/admin-session";
import { cuttableLink } from "../support/cuttable-link";
import { expect, test } from "../support/fixtures";
import { waitForInteractive } from "../support/hydration";
import { nextDeploy } from "../support/next-deploy";
import { startPrivateSite } from "../support/private-site";
import { CHROMIUM_FLAGS, ensureChromium } from "../support/system-deps";

// A new version goes live while a door has check-ins waiting: its service worker takes over
// (another version, the old one's files dropped) and the check-ins queued under the old one are
// sent, none lost. The site is a private one, so stopping it and starting the next deploy on the
// same data disturbs no other test; the door reaches it at one address through a link.

const status = (page: Page) => page.getByTestId("door-status");
const workerCaches = (page: Page) => page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith("door-")));

test("a new deploy's service worker takes over without stranding queued check-ins", async () => {
  test.skip(test.info().project.name !== "desktop", "one browser is enough");
  test.setTimeout(240_000);
  const site = await startPrivateSite({ door: true, attendees: 3 });
  const link = await cuttableLink(site.url);
  const profile = await mkdtemp(path.join(os.tmpdir(), "door-deploy-"));
  const deploy = nextDeploy();
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: ensureChromium(),
    args: CHROMIUM_FLAGS,
    baseURL: link.url,
    viewport: { width: 360, height: 640 },
    serviceWorkers: "allow",
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await signInAsAdmin(page, { redirectTo: "/admin/check-in", door: true });
    await page.goto("/admin/check-in");
    await waitForInteractive(page);
    await page.getByLabel("Door name").fill("Side gate");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(status(page)).toContainText("Ready offline · list of 3 attendees");
    await expect.poll(() => workerCaches(page), { timeout: 15_000 }).toHaveLength(1);
    const [oldCache] = await workerCaches(page);

    // The network drops; two people come in.
    link.cut();
    await context.setOffline(true);
    for (const person of site.seeded.slice(0, 2)) {
      await page.getByRole("textbox", { name: "Ticket ID", exact: true }).fill(person.ticket_id);
      await page.getByRole("button", { name: "Check in", exact: true }).click();
      await expect(page.locator('[data-outcome="checked-in"]')).toContainText(person.full_name);
    }
    await expect(status(page)).toHaveText("Offline — 2 check-ins waiting to be sent");

    // Meanwhile the next version goes live at the same address, on the same data.
    await Promise.all(site.servers.map((server) => server.stop()));
    const next = await site.startServer({ dir: deploy.dir });
    link.retarget(next.url);
    link.restore();
    await context.setOffline(false);
    // The browser's own idea of the network first: a reload it still thinks offline shows its
    // "no internet" page for good (seen once in CI, the machine saturated), whatever the link does.
    await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(true);
    await page.reload();
    await waitForInteractive(page);
    // The new worker took over, the old one's files are gone, and nothing waits any more.
    await expect.poll(() => workerCaches(page), { timeout: 20_000 }).toEqual([`door-${deploy.version}`]);
    expect(oldCache).not.toBe(`door-${deploy.version}`);
    await expect(status(page)).toContainText("Ready offline", { timeout: 40_000 });
    await expect(status(page)).not.toContainText("waiting", { timeout: 40_000 });
    await page.reload();
    await expect(page.getByTestId("door-counts")).toContainText("Side gate: 2");
  } finally {
    await context.close();
    await link.close();
    await site.stop();
    deploy.remove();
    await rm(profile, { recursive: true, force: true });
  }
});
