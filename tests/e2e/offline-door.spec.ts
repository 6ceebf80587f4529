import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { cuttableLink } from "../support/cuttable-link";
import { docsScreenshot } from "../support/docs-screenshot";
import { type Door, goOffline, goOnline, openDoor, prepareDoor } from "../support/door-phone";
import { writeQrVideo } from "../support/fake-camera";
import { expect, test } from "../support/fixtures";
import { waitForInteractive } from "../support/hydration";
import { registerForTicket, selfServiceToken } from "../support/register-helper";

// Two doors on two phones, each with its own link to the site that the test cuts (the page and
// its service worker alike), and context.setOffline() for the browser's own idea of the network.
// Both download the list, lose the network, admit people by typed ticket ID (one of them mistyped,
// the list's ticket one character away offered and confirmed), search and camera,
// reload while offline, and reconcile when the network is back: one check-in per ticket, the
// ticket both doors let in listed as a conflict, the per-door counts right.

const tag = () => randomBytes(3).toString("hex");
const outcome = (page: Page) => page.locator("[data-outcome]");
const status = (page: Page) => page.getByTestId("door-status");

async function typeTicket(page: Page, ticketId: string) {
  await page.getByRole("textbox", { name: "Ticket ID", exact: true }).fill(ticketId);
  await page.getByRole("button", { name: "Check in", exact: true }).click();
}

