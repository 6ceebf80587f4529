import { randomBytes } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { adminRoutes, adminUrl, signInAsAdmin, signInRequest } from "../support/admin-session";
import { expectNoViolations } from "../support/axe";
import { writeQrVideo } from "../support/fake-camera";
import { expect, test } from "../support/fixtures";
import { waitForInteractive } from "../support/hydration";
import { registerForTicket } from "../support/register-helper";
import { CHROMIUM_FLAGS, ensureChromium } from "../support/system-deps";

// The door: scanning a ticket's QR code with the phone's camera (Chromium's fake camera
// playing a video of the code), typing a ticket ID, searching, undoing; one check-in per
// ticket however many phones scan it; and the check-in account, which can use this page
// and nothing else.

const tag = () => randomBytes(3).toString("hex");
const outcome = (page: import("@playwright/test").Page) => page.locator("[data-outcome]");

test.describe("scanning with the camera", () => {
  test.beforeEach(() => {
    test.skip(test.info().project.name !== "desktop", "one fake camera is enough");
  });

  async function scanWith(code: string, run: (page: import("@playwright/test").Page) => Promise<void>) {
    const video = path.join(os.tmpdir(), `ticket-${tag()}.y4m`);
    await writeQrVideo(video, code);
    const browser = await chromium.launch({
      executablePath: ensureChromium(),
      args: [
        ...CHROMIUM_FLAGS,
        "--use-fake-ui-for-media-stream",
        "--use-fake-device-for-media-stream",
        `--use-file-for-fake-video-capture=${video}`,
      ],
    });
    try {
      const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
      const page = await context.newPage();
      await signInAsAdmin(page, { redirectTo: "/admin/check-in" });
      await page.goto("/admin/check-in");
      await waitForInteractive(page);
      await page.getByRole("button", { name: "Start camera" }).click();
      await run(page);
    } finally {
      await browser.close();
    }
  }

  test("a ticket's QR code checks its holder in and stays green while in view; another door is told when and by whom", {
    tag: "@smoke",
  }, async ({ request }) => {
    const ticket = await registerForTicket(request, { fullName: `Ɗanladi Ƙasimu ${tag()}`, organization: "Gusau Youth Forum" });
    await scanWith(ticket.doorCode, async (page) => {
      await expect(outcome(page)).toHaveAttribute("data-outcome", "checked-in", { timeout: 15_000 });
      await expect(outcome(page)).toContainText(ticket.fullName);
      await expect(outcome(page)).toContainText("Gusau Youth Forum");
      // The camera keeps seeing the code for ten seconds (the fake camera shows it all the time):
      // the card stays green, never turning amber as if the ticket had been used twice.
      const until = Date.now() + 10_000;
      while (Date.now() < until) {
        await expect(outcome(page)).toHaveAttribute("data-outcome", "checked-in");
        await page.waitForTimeout(500);
      }
      // Another door (a name of its own) scanning the same code: amber, with when and by whom.
      const elsewhere = await page.request.post("/admin/check-in", {
        form: { intent: "scan", code: ticket.doorCode, door: "Side gate" },
        headers: { Origin: new URL(page.url()).origin },
      });
      expect(await elsewhere.text()).toMatch(/Already checked in at \d\d:\d\d by E2E Admin/);
    });
  });

  test("a forged code is refused in red", async ({ request }) => {
    const ticket = await registerForTicket(request);
    const forged = `${ticket.ticketId}.${"A".repeat(22)}`;
    await scanWith(forged, async (page) => {
      await expect(outcome(page)).toHaveAttribute("data-outcome", "refused", { timeout: 15_000 });
      await expect(page.getByRole("alert").filter({ hasText: "This code is not a ticket for this event." })).toBeVisible();
    });
  });
});

test(
  "two phones scanning the same ticket at the same moment check it in once",
  { tag: "@desktop-only" },
  async ({ playwright, request }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "plain HTTP");
    const ticket = await registerForTicket(request);
    const baseURL = process.env.E2E_BASE_URL ?? "";
    const phones = await Promise.all([0, 1, 2].map(() => playwright.request.newContext({ baseURL })));
    try {
      const cookies = await Promise.all(phones.map((phone, i) => signInRequest(phone, baseURL, { door: i % 2 === 1 })));
      const answers = await Promise.all(
        phones.map((phone, i) =>
          phone.post("/admin/check-in", {
            // Three doors: two of them the same account, told apart by their door names.
            form: { intent: "scan", code: ticket.doorCode, door: `Phone ${i}` },
            headers: { Cookie: cookies[i] ?? "", Origin: new URL(baseURL).origin },
          }),
        ),
      );
      const states = await Promise.all(answers.map(async (a) => /data-outcome="([a-z-]+)"/.exec(await a.text())?.[1]));
      expect(states.sort()).toEqual(["already", "already", "checked-in"]);
    } finally {
      await Promise.all(phones.map((phone) => phone.dispose()));
    }
  },
);

