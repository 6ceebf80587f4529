import type { BrowserContext, Page } from "@playwright/test";
import { chromium, expect } from "@playwright/test";
import { signInAsAdmin } from "./admin-session";
import type { CuttableLink } from "./cuttable-link";
import { waitForInteractive } from "./hydration";
import { CHROMIUM_FLAGS, ensureChromium } from "./system-deps";

// A door's phone for the offline specs: a browser of its own (its service worker and IndexedDB
// kept in `dir`) at 360 × 640, reaching the site through a link the test can cut
// (cuttable-link.ts), and the browser's own idea of the network (context.setOffline()).

const PHONE = { width: 360, height: 640 };
const status = (page: Page) => page.getByTestId("door-status");

export type Door = { context: BrowserContext; page: Page; link: CuttableLink; dir: string };

export async function openDoor(dir: string, link: CuttableLink, options: { camera?: string; offline?: boolean } = {}): Promise<Door> {
  const camera = options.camera
    ? ["--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream", `--use-file-for-fake-video-capture=${options.camera}`]
    : [];
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: ensureChromium(),
    args: [...CHROMIUM_FLAGS, ...camera],
    baseURL: link.url,
    viewport: PHONE,
    serviceWorkers: "allow",
  });
  if (options.offline) await context.setOffline(true);
  const page = context.pages()[0] ?? (await context.newPage());
  return { context, page, link, dir };
}

export async function goOffline(door: Door) {
  door.link.cut();
  await door.context.setOffline(true);
}

export async function goOnline(door: Door) {
  door.link.restore();
  await door.context.setOffline(false);
}

/** Signs in, names the door, and waits until the device holds the list and the page is kept offline. */
export async function prepareDoor(door: Door, name: string) {
  await signInAsAdmin(door.page, { redirectTo: "/admin/check-in", door: true });
  await door.page.goto("/admin/check-in");
  await waitForInteractive(door.page);
  await door.page.getByLabel("Door name").fill(name);
  await door.page.getByRole("button", { name: "Save" }).click();
  await expect(door.page.getByTestId("door-name")).toHaveText(`Door: ${name}`);
  await expect(status(door.page)).toContainText(/Ready offline · list of [\d,]+ attendees? · updated \d\d:\d\d/, { timeout: 15_000 });
  // The service worker has the page and its files.
  await expect
    .poll(() => door.page.evaluate(async () => Boolean((await (await caches.keys()).length) && (await caches.match("/admin/check-in")))), {
      timeout: 15_000,
    })
    .toBe(true);
  // …and its registration is stored: Chromium writes it once installed, before it activates, so a
  // phone closed in between would reopen with no service worker to answer offline.
  await expect
    .poll(() => door.page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? "none"), {
      timeout: 15_000,
    })
    .toBe("activated");
}