test("two doors admit people offline and reconcile when the network is back", async ({ request, baseURL, adminPage }) => {
  test.skip(test.info().project.name !== "desktop", "two phones of their own");
  test.setTimeout(240_000);
  const t = tag();
  const [mainGate, vip] = [`Main gate ${t}`, `VIP entrance ${t}`];
  const both = await registerForTicket(request, { fullName: `Zainab Both ${t}` });
  const typed = await registerForTicket(request, { fullName: `Musa Typed ${t}` });
  const searched = await registerForTicket(request, { fullName: `Ɗanladi Ƙasimu ${t}`, organization: "Gusau Youth Forum" });
  const cancelled = await registerForTicket(request, { fullName: `Hauwa Cancelled ${t}` });
  // In before the doors download their list: amber on both, whenever it is typed.
  const earlier = await registerForTicket(request, { fullName: `Bilkisu Earlier ${t}` });
  const checkedIn = await adminPage.request.post("/admin/check-in", {
    form: { intent: "ticket", ticket_id: earlier.ticketId },
    headers: { Origin: new URL(baseURL ?? process.env.E2E_BASE_URL ?? "").origin },
  });
  expect(await checkedIn.text()).toContain('data-outcome="checked-in"');
  await request.post(`/tickets/${encodeURIComponent(await selfServiceToken(cancelled.email))}/cancel`, { maxRedirects: 0 });

  const site = baseURL ?? process.env.E2E_BASE_URL ?? "";
  const links = [await cuttableLink(site), await cuttableLink(site)] as const;
  const dirs = [await mkdtemp(path.join(os.tmpdir(), "door-1-")), await mkdtemp(path.join(os.tmpdir(), "door-2-"))] as const;
  const video = path.join(os.tmpdir(), `late-${t}.y4m`);
  let door1: Door | undefined;
  let door2: Door | undefined;
  try {
    door1 = await openDoor(dirs[0], links[0]);
    await prepareDoor(door1, mainGate);
    await docsScreenshot(door1.page, "door-ready.png", { fullPage: true });
    door2 = await openDoor(dirs[1], links[1]);
    await prepareDoor(door2, vip);
    await door2.context.close();

    // Registered after both doors downloaded their list: only its signature vouches for it.
    const late = await registerForTicket(request, { fullName: `Late Comer ${t}` });
    await writeQrVideo(video, late.doorCode);

    // Door 1, offline: typed, searched, cancelled, forged; then a reload.
    await goOffline(door1);
    const p1 = door1.page;
    await typeTicket(p1, both.ticketId);
    await expect(outcome(p1)).toHaveAttribute("data-outcome", "checked-in");
    await expect(outcome(p1)).toContainText(both.fullName);
    // One character wrong: the list's ticket one away is offered, as online; confirmed, it is admitted.
    const slip = `${typed.ticketId.slice(0, -1)}${typed.ticketId.endsWith("Z") ? "Y" : "Z"}`;
    await typeTicket(p1, slip);
    await expect(outcome(p1)).toHaveAttribute("data-outcome", "refused");
    await expect(outcome(p1)).toContainText("Did you mean this ticket?");
    await p1.getByRole("button", { name: `Yes, check in ${typed.fullName}` }).click();
    await expect(outcome(p1)).toHaveAttribute("data-outcome", "checked-in");
    await expect(outcome(p1)).toContainText(typed.fullName);
    // Typed again at once (the person still in front of the door): the green card stays.
    await typeTicket(p1, typed.ticketId);
    await expect(outcome(p1)).toHaveAttribute("data-outcome", "checked-in");
    await expect(outcome(p1)).toContainText("Checked in just now");
    await expect(outcome(p1)).toContainText(typed.fullName);
    await typeTicket(p1, cancelled.ticketId);
    await expect(outcome(p1)).toHaveAttribute("data-outcome", "refused");
    await expect(outcome(p1)).toContainText(`Ticket ${cancelled.ticketId} was cancelled.`);
    // A made-up ticket ID: not on the list, refused.
    await typeTicket(p1, "ZYS-ABCDEFGH-Q2W3E4");
    await expect(outcome(p1)).toHaveAttribute("data-outcome", "refused");
    await expect(outcome(p1)).toContainText("No registration has the ticket ID ZYS-ABCDEFGH-Q2W3E4");
    await p1.getByLabel("Name, phone number or ticket ID").fill(`danladi kasimu ${t}`);
    await p1.getByRole("button", { name: "Search" }).click();
    await expect(p1.getByText("Offline: searching this device's list")).toBeVisible();
    await p1.getByRole("button", { name: `Check in ${searched.fullName}` }).click();
    await expect(outcome(p1)).toHaveAttribute("data-outcome", "checked-in");
    await expect(outcome(p1)).toContainText("Gusau Youth Forum");
    // The search on screen, answered again from the device, shows her in.
    await expect(
      p1
        .getByRole("listitem")
        .filter({ hasText: searched.fullName })
        .getByText(/^In at \d\d:\d\d/),
    ).toBeVisible();
    await expect(status(p1)).toHaveText("Offline — 3 check-ins waiting to be sent");
    await p1.reload();
    await waitForInteractive(p1);
    await expect(status(p1)).toHaveText("Offline — 3 check-ins waiting to be sent");
    await typeTicket(p1, earlier.ticketId);
    await expect(outcome(p1)).toHaveAttribute("data-outcome", "already");
    await expect(outcome(p1)).toContainText(/Already checked in at \d\d:\d\d/);
    await docsScreenshot(p1, "door-offline-queue.png", { fullPage: true });

    // Door 2 opens with no network at all: the page comes from its service worker.
    door2 = await openDoor(dirs[1], links[1], { camera: video, offline: true });
    links[1].cut();
    const p2 = door2.page;
    await p2.goto("/admin/check-in");
    await waitForInteractive(p2);
    await expect(status(p2)).toContainText("Offline");
    await typeTicket(p2, both.ticketId);
    await expect(outcome(p2)).toHaveAttribute("data-outcome", "checked-in");
    await p2.getByRole("button", { name: "Start camera" }).click();
    // Green, though not in the list: its signature vouches for it. (Seen again a few seconds
    // later, the same code is amber: this door let it in.)
    await expect(outcome(p2).and(p2.locator('[data-outcome="checked-in"]'))).toContainText(
      `Genuine ticket ${late.ticketId}, issued after this door's list was downloaded.`,
      { timeout: 20_000 },
    );
    await p2.getByRole("button", { name: "Stop camera" }).click();
    await p2.reload();
    await waitForInteractive(p2);
    await expect(status(p2)).toHaveText("Offline — 2 check-ins waiting to be sent");

    // Back online, door 1 first, then door 2: the second admission of the same ticket is a conflict.
    // Door 1 was searching its own list: once the server answers again, the search is the server's.
    await p1.getByLabel("Name, phone number or ticket ID").fill(`danladi kasimu ${t}`);
    await p1.getByRole("button", { name: "Search" }).click();
    await expect(p1.getByText("Offline: searching this device's list")).toBeVisible();
    await goOnline(door1);
    await expect(status(p1)).toContainText("Ready offline", { timeout: 40_000 });
    await expect(status(p1)).not.toContainText("waiting");
    await expect(p1.getByText("Offline: searching this device's list")).toHaveCount(0);
    await goOnline(door2);
    await expect(status(p2)).toContainText("Ready offline", { timeout: 40_000 });
    await expect(status(p2)).not.toContainText("waiting");
    await p2.reload();
    await waitForInteractive(p2);
    const conflicts = p2.getByTestId("door-conflicts");
    await expect(conflicts).toContainText(new RegExp(`${both.ticketId} in at ${mainGate} \\d\\d:\\d\\d and ${vip} \\d\\d:\\d\\d`));
    const counts = p2.getByTestId("door-counts");
    await expect(counts).toContainText(`${mainGate}: 3`);
    await expect(counts).toContainText(`${vip}: 1`);
    await docsScreenshot(p2, "door-conflict.png", { fullPage: true });

    // The organisers see the same on Event Operations.
    await adminPage.goto("/admin/operations");
    await expect(adminPage.getByTestId("door-conflicts")).toContainText(
      new RegExp(`${both.ticketId} in at ${mainGate} \\d\\d:\\d\\d and ${vip} \\d\\d:\\d\\d`),
    );
    await expect(adminPage.getByTestId("door-counts")).toContainText(new RegExp(`${mainGate}\\s*3`));
  } finally {
    await door1?.context.close().catch(() => undefined);
    await door2?.context.close().catch(() => undefined);
    for (const link of links) await link.close();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
    await rm(video, { force: true });
  }
});

