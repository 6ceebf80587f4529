import { readFileSync, writeFileSync } from "node:fs";
import type { Download, Page } from "@playwright/test";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { BADGE_DOWNLOADS, type BadgeLayout, badgeBox, badgesPerPage, PAGE_SPECS } from "../../app/modules/badges/badge-layout";
import { signInAsAdmin, signInRequest } from "../support/admin-session";
import { expect, test } from "../support/fixtures";
import { waitForInteractive } from "../support/hydration";
import { type RenderedPage, renderPdf } from "../support/pdf-viewer";
import { type PrivateSite, startPrivateSite } from "../support/private-site";
import { type RegisteredAttendee, registerForTicket } from "../support/register-helper";

// Generate Badges on Event Operations, as an organiser uses it: on a server of its own, so the
// attendees are exactly those registered here. Both layouts are downloaded through their
// links, rendered by pdf.js in Chromium, and read back: one badge per attendee with the name
// (Hausa letters included) in its own box, and a QR code that decodes to the attendee's signed
// ticket token, which the door's check-in accepts.

/** Pixels per point: QR modules of 5 px or more, which jsQR reads reliably. */
const SCALE = 2;

async function download(page: Page, layout: BadgeLayout): Promise<{ download: Download; bytes: Buffer }> {
  const [file] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: BADGE_DOWNLOADS[layout].label }).click(),
  ]);
  const path = await file.path();
  return { download: file, bytes: readFileSync(path) };
}

/** The badges of rendered pages, in page and slot order: their text and what their QR code says. */
function readBadges(pages: RenderedPage[], layout: BadgeLayout): { text: string; qr: string | null }[] {
  return pages.flatMap((page) => {
    const image = PNG.sync.read(page.png);
    return Array.from({ length: badgesPerPage(layout) }, (_, slot) => {
      const box = badgeBox(layout, slot);
      const text = page.items
        .filter((i) => i.x >= box.x && i.x < box.x + box.width && i.top > box.y && i.top <= box.y + box.height)
        .map((i) => i.str)
        .join(" ")
        .replace(/\s+/g, " ");
      // The badge's own pixels: a QR code elsewhere on the page cannot answer for it.
      const [x, y] = [Math.floor(box.x * SCALE), Math.floor(box.y * SCALE)];
      const [width, height] = [Math.floor(box.width * SCALE), Math.floor(box.height * SCALE)];
      const crop = new Uint8ClampedArray(width * height * 4);
      for (let row = 0; row < height; row++) {
        const start = ((y + row) * image.width + x) * 4;
        crop.set(image.data.subarray(start, start + width * 4), row * width * 4);
      }
      return { text, qr: jsQR(crop, width, height)?.data ?? null };
    }).filter((badge) => badge.text !== "");
  });
}

