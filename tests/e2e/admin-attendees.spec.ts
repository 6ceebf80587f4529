import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { signInAsAdmin } from "../support/admin-session";
import { expectNoViolations } from "../support/axe";
import { CSV_COLUMNS } from "../support/csv-columns";
import { docsScreenshot } from "../support/docs-screenshot";
import { expect, test } from "../support/fixtures";
import { waitForInteractive } from "../support/hydration";
import { listMail, waitForMail } from "../support/mailbox-client";
import { e164, makeRegistrant, registerMany, registerViaRequest } from "../support/register-helper";

// /admin/attendees against the shared e2e server. Other tests register people at the
// same time, so every test searches for a tag of its own instead of counting everyone.

/** A word no other test's names contain. */
const newTag = (project: string) => `T${project.slice(0, 1)}${randomBytes(4).toString("hex")}`;
/** The attendee rows on screen: table rows on a desktop, cards on a phone. */
const rows = (page: Page) => page.locator("[data-attendee-id]").filter({ visible: true });
const searchBox = (page: Page) => page.getByPlaceholder("Search by name or email...");

async function openList(page: Page, search = "") {
  await page.goto(`/admin/attendees${search}`);
  await expect(page.getByRole("heading", { level: 1, name: "Attendees" })).toBeVisible();
  await waitForInteractive(page);
}