test("the door installs as an app, and its service worker keeps the door's files only", async ({ baseURL }) => {
  test.skip(test.info().project.name !== "desktop", "one phone is enough");
  const link = await cuttableLink(baseURL ?? process.env.E2E_BASE_URL ?? "");
  const dir = await mkdtemp(path.join(os.tmpdir(), "door-install-"));
  const door = await openDoor(dir, link);
  try {
    await prepareDoor(door, `Gate ${tag()}`);
    const { page } = door;
    // Chrome's own verdict: nothing stands in the way of "Add to Home screen".
    const cdp = await door.context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as { installabilityErrors: unknown[] };
    expect(installabilityErrors).toEqual([]);
    const manifest = (await (await page.request.get("/door.webmanifest")).json()) as {
      start_url: string;
      scope: string;
      display: string;
      icons: { src: string; sizes: string }[];
    };
    expect(manifest).toMatchObject({ start_url: "/admin/check-in", scope: "/admin/check-in", display: "standalone" });
    for (const icon of manifest.icons) {
      const png = await page.request.get(icon.src);
      expect(png.headers()["content-type"]).toBe("image/png");
      const bytes = await png.body();
      // The PNG header's width and height, as the manifest says.
      expect(`${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`).toBe(icon.sizes);
    }
    // Visit other admin pages and the list: none of it is kept.
    await page.request.get("/admin/check-in/list");
    await page.goto("/admin/check-in?q=Zainab");
    const kept = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys())
        for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      return urls;
    });
    const allowed = /^\/(?:admin\/check-in|assets\/[^/]+\.(?:js|css)|door\.webmanifest|door-icon-[\w-]+\.png|favicon\.svg)$/;
    expect(kept.filter((url) => !allowed.test(url))).toEqual([]);
    expect(kept).toContain("/admin/check-in");
  } finally {
    await door.context.close();
    await link.close();
    await rm(dir, { recursive: true, force: true });
  }
});

test("on a Wi-Fi with no way out the door waits for the server once, then answers from the phone until it is back", async ({
  request,
  baseURL,
}) => {
  test.skip(test.info().project.name !== "desktop", "one phone is enough");
  test.setTimeout(120_000);
  const t = tag();
  const [first, second] = [
    await registerForTicket(request, { fullName: `Amina First ${t}` }),
    await registerForTicket(request, { fullName: `Bello Second ${t}` }),
  ];
  const link = await cuttableLink(baseURL ?? process.env.E2E_BASE_URL ?? "");
  const dir = await mkdtemp(path.join(os.tmpdir(), "door-captive-"));
  const door = await openDoor(dir, link);
  try {
    const gate = `Hall gate ${t}`;
    await prepareDoor(door, gate);
    const { page } = door;
    // The phone still says it has a network; the site is unreachable.
    link.cut();
    const cutAt = Date.now();
    await typeTicket(page, first.ticketId);
    await expect(outcome(page)).toContainText(first.fullName, { timeout: 15_000 });
    // The door gives up on the server within 3 s (it asks for a small file after 1 s, and gets
    // nothing back in the next two); the rest is the browser's own work, slower on a busy machine.
    expect(Date.now() - cutAt).toBeLessThan(5_500);
    await expect(status(page)).toHaveText("Offline — 1 check-in waiting to be sent");
    // The next person is answered by the phone without asking the server again.
    const asked: string[] = [];
    const record = (request: import("@playwright/test").Request) => {
      if (new URL(request.url()).pathname.startsWith("/admin/check-in")) asked.push(request.url());
    };
    page.on("request", record);
    await typeTicket(page, second.ticketId);
    await expect(outcome(page)).toContainText(second.fullName);
    page.off("request", record);
    expect(asked).toEqual([]);
    // The site is back: a probe finds it, the queue goes.
    link.restore();
    await expect(status(page)).toContainText("Ready offline", { timeout: 40_000 });
    await expect(status(page)).not.toContainText("waiting", { timeout: 40_000 });
    await page.reload();
    await expect(page.getByTestId("door-counts")).toContainText(`${gate}: 2`);
  } finally {
    await door.context.close();
    await link.close();
    await rm(dir, { recursive: true, force: true });
  }
});