for (const javaScript of [true, false]) {
  test(`typed ticket ID, search, check in and undo ${javaScript ? "with" : "without"} JavaScript`, async ({
    browser,
    request,
  }, testInfo) => {
    test.skip(!javaScript && testInfo.project.name !== "desktop", "no-JavaScript path once");
    const t = tag();
    const first = await registerForTicket(request, { fullName: `Hauwa Ɓello ${t}` });
    const second = await registerForTicket(request, { fullName: `Musa Garba ${t}` });
    const { viewport, isMobile, hasTouch } = testInfo.project.use;
    const context = await browser.newContext({
      baseURL: process.env.E2E_BASE_URL,
      javaScriptEnabled: javaScript,
      viewport,
      isMobile,
      hasTouch,
    });
    const page = await context.newPage();
    try {
      await signInAsAdmin(page, { redirectTo: "/admin/check-in" });
      await page.goto("/admin/check-in");
      if (javaScript) await waitForInteractive(page);
      else await expect(page.getByText("The camera needs JavaScript.")).toBeVisible();

      await page.getByRole("textbox", { name: "Ticket ID" }).fill(` ${first.ticketId.toLowerCase()} `);
      await page.getByRole("button", { name: "Check in", exact: true }).click();
      await expect(outcome(page)).toHaveAttribute("data-outcome", "checked-in");
      await expect(outcome(page)).toContainText(first.fullName);

      await page.getByRole("textbox", { name: "Ticket ID" }).fill("ZYS-NOPE-000000");
      await page.getByRole("button", { name: "Check in", exact: true }).click();
      await expect(outcome(page)).toHaveAttribute("data-outcome", "refused");
      await expect(outcome(page)).toContainText("No registration has the ticket ID ZYS-NOPE-000000.");

      await page.getByRole("searchbox").fill(t);
      await page.getByRole("button", { name: "Search" }).click();
      await page.getByRole("button", { name: `Check in ${second.fullName}` }).click();
      await expect(outcome(page)).toHaveAttribute("data-outcome", "checked-in");
      await expect(outcome(page)).toContainText(second.fullName);

      // Both are in now: undo the first. On a machine saturated by the suite's load tests the door
      // may have stopped waiting for the server (3 s) and answered the search from the phone, whose
      // rows name no volunteer and offer no Undo; its probe finds the server again within PROBE_MS
      // (15 s) and the page is asked of the server again.
      test.setTimeout(60_000);
      const row = page.getByRole("listitem").filter({ hasText: first.fullName });
      await expect(row.getByText(/^In at \d\d:\d\d by E2E Admin$/)).toBeVisible({ timeout: 30_000 });
      await row.getByRole("link", { name: "Undo" }).click();
      const dialog = page.getByRole("dialog", { name: "Undo check-in" });
      await expect(dialog).toContainText(`Undo the check-in of ${first.fullName}?`);
      await dialog.getByRole("button", { name: "Undo check-in" }).click();
      await expect(page.getByText(`${first.fullName}'s check-in was undone.`)).toBeVisible();
      await expect(page.getByRole("button", { name: `Check in ${first.fullName}` })).toBeVisible();
    } finally {
      await context.close();
    }
  });
}