test("search, gender and state filters combine, live in the URL and survive a reload", async ({
  adminPage: page,
  failOnPageErrors: _,
  request,
}, testInfo) => {
  test.slow(); // four registrations and several list loads
  const tag = newTag(testInfo.project.name);
  const people = [
    makeRegistrant({ fullName: `Amira ${tag} Bello`, gender: "female", state: "Zamfara", localGovernment: "Gusau" }),
    makeRegistrant({ fullName: `Bashir ${tag} Sani`, gender: "male", state: "Kano", localGovernment: "Fagge" }),
    makeRegistrant({ fullName: `Chioma ${tag} Obi`, gender: "female", state: "Kano", localGovernment: "Dala", position: "Team Lead" }),
    makeRegistrant({ fullName: `Dauda ${tag} Musa`, gender: "other", state: "Sokoto", localGovernment: "Wamakko" }),
  ];
  await registerMany(request, people);
  await openList(page);
  await expect(page.getByText("Manage and view all registered participants")).toBeVisible();

  // Part of a name, typed: the list follows after the debounce and the URL keeps the query.
  await searchBox(page).pressSequentially(tag.slice(0, 7).toLowerCase(), { delay: 30 });
  await expect(page).toHaveURL(new RegExp(`[?&]q=${tag.slice(0, 7).toLowerCase()}`));
  await expect(rows(page)).toHaveCount(4);
  await expect(page.getByTestId("attendee-count")).toHaveText(/^Showing 4 of \d+ attendees$/);
  // Newest first.
  await expect(rows(page).first()).toContainText(`Dauda ${tag} Musa`);
  await expect(rows(page).filter({ hasText: "Chioma" })).toContainText("Team Lead");

  await page.getByLabel("Gender").selectOption("female");
  await expect(page).toHaveURL(/gender=female/);
  await expect(rows(page)).toHaveCount(2);
  await expect(page.getByLabel("State").locator("option", { hasText: "Kano" })).toHaveCount(1);
  await page.getByLabel("State").selectOption("Kano");
  await expect(page).toHaveURL(/state=Kano/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText(`Chioma ${tag} Obi`);
  await expect(page.getByTestId("attendee-count")).toHaveText(/^Showing 1 of \d+ attendees$/);

  await page.reload();
  await waitForInteractive(page);
  await expect(searchBox(page)).toHaveValue(tag.slice(0, 7).toLowerCase());
  await expect(page.getByLabel("Gender")).toHaveValue("female");
  await expect(page.getByLabel("State")).toHaveValue("Kano");
  await expect(rows(page)).toHaveCount(1);

  // Back to "All Genders": Bashir (male, Kano) joins.
  await page.getByLabel("Gender").selectOption("");
  await expect(page).not.toHaveURL(/gender=/);
  await expect(rows(page)).toHaveCount(2);

  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
});

test("search matches e-mails too, whatever the case, and says when nothing matches", async ({ adminPage: page, request }, testInfo) => {
  const tag = newTag(testInfo.project.name);
  const person = makeRegistrant({ fullName: `Emeka ${tag} Eze`, gender: "male", state: "Kano", localGovernment: "Fagge" });
  await registerViaRequest(request, person);
  await openList(page, "?gender=male&state=Kano");
  await searchBox(page).fill(person.email.toUpperCase());
  await expect(page).toHaveURL(/q=VISITOR-/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText(`Emeka ${tag} Eze`);
  // Back to "All States": still just this one address.
  await page.getByLabel("State").selectOption("");
  await expect(page).not.toHaveURL(/state=/);
  await expect(rows(page)).toHaveCount(1);
  await searchBox(page).fill(`nobody-${tag}`);
  await expect(page.getByText("No attendees found matching your criteria.")).toBeVisible();
  await expect(page.getByTestId("attendee-count")).toHaveText(/^Showing 0 of \d+ attendees$/);
});

test("pagination keeps the query", async ({ adminPage: page, request }, testInfo) => {
  test.slow();
  const tag = newTag(testInfo.project.name);
  await registerMany(
    request,
    Array.from({ length: 27 }, (_, i) => makeRegistrant({ fullName: `Page ${tag} ${String(i).padStart(2, "0")}`, gender: "male" })),
  );
  await openList(page, `?q=${tag}`);
  await expect(rows(page)).toHaveCount(25);
  await expect(page.getByText("Page 1 of 2")).toBeVisible();
  await page.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${tag}.*page=2`));
  await expect(rows(page)).toHaveCount(2);
  await expect(page.getByText("Page 2 of 2")).toBeVisible();
  // The two oldest.
  await expect(rows(page).first()).toContainText(`Page ${tag} 01`);
  await page.getByRole("link", { name: "Previous" }).click();
  await expect(page.getByText("Page 1 of 2")).toBeVisible();
  await expect(rows(page).first()).toContainText(`Page ${tag} 26`);
});

test("exports the current filter and everyone as CSV with a BOM and formulas neutralised", async ({
  adminPage: page,
  request,
}, testInfo) => {
  test.slow();
  const tag = newTag(testInfo.project.name);
  const people = [
    makeRegistrant({ fullName: `=SUM(1) ${tag}`, organization: "+1 Club", reason: "Line one\nline two, with a comma" }),
    makeRegistrant({ fullName: `Ƙasimu "Ɗan" ${tag}`, position: "-Lead", gender: "male", state: "Kano", localGovernment: "Dala" }),
  ];
  await registerMany(request, people);
  await openList(page, `?q=${tag}`);
  await expect(rows(page)).toHaveCount(2);

  await page.getByText("Export CSV").click();
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: /Export current filter/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^zamfara-youth-summit-attendees-\d{4}-\d{2}-\d{2}\.csv$/);
  await expect(page.getByText("Attendees list exported successfully!")).toBeVisible();

  const bytes = await readFile(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header, ...records] = parse(bytes.subarray(3).toString("utf8")) as string[][];
  expect(header).toEqual(CSV_COLUMNS);
  expect(records).toHaveLength(2);
  const [second, first] = records;
  expect(second?.slice(0, 9)).toEqual([
    `Ƙasimu "Ɗan" ${tag}`,
    people[1]?.email,
    // As a spreadsheet keeps it as text: the country code first without "+", the groups apart, no apostrophe.
    e164(people[1]?.phone ?? "").replace(/^\+234(\d{3})(\d{3})(\d{4})$/, "234 $1 $2 $3"),
    "Male",
    "Gusau Youth Forum",
    "'-Lead",
    "Kano",
    "Dala",
    "To meet other young leaders.",
  ]);
  expect(second?.[9]).toMatch(/^ZYS-[0-9A-Z]+-[0-9A-Z]{6}$/);
  expect(second?.[10]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  expect(first?.[0]).toBe(`'=SUM(1) ${tag}`);
  expect(first?.[4]).toBe("'+1 Club");
  expect(first?.[8]).toBe("Line one\nline two, with a comma");

  // "Export all" is everyone, these two included.
  const all = await page.request.get("/admin/attendees/export.csv");
  expect(all.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(all.headers()["content-disposition"]).toMatch(/^attachment; filename="zamfara-youth-summit-attendees-\d{4}-\d{2}-\d{2}\.csv"$/);
  const everyone = parse((await all.body()).subarray(3).toString("utf8")) as string[][];
  expect(everyone.length).toBeGreaterThanOrEqual(3);
  expect(everyone.map((r) => r[1])).toEqual(expect.arrayContaining([people[0]?.email, people[1]?.email]));
});

test("Resend Ticket queues the ticket e-mail again and it arrives", async ({ adminPage: page, request }, testInfo) => {
  const tag = newTag(testInfo.project.name);
  const person = makeRegistrant({ fullName: `Resend ${tag}` });
  await registerViaRequest(request, person);
  await waitForMail({ to: person.email });
  await openList(page, `?q=${tag}`);

  await rows(page)
    .getByRole("button", { name: /Resend Ticket/ })
    .click();
  await expect(page.getByText(`Ticket resent to ${person.email}`)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`q=${tag}`));
  await expect.poll(async () => (await listMail({ to: person.email })).length, { timeout: 20_000 }).toBe(2);
  const [, resent] = await listMail({ to: person.email });
  expect(resent?.subject).toMatch(/^Your ticket for .+ — ZYS-/);
});

test("Delete asks first, then removes the registration", async ({ adminPage: page, failOnPageErrors: _, request }, testInfo) => {
  const tag = newTag(testInfo.project.name);
  const person = makeRegistrant({ fullName: `Leaving ${tag} Soon` });
  await registerViaRequest(request, person);
  await openList(page, `?q=${tag}`);
  await expect(rows(page)).toHaveCount(1);

  const question = `Are you sure you want to delete ${person.fullName}'s registration?`;
  await rows(page)
    .getByRole("link", { name: /^Delete/ })
    .click();
  const dialog = page.getByRole("dialog", { name: "Delete Attendee" });
  await expect(dialog).toContainText(question);
  await dialog.getByRole("link", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(rows(page)).toHaveCount(1);

  await rows(page)
    .getByRole("link", { name: /^Delete/ })
    .click();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText(`${person.fullName}'s registration has been deleted`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("No attendees found matching your criteria.")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`q=${tag}`));

  // The activity log names who deleted it.
  await page.goto("/admin/activity");
  // In plain words: what was done, and that the person is no longer on the list (never a random id).
  const deleted = page.locator("li").filter({ hasText: "Deleted a registration" }).first();
  await expect(deleted).toContainText(process.env.E2E_ADMIN_EMAIL ?? "");
  await expect(deleted).not.toContainText(/[0-9a-f]{8}-[0-9a-f]{4}-/);
});

test("without JavaScript: search with the button, delete through the confirmation page", async ({ browser }, testInfo) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: testInfo.project.use.baseURL });
  const page = await context.newPage();
  const tag = newTag(testInfo.project.name);
  const person = makeRegistrant({ fullName: `NoScript ${tag}` });
  await registerViaRequest(context.request, person);
  await signInAsAdmin(page);
  await page.goto("/admin/attendees");
  await searchBox(page).fill(tag);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${tag}`));
  await expect(rows(page)).toHaveCount(1);

  await rows(page)
    .getByRole("link", { name: /^Delete/ })
    .click();
  await expect(page).toHaveURL(/confirmDelete=/);
  const dialog = page.getByRole("dialog", { name: "Delete Attendee" });
  await expect(dialog).toContainText(`Are you sure you want to delete ${person.fullName}'s registration?`);
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText(`${person.fullName}'s registration has been deleted`)).toBeVisible();
  await expect(page).not.toHaveURL(/confirmDelete=/);
  await expect(page.getByText("No attendees found matching your criteria.")).toBeVisible();
  await context.close();
});