test.describe("name badges, on a server of their own", () => {
  let site: PrivateSite | undefined;
  test.afterAll(async () => site?.stop());

  test(
    "Generate Badges: both layouts, one badge per attendee, names intact, QR codes the door accepts",
    { tag: "@smoke" },
    async ({ browser }, testInfo) => {
      test.skip(testInfo.project.name !== "desktop", "a server of its own: once");
      test.setTimeout(180_000);
      site = await startPrivateSite();
      const context = await browser.newContext({ baseURL: site.url });
      const page = await context.newPage();
      const origin = new URL(site.url).origin;
      await signInAsAdmin(page, { redirectTo: "/admin/operations" });

      // Nobody registered yet: a one-page PDF that says so.
      await page.goto("/admin/operations");
      await waitForInteractive(page);
      const empty = await renderPdf(context, (await download(page, "sheet")).bytes, 1);
      expect(empty).toHaveLength(1);
      expect(empty[0]?.items.map((i) => i.str).join(" ")).toContain("No attendees yet");

      const people: RegisteredAttendee[] = [];
      people.push(
        await registerForTicket(
          page.request,
          {
            fullName: "Ƙasimu Ɗanjuma Ɓello Ƴar",
            organization: "Ƙungiyar Matasan Gusau",
            position: "Sakatare",
            state: "Zamfara",
            localGovernment: "Gusau",
          },
          { dataDir: site.dataDir },
        ),
        await registerForTicket(
          page.request,
          {
            fullName: "Oluwaseun Adebayo-Ogunleye Babatunde",
            organization: "Federal Ministry of Youth and Sports Development, Department of Youth Enterprise",
            position: "Assistant Director of Programmes",
            state: "Lagos",
            localGovernment: "Ikeja",
          },
          { dataDir: site.dataDir },
        ),
      );
      for (const fullName of [
        "Amina Yusuf",
        "Musa Garba",
        "Zainab Bello",
        "Ibrahim Sani",
        "Hauwa Ɗahiru",
        "Chidi Okafor",
        "Fatima Lawal",
      ]) {
        people.push(await registerForTicket(page.request, { fullName }, { dataDir: site.dataDir }));
      }

      await page.goto("/admin/operations");
      await waitForInteractive(page);
      for (const layout of ["sheet", "single"] as const) {
        const { download: file, bytes } = await download(page, layout);
        expect(file.suggestedFilename()).toMatch(new RegExp(`^[a-z0-9-]+-badges-${layout}-\\d{4}-\\d\\d-\\d\\d\\.pdf$`));
        expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
        const pages = await renderPdf(context, bytes, SCALE);
        expect(pages).toHaveLength(Math.ceil(people.length / badgesPerPage(layout)));
        for (const p of pages)
          expect([p.width, p.height].map(Math.round)).toEqual([PAGE_SPECS[layout].width, PAGE_SPECS[layout].height].map(Math.round));
        // The first page as the browser rendered it, kept with the results to look at.
        const picture = testInfo.outputPath(`badges-${layout}-page-1.png`);
        writeFileSync(picture, pages[0]?.png ?? Buffer.alloc(0));
        await testInfo.attach(`badges-${layout}-page-1.png`, { path: picture, contentType: "image/png" });

        const badges = readBadges(pages, layout);
        expect(badges).toHaveLength(people.length);
        for (const person of people) {
          const own = badges.filter((b) => b.text.includes(person.ticketId));
          expect(own, `one badge for ${person.fullName}`).toHaveLength(1);
          const [badge] = own;
          expect(badge?.text).toContain(person.fullName);
          expect(badge?.qr, `the QR code on ${person.fullName}'s badge`).toBe(person.doorCode);
        }
      }

      // The door's check-in takes the codes read off the badges.
      for (const person of people) {
        const scan = await page.request.post("/admin/check-in", {
          form: { intent: "scan", code: person.doorCode },
          headers: { Origin: origin },
        });
        const html = await scan.text();
        expect(/data-outcome="([a-z-]+)"/.exec(html)?.[1], person.fullName).toBe("checked-in");
      }

      // The response itself: a PDF, never cached; an unknown layout is refused.
      const direct = await page.request.get(BADGE_DOWNLOADS.single.href);
      expect(direct.headers()["content-type"]).toBe("application/pdf");
      // The route says no-store, and so does the server for all of /admin (the adapter appends the two).
      expect(direct.headers()["cache-control"]).toMatch(/^no-store(, no-store)?$/);
      expect(direct.headers()["content-disposition"]).toMatch(/^attachment; filename=".+-badges-single-.+\.pdf"$/);
      const unknown = await page.request.get("/admin/operations/badges.pdf?layout=poster");
      expect(unknown.status()).toBe(400);
      expect(await unknown.text()).toContain("Unknown badge layout");

      // Recorded under Activity.
      await page.goto("/admin/activity");
      await expect(page.getByText("Generated the name badges").first()).toBeVisible();
      await context.close();
    },
  );
});

test("the badges are for organisers: a check-in account gets 403, a visitor the sign-in page", async ({ playwright }, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "plain HTTP");
  const baseURL = process.env.E2E_BASE_URL ?? "";
  const door = await playwright.request.newContext({ baseURL });
  const visitor = await playwright.request.newContext({ baseURL });
  try {
    const cookie = await signInRequest(door, baseURL, { door: true });
    for (const layout of ["sheet", "single"] as const) {
      const refused = await door.get(BADGE_DOWNLOADS[layout].href, { headers: { Cookie: cookie }, maxRedirects: 0 });
      expect(refused.status()).toBe(403);
      expect(refused.headers()["content-type"]).not.toContain("pdf");
      const anonymous = await visitor.get(BADGE_DOWNLOADS[layout].href, { maxRedirects: 0 });
      expect(anonymous.status()).toBe(302);
      expect(anonymous.headers().location).toMatch(/^\/admin\/login/);
    }
  } finally {
    await door.dispose();
    await visitor.dispose();
  }
});