for (const javaScript of [true, false]) {
  test(`before the event's day the door asks once, ${javaScript ? "with" : "without"} JavaScript`, async ({
    browser,
    request,
  }, testInfo) => {
    test.skip(!javaScript && testInfo.project.name !== "desktop", "no-JavaScript path once");
    const t = tag();
    const first = await registerForTicket(request, { fullName: `Ƴahaya Ɗanjuma ${t}` });
    const second = await registerForTicket(request, { fullName: `Ƙasimu Bello ${t}` });
    const { viewport, isMobile, hasTouch } = testInfo.project.use;
    const context = await browser.newContext({
      baseURL: process.env.E2E_BASE_URL,
      javaScriptEnabled: javaScript,
      viewport,
      isMobile,
      hasTouch,
    });
    // A door that has not been asked yet (the suite's doors start as having said yes).
    await context.clearCookies({ name: "summit-door-early" });
    const page = await context.newPage();
    try {
      await signInAsAdmin(page, { redirectTo: "/admin/check-in", askEarly: true });
      await page.goto("/admin/check-in");
      if (javaScript) await waitForInteractive(page);
      const checkIn = async (ticketId: string) => {
        await page.getByRole("textbox", { name: "Ticket ID" }).fill(ticketId);
        await page.getByRole("button", { name: "Check in", exact: true }).click();
      };

      await checkIn(first.ticketId);
      await expect(outcome(page)).toHaveAttribute("data-outcome", "early");
      const when = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" }).format(
        new Date(`${process.env.E2E_EVENT_DATE}T00:00:00Z`),
      );
      await expect(outcome(page)).toContainText(`The summit is on ${when}: check in anyway?`);
      // "Not now": nobody let in.
      await page.getByRole("link", { name: "Not now" }).click();
      await expect(outcome(page)).toHaveCount(0);
      await page.getByRole("searchbox").fill(t);
      await page.getByRole("button", { name: "Search" }).click();
      await expect(page.getByRole("button", { name: `Check in ${first.fullName}` })).toBeVisible();

      await checkIn(first.ticketId);
      await page.getByRole("button", { name: "Yes, check in anyway" }).click();
      await expect(outcome(page)).toHaveAttribute("data-outcome", "checked-in");
      await expect(outcome(page)).toContainText(first.fullName);
      // Asked once: the next person goes straight in, and so after a reload.
      await page.goto("/admin/check-in");
      if (javaScript) await waitForInteractive(page);
      await checkIn(second.ticketId);
      await expect(outcome(page)).toHaveAttribute("data-outcome", "checked-in");
      await expect(outcome(page)).toContainText(second.fullName);
    } finally {
      await context.close();
    }
  });
}

test("the door page is accessible and fits a 360 px phone, with a result shown", async ({
  adminPage: page,
  failOnPageErrors: _,
  request,
}) => {
  const ticket = await registerForTicket(request);
  await page.goto(`/admin/check-in?q=${encodeURIComponent(ticket.fullName)}`);
  await waitForInteractive(page);
  await page.getByRole("textbox", { name: "Ticket ID" }).fill(ticket.ticketId);
  await page.getByRole("button", { name: "Check in", exact: true }).click();
  await expect(outcome(page)).toHaveAttribute("data-outcome", "checked-in");
  await expectNoViolations(page, "/admin/check-in with a result and a search");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
});

test.describe("the check-in account", () => {
  test("uses the check-in page and sees nothing else", { tag: "@desktop-only" }, async ({ page }) => {
    await signInAsAdmin(page, { door: true });
    await expect(page).toHaveURL(/\/admin\/check-in$/);
    // The admin's navigation, not the door's language switch (its own small landmark).
    const nav = page.getByRole("navigation").filter({ visible: true, hasNotText: "Hausa" }).first();
    if (await nav.isVisible()) {
      await expect(nav.getByRole("link")).toHaveText(["Check-in"]);
    }
    await page.goto("/admin/attendees");
    await expect(page.getByRole("alert")).toContainText("This account is for check-in at the door only.");
    await page.getByRole("link", { name: "Go to Check-in" }).click();
    await expect(page).toHaveURL(/\/admin\/check-in$/);
  });

  test(
    "is refused by every other admin route over HTTP, pages and actions alike",
    { tag: "@desktop-only" },
    async ({ playwright }, testInfo) => {
      test.skip(testInfo.project.name !== "desktop", "plain HTTP");
      const baseURL = process.env.E2E_BASE_URL ?? "";
      const door = await playwright.request.newContext({ baseURL });
      try {
        const cookie = await signInRequest(door, baseURL, { door: true });
        const origin = new URL(baseURL).origin;
        for (const route of adminRoutes().filter((r) => !r.path.startsWith("admin/check-in"))) {
          const url = adminUrl(route.path, "00000000-0000-4000-8000-000000000000");
          const page = await door.get(url, { headers: { Cookie: cookie }, maxRedirects: 0 });
          if (route.path === "admin") {
            expect(page.status(), url).toBe(302);
            expect(page.headers().location).toBe("/admin/check-in");
          } else {
            expect(page.status(), `GET ${url}`).toBe(403);
          }
          const post = await door.post(url, {
            form: { intent: "delete", id: "x" },
            headers: { Cookie: cookie, Origin: origin },
            maxRedirects: 0,
          });
          expect([403, 405], `POST ${url}`).toContain(post.status());
        }
        const own = await door.get("/admin/check-in", { headers: { Cookie: cookie } });
        expect(own.status()).toBe(200);
      } finally {
        await door.dispose();
      }
    },
  );
});