test("View Details shows every field, the e-mail's delivery state and the check-in state", async ({
  adminPage: page,
  failOnPageErrors: _,
  request,
}, testInfo) => {
  const tag = newTag(testInfo.project.name);
  const person = makeRegistrant({ fullName: `Details ${tag}`, reason: "I want to learn about civic engagement.", position: "Secretary" });
  await registerViaRequest(request, person);
  const mail = await waitForMail({ to: person.email });
  const ticketId = /ZYS-[0-9A-Z]+-[0-9A-Z]{6}/.exec(mail.subject)?.[0] ?? "";
  expect(ticketId).not.toBe("");

  await openList(page, `?q=${tag}&gender=female`);
  await rows(page)
    .getByRole("link", { name: /View Details/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/admin/attendees/[0-9a-f-]{36}\\?q=${tag}&gender=female$`));
  await expect(page.getByRole("heading", { level: 1, name: "Attendees" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: person.fullName })).toBeVisible();
  const main = page.locator("main");
  for (const text of [
    person.email,
    e164(person.phone),
    "Secretary",
    "Gusau Youth Forum",
    "Zamfara",
    "Gusau",
    person.reason ?? "",
    ticketId,
  ]) {
    await expect(main).toContainText(text);
  }
  await expect(main).toContainText("Not checked in");
  await expect(main.getByText("Consent given")).toBeVisible();
  // The person's own ticket page (a self-service link, named by the registration's id).
  await expect(main.getByRole("link", { name: "Open ticket page" })).toHaveAttribute("href", /\/tickets\/[0-9a-f-]{36}\.1/);

  // The registration e-mail was delivered (the worker may mark it a moment after the capture saw it).
  const ticketMail = main.getByRole("list", { name: "Messages" }).locator("li").first();
  await expect(async () => {
    await page.reload();
    await expect(ticketMail).toHaveAttribute("data-mail-status", "sent", { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(ticketMail).toContainText("Sent");
  await expect(ticketMail).toContainText("Ticket");
  await expect(ticketMail).toContainText("1 attempt");

  // Resend from here: a second, queued or sent, e-mail.
  await waitForInteractive(page);
  await page.getByRole("button", { name: "Resend Ticket" }).click();
  await expect(page.getByText(`Ticket resent to ${person.email}`)).toBeVisible();
  await expect(main.getByRole("list", { name: "Messages" }).locator("li")).toHaveCount(2);
  await expect(main.getByRole("list", { name: "Messages" }).locator("li").first()).toContainText("Ticket, resent by an organiser");

  await docsScreenshot(page, "attendee-details.png", { fullPage: true });
  await page.getByRole("link", { name: "Back to Attendees" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/attendees\\?q=${tag}&gender=female$`));
  await expect(rows(page)).toHaveCount(1);
});

