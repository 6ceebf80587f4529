import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type APIRequestContext, type Browser, type Page, request as playwrightRequest } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { signInAsAdmin } from "../support/admin-session";
import { expectNoViolations } from "../support/axe";
import { docsImage, docsScreenshot } from "../support/docs-screenshot";
import { expect, test } from "../support/fixtures";
import { renderPdf } from "../support/pdf-viewer";
import { type PrivateSite, startPrivateSite } from "../support/private-site";
import { makeRegistrant, registerForTicket, registerViaForm, selfServiceToken } from "../support/register-helper";
import { ensureZbar } from "../support/system-deps";
import { sendUntilNotBusy } from "../support/when-busy";

// Which outreach brings people, end to end on a site of its own: an organiser creates a source,
// a fresh browser opens its short link, lands on the landing page and registers, and the Outreach
// page counts the visit and the registration; the new attendee's ticket page offers their invite
// link, which brings a friend counted under "Invited by attendees" and on their details page; the
// poster's QR code (rendered as a browser shows the PDF, read by zbarimg) and the QR code download
// say the short link; the attendee CSV names the source. Screenshots for the docs.

const zbar = ensureZbar();

/** What zbarimg reads in a PNG: the QR code's text. */
function scan(png: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), "outreach-qr-"));
  try {
    const file = path.join(dir, "code.png");
    writeFileSync(file, png);
    const result = spawnSync(zbar, ["--raw", "-q", "-Sdisable", "-Sqrcode.enable", file], { encoding: "utf8" });
    expect(result.status, result.stderr).toBe(0);
    return result.stdout.trim();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Creates a source through the page's form and returns its row's code and id. */
async function createSource(page: Page, name: string): Promise<{ code: string; id: string; link: string }> {
  await page.getByLabel("Name").fill(name);
  await page.getByRole("button", { name: "Create link" }).click();
  await expect(page.getByText(`“${name}” created.`)).toBeVisible();
  // Emptied for the next one: pressing Create link again must not try the same name.
  await expect(page.getByLabel("Name")).toHaveValue("");
  const row = page.locator("tr", { has: page.getByText(name, { exact: true }) });
  const code = (await row.getAttribute("data-row")) ?? "";
  expect(code).toMatch(/^[23456789ACDEFHJKMNPRTVWXY]{5}$/);
  const poster = (await row.getByRole("link", { name: "English" }).getAttribute("href")) ?? "";
  const id = /\/admin\/outreach\/(\d+)\//.exec(poster)?.[1] ?? "";
  return { code, id, link: (await row.getByTestId("short-link").textContent()) ?? "" };
}

/** A new visitor (no cookies) following `link` and, if asked, registering from the same browser. */
async function visitor(site: PrivateSite, link: string, register: boolean): Promise<void> {
  const request: APIRequestContext = await playwrightRequest.newContext({ baseURL: site.url });
  try {
    // A busy machine sheds the request before it is counted (503): the visitor tries again, as people do.
    const { answer: landed } = await sendUntilNotBusy(
      () => request.get(link),
      (r) => r.status(),
    );
    expect(landed.status()).toBe(200);
    if (register) await registerForTicket(request, {}, { dataDir: site.dataDir });
  } finally {
    await request.dispose();
  }
}

const rowOf = (page: Page, key: string) => page.locator(`tr[data-row="${key}"]`);
/** A row's figures: visits, registrations, conversion, as the table shows them. */
const figuresOf = async (page: Page, key: string) => (await rowOf(page, key).locator("td").allTextContents()).slice(2, 5);

test.describe("tracked links and the Outreach page", () => {
  // The second test uses the site (and the sources) the first one made.
  test.describe.configure({ mode: "serial" });
  let site: PrivateSite | undefined;
  test.afterAll(async () => site?.stop());

  test("a short link's visit and registration reach the Outreach page; invites, posters, QR codes and the CSV follow", async ({
    browser,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "a server of its own: once");
    test.setTimeout(240_000);
    site = await startPrivateSite();
    const admin = await browser.newContext({ baseURL: site.url });
    const page = await admin.newPage();
    await signInAsAdmin(page, { redirectTo: "/admin/outreach" });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Outreach");

    // A nasty name is refused with the kit's message; a good one becomes a source with its link.
    await page.getByLabel("Name").fill("Radio\u0007 Gusau");
    await page.getByRole("button", { name: "Create link" }).click();
    await expect(page.getByText("This contains a hidden control character.")).toBeVisible();
    const radio = await createSource(page, "Radio Gusau — morning show");
    expect(radio.link).toBe(`${new URL(site.url).host}/r/${radio.code}`);

    // A fresh browser opens the short link as typed from the radio (lower case), lands on the
    // landing page, and registers through the form.
    const fresh = await browser.newContext({ baseURL: site.url });
    const listener = await fresh.newPage();
    await listener.goto(`/r/${radio.code.toLowerCase()}`);
    expect(new URL(listener.url()).pathname).toBe("/");
    const cookies = await fresh.cookies();
    expect(cookies.find((c) => c.name === "summit_ref")).toMatchObject({
      value: expect.stringMatching(`^r\\.${radio.code}\\.`),
      httpOnly: true,
      sameSite: "Lax",
    });
    await listener.getByRole("link", { name: "Register Now" }).first().click();
    await expect(listener).toHaveURL(/\/register$/);
    const person = makeRegistrant({ fullName: "Hauwa Radio Listener" });
    await registerViaForm(listener, person);

    await page.reload();
    await expect(rowOf(page, radio.code)).toBeVisible();
    expect(await figuresOf(page, radio.code)).toEqual(["1", "1", "100%"]);

    // Her ticket page offers her own invite link; a friend who follows it is counted as invited.
    const token = await selfServiceToken(person.email, { dataDir: site.dataDir });
    await listener.goto(`/tickets/${token}`);
    const inviteCard = listener.getByTestId("invite-card");
    await expect(inviteCard).toContainText("Invite your friends");
    await expect(inviteCard).toContainText("No one has registered through your link yet.");
    const inviteLink = ((await inviteCard.getByTestId("invite-link").textContent()) ?? "").trim();
    expect(inviteLink).toMatch(new RegExp(`^${site.url}/i/[23456789ACDEFHJKMNPRTVWXY]{6}$`));
    expect(inviteLink).not.toContain(token);
    await visitor(site, inviteLink, true);
    await listener.reload();
    await expect(inviteCard).toContainText("1 friend has registered through your link so far.");
    await fresh.close();

    // ?ref= and utm_source= on a page work as the short link; an unknown code lands without an error.
    const poster = await createSource(page, "Poster — Talata Mafara market");
    await visitor(site, `/?ref=${poster.code}`, true);
    await visitor(site, `/register?utm_source=${poster.code.toLowerCase()}&utm_medium=poster`, false);
    await visitor(site, "/r/ZZZZZ", false);
    const nysc = await createSource(page, "NYSC partner post");
    for (let i = 0; i < 3; i++) await visitor(site, `/r/${nysc.code}`, i === 0);
    const old = await createSource(page, "Poster — Kaura Namoda (last year)");
    await visitor(site, `/r/${old.code}`, false);
    await page.reload();
    expect(await figuresOf(page, poster.code)).toEqual(["2", "1", "50%"]);
    expect(await figuresOf(page, nysc.code)).toEqual(["3", "1", "33%"]);
    expect(await figuresOf(page, "invited")).toEqual(["1", "1", "100%"]);

    // Archived, a source keeps its figures; without registrations it may be deleted instead.
    await rowOf(page, old.code)
      .getByRole("link", { name: /^Archive / })
      .click();
    await page.getByRole("dialog").getByRole("button", { name: "Archive" }).click();
    await expect(page.getByText("“Poster — Kaura Namoda (last year)” archived")).toBeVisible();
    await expect(rowOf(page, old.code)).toContainText("Archived");
    await expect(rowOf(page, radio.code).getByRole("link", { name: /^Delete / })).toHaveCount(0);

    // Sorted by a header link, without JavaScript as with it.
    await page.getByRole("link", { name: /^Visits/ }).click();
    await expect(page).toHaveURL(/sort=visits&dir=desc/);
    await expect(page.locator("tbody tr").first()).toHaveAttribute("data-row", nysc.code);

    // The inviter's details page says where she came from and whom she brought.
    await page.goto("/admin/attendees");
    await page.getByRole("link", { name: "Hauwa Radio Listener" }).first().click();
    await expect(page.getByText("Radio Gusau — morning show")).toBeVisible();
    await expect(page.getByTestId("invited-count")).toHaveText("1 person registered through their invite link");

    // The poster's QR code, as a browser renders the PDF, and the QR download say the short link.
    const shortLink = `${site.url}/r/${radio.code}`;
    for (const language of ["en", "ha"] as const) {
      const response = await page.request.get(`/admin/outreach/${radio.id}/poster.pdf?language=${language}`);
      expect(response.headers()["content-type"]).toBe("application/pdf");
      const [first] = await renderPdf(admin, await response.body(), 3);
      expect(first && Math.round(first.width)).toBe(595);
      expect(scan(first?.png as Buffer)).toBe(shortLink);
      const text = first?.items.map((item) => item.str).join(" ") ?? "";
      expect(text).toContain(language === "en" ? "Register free" : "Yi rajista kyauta");
      expect(text).toContain(`/r/${radio.code}`);
      if (language === "en") await docsImage((await renderPdf(admin, await response.body(), 1.5))[0]?.png as Buffer, "outreach-poster.png");
    }
    const png = await page.request.get(`/admin/outreach/${radio.id}/qr.png`);
    expect(png.headers()["content-disposition"]).toMatch(/^attachment; filename=".+\.png"$/);
    expect(scan(await png.body())).toBe(shortLink);
    const svg = await page.request.get(`/admin/outreach/${radio.id}/qr.svg`);
    expect(svg.headers()["content-type"]).toBe("image/svg+xml");
    expect(await svg.text()).toMatch(/^<svg /);

    // The attendee CSV names the source of each registration, after the other columns.
    const csv = parse((await (await page.request.get("/admin/attendees/export.csv")).body()).subarray(3).toString("utf8")) as string[][];
    expect(csv[0]?.at(-1)).toBe("Source");
    expect(csv.find((row) => row[1] === person.email)?.at(-1)).toBe("Radio Gusau — morning show");
    expect(csv.filter((row) => row.at(-1) === "Invited by attendee")).toHaveLength(1);
    // And the Outreach CSV its figures.
    const outreachCsv = await page.request.get("/admin/outreach/export.csv");
    expect((await outreachCsv.text()).split("\r\n")[1]).toMatch(/^NYSC partner post,/);

    // More listeners, as a morning show brings them, and one registration through no link at all.
    await Promise.all([
      ...Array.from({ length: 9 }, () => visitor(site as PrivateSite, `/r/${radio.code}`, false)),
      ...Array.from({ length: 2 }, () => visitor(site as PrivateSite, `/r/${radio.code}`, true)),
      visitor(site, "/", true),
    ]);
    await page.goto("/admin/outreach");
    expect(await figuresOf(page, radio.code)).toEqual(["12", "3", "25%"]);
    expect(await figuresOf(page, "direct")).toEqual(["—", "1", "—"]);
    await expect(page.getByTestId("outreach-figures")).toContainText(/Best source\s*3\s*Radio Gusau — morning show/);
    await expectNoViolations(page, "/admin/outreach");
    await docsScreenshot(page, "outreach-page.png", { fullPage: true });
    await admin.close();
  });

  test("the Outreach page works without JavaScript: create, archive with its confirmation, and sort", async ({ browser }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "a server of its own: once");
    test.skip(!site, "needs the site the first test started");
    const context = await (browser as Browser).newContext({ baseURL: site?.url, javaScriptEnabled: false });
    const page = await context.newPage();
    await signInAsAdmin(page, { redirectTo: "/admin/outreach" });
    await page.getByLabel("Name").fill("Flyer — Gusau central mosque");
    await page.getByRole("button", { name: "Create link" }).click();
    const row = page.locator("tr", { has: page.getByText("Flyer — Gusau central mosque", { exact: true }) });
    await expect(row).toBeVisible();
    await row.getByRole("link", { name: /^Archive / }).click();
    await expect(page).toHaveURL(/archive=\d+/);
    await page.getByRole("dialog").getByRole("button", { name: "Archive" }).click();
    await expect(row).toContainText("Archived");
    await row.getByRole("button", { name: /^Restore / }).click();
    await expect(row).not.toContainText("Archived");
    await page.getByRole("link", { name: /^Source/ }).click();
    await expect(page).toHaveURL(/sort=name&dir=asc/);
    await context.close();
  });
});