test("an unknown attendee is a 404 inside the admin frame", async ({ adminPage: page }) => {
  const response = await page.goto("/admin/attendees/00000000-0000-4000-8000-000000000000");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
});

test("screenshots, and no axe violations on the list, the delete modal, the detail page and the activity log", async ({
  adminPage: page,
  request,
}, testInfo) => {
  test.slow(); // four axe runs
  const tag = newTag(testInfo.project.name);
  await registerMany(request, [
    makeRegistrant({ fullName: `Aisha ${tag} Abdullahi`, position: "Youth Coordinator", organization: "Zamfara Youth Council" }),
    makeRegistrant({ fullName: `Ibrahim ${tag} Garba`, gender: "male", state: "Sokoto", localGovernment: "Wamakko", organization: "" }),
  ]);
  await openList(page);
  await docsScreenshot(page, "attendees.png", { fullPage: true });
  await page.getByText("Export CSV").click();
  await page.screenshot({ path: testInfo.outputPath("attendees-export-menu.png") });
  await expectNoViolations(page, "/admin/attendees with the export menu open");

  await openList(page, `?q=${tag}`);
  await rows(page)
    .first()
    .getByRole("link", { name: /^Delete/ })
    .click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("attendees-delete.png") });
  await expectNoViolations(page, "the delete confirmation");

  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
  await rows(page)
    .first()
    .getByRole("link", { name: /View Details/ })
    .click();
  await expect(page.getByRole("heading", { level: 2, name: `Ibrahim ${tag} Garba` })).toBeVisible();
  await expectNoViolations(page, "the detail page");

  await page.goto("/admin/activity");
  await expect(page.getByRole("heading", { level: 1, name: "Activity" })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("activity.png"), fullPage: true });
  await expectNoViolations(page, "/admin/activity");
});
