import { randomBytes } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { signInAsAdmin } from "../support/admin-session";
import { expectNoViolations } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { waitForInteractive } from "../support/hydration";

// The organisers' content screens (speakers, special guests, agenda, partners) against the
// shared e2e server. Other tests add and delete items at the same time, so every test works on
// items carrying a tag of its own and asserts only about those. Ordering is in
// admin-content-order.spec.ts.

/** A word no other test's names contain. */
const newTag = (project: string) => `T${project.slice(0, 1)}${randomBytes(4).toString("hex")}`;

/** The items of a content list (each an <li id="item-<id>">), those showing `text`. */
const listItem = (page: Page, text: string) => page.locator('li[id^="item-"]').filter({ hasText: text });
const toast = (page: Page, text: string) => page.getByText(text, { exact: true });
const field = (scope: Locator, name: string) => scope.getByRole("textbox", { name, exact: true });

async function openList(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  await waitForInteractive(page);
}

/** The Add link: 'Add Speaker' over a list, 'Add Your First Speaker' in the empty state (other tests decide which). */
function addLink(page: Page, noun: string): Locator {
  return page.getByRole("link", { name: new RegExp(`^Add (Your First )?${noun}$`) });
}

async function expectFocusInside(dialog: Locator) {
  await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
}

/** The landing page, fresh (its data is cached in memory until a write drops it). */
async function openLanding(page: Page) {
  await page.goto("/");
  await expect(page.locator("#home").getByRole("heading", { level: 1 })).toBeVisible();
}

/** A content item through a plain form post, as a browser without JavaScript sends it (setup for other checks). */
async function createViaRequest(page: Page, list: string, fields: Record<string, string>) {
  const response = await page.request.post(`/admin/${list}/new`, {
    multipart: fields,
    headers: { Origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect(response.status(), (await response.text()).slice(0, 300)).toBe(302);
}

test.describe("with JavaScript", () => {
  test("speakers: add with validation, edit and delete in the dialog; the landing page follows", async ({
    adminPage: page,
    failOnPageErrors: _,
  }, testInfo) => {
    test.slow(); // three round trips to the landing page
    const tag = newTag(testInfo.project.name);
    const name = `Ƙasimu Ɗanjuma 🎤 <b>x</b> ${tag}`;
    const title = "Commissioner for Youth, Zamfara";
    const bio = "Mai magana kan zaman lafiya da cigaban matasa.";
    await openList(page, "/admin/speakers", "Speakers");

    await addLink(page, "Speaker").click();
    await expect(page).toHaveURL(/\/admin\/speakers\/new$/);
    const dialog = page.getByRole("dialog", { name: "Add New Speaker" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute("aria-modal", "true");
    await expectFocusInside(dialog);

    // Nothing typed: both required fields say so, each under its own field.
    await dialog.getByRole("button", { name: "Add Speaker" }).click();
    for (const label of ["Name", "Title"]) {
      await expect(field(dialog, label)).toHaveAttribute("aria-invalid", "true");
      await expect(field(dialog, label)).toHaveAccessibleDescription("Please fill in all required fields");
    }
    await expect(dialog).toBeVisible();

    await field(dialog, "Name").fill(name);
    await field(dialog, "Title").fill(title);
    await dialog.getByRole("combobox", { name: "Type" }).selectOption("Keynote");
    await field(dialog, "Bio").fill(bio);
    await expect(field(dialog, "Name")).not.toHaveAttribute("aria-invalid", "true");
    await dialog.getByRole("button", { name: "Add Speaker" }).click();
    await expect(toast(page, "Speaker added successfully!")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/admin\/speakers$/);
    const card = listItem(page, tag);
    await expect(card.getByRole("heading", { level: 2 })).toHaveText(name);
    await expect(card.locator("b")).toHaveCount(0);
    await expect(card.getByText("Keynote", { exact: true })).toBeVisible();
    await expect(card).toContainText(title);

    // The list is not empty now: 'Add Speaker'; Escape closes the dialog and focus returns to it.
    const add = page.getByRole("link", { name: "Add Speaker", exact: true });
    await add.click();
    await expect(dialog).toBeVisible();
    await expectFocusInside(dialog);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/admin\/speakers$/);
    await expect(add).toBeFocused();

    await openLanding(page);
    const onLanding = page.locator("#speakers [data-speaker-type]").filter({ hasText: tag });
    await expect(onLanding.getByRole("heading", { level: 3 })).toHaveText(name);
    await expect(onLanding.locator("b")).toHaveCount(0);
    await expect(onLanding).toContainText("Keynote");
    await expect(onLanding).toContainText(title);

    // Edit: the form comes prefilled.
    await openList(page, "/admin/speakers", "Speakers");
    await page.getByRole("link", { name: `Edit ${name}` }).click();
    const editing = page.getByRole("dialog", { name: "Edit Speaker" });
    await expect(editing).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/speakers\/[0-9a-f-]{36}\/edit$/);
    await expect(field(editing, "Name")).toHaveValue(name);
    await expect(field(editing, "Title")).toHaveValue(title);
    await expect(editing.getByRole("combobox", { name: "Type" })).toHaveValue("Keynote");
    await expect(field(editing, "Bio")).toHaveValue(bio);
    const newTitle = `Special Adviser ${tag}`;
    await field(editing, "Title").fill(newTitle);
    await editing.getByRole("button", { name: "Save Changes" }).click();
    await expect(toast(page, "Speaker updated successfully!")).toBeVisible();
    await expect(editing).toBeHidden();
    await expect(card).toContainText(newTitle);
    await openLanding(page);
    await expect(onLanding).toContainText(newTitle);

    // Delete, after the question.
    await openList(page, "/admin/speakers", "Speakers");
    await page.getByRole("link", { name: `Delete ${name}` }).click();
    const confirm = page.getByRole("dialog", { name: "Delete Speaker" });
    await expect(confirm).toContainText(`Are you sure you want to delete ${name}?`);
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Speaker deleted successfully!")).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(card).toHaveCount(0);
    await openLanding(page);
    await expect(page.getByText(tag)).toHaveCount(0);
  });

  test("a speaker's Hausa title and bio: /?lang=ha shows them, /?lang=en the English; clearing the bio's brings the English back", async ({
    adminPage: page,
    failOnPageErrors: _,
  }, testInfo) => {
    test.slow(); // three round trips to the landing page
    const tag = newTag(testInfo.project.name);
    const name = `Hauwa Ɓello ${tag}`;
    const english = { title: "Youth lead", bio: `Works with young farmers in Gusau ${tag}.` };
    const hausa = { title: "Shugabar matasa", bio: `Tana aiki da manoma matasa a Gusau ${tag}.` };
    await openList(page, "/admin/speakers", "Speakers");
    await addLink(page, "Speaker").click();
    const dialog = page.getByRole("dialog", { name: "Add New Speaker" });
    await field(dialog, "Name").fill(name);
    await field(dialog, "Title").fill(english.title);
    await field(dialog, "Title in Hausa (optional)").fill(hausa.title);
    await dialog.getByRole("combobox", { name: "Type" }).selectOption("Keynote");
    await field(dialog, "Bio").fill(english.bio);
    await field(dialog, "Bio in Hausa (optional)").fill(hausa.bio);
    await expect(field(dialog, "Bio in Hausa (optional)")).toHaveAttribute("lang", "ha");
    await dialog.getByRole("button", { name: "Add Speaker" }).click();
    await expect(toast(page, "Speaker added successfully!")).toBeVisible();

    const onLanding = page.locator("#speakers [data-speaker-type]").filter({ hasText: tag });
    await page.goto("/?lang=ha");
    await expect(onLanding.getByRole("heading", { level: 3 })).toHaveText(name);
    await expect(onLanding).toContainText(hausa.title);
    await expect(onLanding).toContainText(hausa.bio);
    await expect(onLanding).not.toContainText(english.bio);
    await page.goto("/?lang=en");
    await expect(onLanding.getByRole("heading", { level: 3 })).toHaveText(name);
    await expect(onLanding).toContainText(english.title);
    await expect(onLanding).toContainText(english.bio);
    await expect(onLanding).not.toContainText(hausa.bio);

    // The edit form shows the Hausa versions; an emptied one is removed and the English shows instead.
    await openList(page, "/admin/speakers", "Speakers");
    await page.getByRole("link", { name: `Edit ${name}` }).click();
    const editing = page.getByRole("dialog", { name: "Edit Speaker" });
    await expect(field(editing, "Title in Hausa (optional)")).toHaveValue(hausa.title);
    await expect(field(editing, "Bio in Hausa (optional)")).toHaveValue(hausa.bio);
    await field(editing, "Bio in Hausa (optional)").fill("");
    await editing.getByRole("button", { name: "Save Changes" }).click();
    await expect(toast(page, "Speaker updated successfully!")).toBeVisible();
    await page.goto("/?lang=ha");
    await expect(onLanding).toContainText(hausa.title);
    await expect(onLanding).toContainText(english.bio);

    await openList(page, "/admin/speakers", "Speakers");
    await page.getByRole("link", { name: `Delete ${name}` }).click();
    await page.getByRole("dialog", { name: "Delete Speaker" }).getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Speaker deleted successfully!")).toBeVisible();
  });

  test("a Chief Host shows under Organizers, not in the Speakers grid", async ({ adminPage: page, failOnPageErrors: _ }, testInfo) => {
    const tag = newTag(testInfo.project.name);
    const name = `Alhaji Sani ${tag}`;
    await openList(page, "/admin/speakers", "Speakers");
    await addLink(page, "Speaker").click();
    const dialog = page.getByRole("dialog", { name: "Add New Speaker" });
    await field(dialog, "Name").fill(name);
    await field(dialog, "Title").fill("Chief Host, Zamfara State");
    await dialog.getByRole("combobox", { name: "Type" }).selectOption("Chief Host");
    await dialog.getByRole("button", { name: "Add Speaker" }).click();
    await expect(toast(page, "Speaker added successfully!")).toBeVisible();
    await expect(listItem(page, tag).getByText("Chief Host", { exact: true })).toBeVisible();
    try {
      await openLanding(page);
      const organizer = page.locator("#organizers article").filter({ hasText: tag });
      await expect(organizer).toHaveCount(1);
      await expect(organizer).toContainText("Chief Host");
      await expect(page.locator("#speakers").getByText(tag)).toHaveCount(0);
    } finally {
      // An extra Chief Host would replace the default organizer card for everyone: remove it.
      await openList(page, "/admin/speakers", "Speakers");
      await page.getByRole("link", { name: `Delete ${name}` }).click();
      await page.getByRole("dialog", { name: "Delete Speaker" }).getByRole("button", { name: "Delete" }).click();
      await expect(toast(page, "Speaker deleted successfully!")).toBeVisible();
    }
  });

  test("special guests: add, edit and delete; the Special Guests grid follows", async ({
    adminPage: page,
    failOnPageErrors: _,
  }, testInfo) => {
    const tag = newTag(testInfo.project.name);
    const name = `Hajiya Ɓilkisu ${tag}`;
    await openList(page, "/admin/special-guests", "Special Guests");
    const add = addLink(page, "Special Guest");
    if ((await add.textContent())?.includes("Your First")) await expect(page.getByText("No special guests added yet.")).toBeVisible();
    await add.click();
    const dialog = page.getByRole("dialog", { name: "Add New Special Guest" });
    await field(dialog, "Full Name").fill(name);
    await field(dialog, "Title").fill("Emir's representative");
    await field(dialog, "Bio").fill("Guest of the summit.");
    await dialog.getByRole("button", { name: "Add Special guest" }).click();
    await expect(toast(page, "Special guest added successfully!")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(listItem(page, tag)).toContainText("Special Guest");

    const guests = () => page.getByRole("heading", { level: 3, name: "Special Guests" }).locator("xpath=..");
    await openLanding(page);
    await expect(guests().locator("article").filter({ hasText: tag })).toContainText("Emir's representative");

    await openList(page, "/admin/special-guests", "Special Guests");
    await page.getByRole("link", { name: `Edit ${name}` }).click();
    const editing = page.getByRole("dialog", { name: "Edit Special Guest" });
    await expect(field(editing, "Full Name")).toHaveValue(name);
    await field(editing, "Title").fill(`Emir of Gusau ${tag}`);
    await editing.getByRole("button", { name: "Save Changes" }).click();
    await expect(toast(page, "Special guest updated successfully!")).toBeVisible();
    await openLanding(page);
    await expect(guests().locator("article").filter({ hasText: tag })).toContainText(`Emir of Gusau ${tag}`);

    await openList(page, "/admin/special-guests", "Special Guests");
    await page.getByRole("link", { name: `Delete ${name}` }).click();
    const confirm = page.getByRole("dialog", { name: "Delete Special guest" });
    await expect(confirm).toContainText(`Are you sure you want to delete ${name}?`);
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Special guest deleted successfully!")).toBeVisible();
    await expect(listItem(page, tag)).toHaveCount(0);
    await openLanding(page);
    await expect(page.getByText(tag)).toHaveCount(0);
  });

  test("agenda: an item linked to a speaker keeps the name after the speaker is deleted", async ({
    adminPage: page,
    failOnPageErrors: _,
  }, testInfo) => {
    test.slow();
    const tag = newTag(testInfo.project.name);
    const speaker = { name: `Dr. Zainab Ƙaura ${tag}`, title: "Youth Advocate" };
    const title = `Panel: peace & youth ${tag}`;
    await openList(page, "/admin/agenda", "Agenda");
    await createViaRequest(page, "speakers", { ...speaker, speaker_type: "Panelist", bio: "", image_url: "" });

    await addLink(page, "Agenda Item").click();
    const dialog = page.getByRole("dialog", { name: "Add New Agenda Item" });
    await field(dialog, "Time").fill("10:00 - 11:00 AM");
    await field(dialog, "Title").fill(title);
    await dialog.getByRole("combobox", { name: "Speaker", exact: true }).selectOption({ label: `${speaker.name} (${speaker.title})` });
    await field(dialog, "Description").fill("Young people and leaders in dialogue.");
    await dialog.getByRole("button", { name: "Add Agenda item" }).click();
    await expect(toast(page, "Agenda item added successfully!")).toBeVisible();
    await expect(listItem(page, tag)).toContainText(speaker.name);

    const onLanding = page.locator("#agenda li").filter({ hasText: title });
    await openLanding(page);
    await expect(onLanding).toContainText(speaker.name);
    await expect(onLanding).toContainText("10:00 - 11:00 AM");

    await openList(page, "/admin/agenda", "Agenda");
    await page.getByRole("link", { name: `Edit ${title}` }).click();
    const editing = page.getByRole("dialog", { name: "Edit Agenda Item" });
    await expect(field(editing, "Title")).toHaveValue(title);
    await expect(editing.getByRole("combobox", { name: "Speaker", exact: true })).not.toHaveValue("");
    await field(editing, "Time").fill("11:30 AM");
    await editing.getByRole("button", { name: "Save Changes" }).click();
    await expect(toast(page, "Agenda item updated successfully!")).toBeVisible();
    await openLanding(page);
    await expect(onLanding).toContainText("11:30 AM");

    // The linked speaker goes: the item keeps showing the name.
    await openList(page, "/admin/speakers", "Speakers");
    await page.getByRole("link", { name: `Delete ${speaker.name}` }).click();
    await page.getByRole("dialog", { name: "Delete Speaker" }).getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Speaker deleted successfully!")).toBeVisible();
    await openLanding(page);
    await expect(onLanding).toContainText(speaker.name);

    await openList(page, "/admin/agenda", "Agenda");
    await expect(listItem(page, tag)).toContainText(speaker.name);
    await page.getByRole("link", { name: `Delete ${title}` }).click();
    const confirm = page.getByRole("dialog", { name: "Delete Agenda item" });
    await expect(confirm).toContainText(`Are you sure you want to delete "${title}"?`);
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Agenda item deleted successfully!")).toBeVisible();
    await expect(listItem(page, tag)).toHaveCount(0);
    await openLanding(page);
    await expect(page.getByText(tag)).toHaveCount(0);
  });

  test("partners: a javascript: website is refused, an https one is a safe link on the landing page", async ({
    adminPage: page,
    failOnPageErrors: _,
  }, testInfo) => {
    const tag = newTag(testInfo.project.name);
    const name = `Gusau Youth Forum ${tag}`;
    const website = `https://example.org/partners/${tag}`;
    await openList(page, "/admin/partners", "Partners");
    const add = addLink(page, "Partner");
    if ((await add.textContent())?.includes("Your First")) await expect(page.getByText("No partners added yet.")).toBeVisible();
    await add.click();
    const dialog = page.getByRole("dialog", { name: "Add New Partner" });
    await field(dialog, "Name").fill(name);
    await field(dialog, "Website").fill("javascript:alert(1)");
    await dialog.getByRole("button", { name: "Add Partner" }).click();
    await expect(field(dialog, "Website")).toHaveAccessibleDescription(
      "Please enter a website address, such as www.example.org or https://example.org",
    );
    await expect(dialog).toBeVisible();
    await field(dialog, "Website").fill(website);
    await dialog.getByRole("button", { name: "Add Partner" }).click();
    await expect(toast(page, "Partner added successfully!")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(listItem(page, tag).getByRole("link", { name: website.replace("https://", "") })).toHaveAttribute("href", website);

    const partners = page.getByRole("region", { name: "Our Partners" });
    await openLanding(page);
    const link = partners.getByRole("link", { name });
    await expect(link).toHaveAttribute("href", website);
    await expect(link).toHaveAttribute("rel", /\bnoopener\b/);
    await expect(link).toHaveAttribute("target", "_blank");

    await openList(page, "/admin/partners", "Partners");
    await page.getByRole("link", { name: `Edit ${name}` }).click();
    const editing = page.getByRole("dialog", { name: "Edit Partner" });
    await expect(field(editing, "Website")).toHaveValue(website);
    await field(editing, "Name").fill(`${name} Ƙungiya`);
    await editing.getByRole("button", { name: "Save Changes" }).click();
    await expect(toast(page, "Partner updated successfully!")).toBeVisible();
    await openLanding(page);
    await expect(partners.getByRole("link", { name: `${name} Ƙungiya` })).toHaveAttribute("href", website);

    await openList(page, "/admin/partners", "Partners");
    await page.getByRole("link", { name: `Delete ${name} Ƙungiya` }).click();
    const confirm = page.getByRole("dialog", { name: "Delete Partner" });
    await expect(confirm).toContainText(`Are you sure you want to delete ${name} Ƙungiya?`);
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Partner deleted successfully!")).toBeVisible();
    await expect(listItem(page, tag)).toHaveCount(0);
    await openLanding(page);
    await expect(partners.getByText(tag)).toHaveCount(0);
  });
});

test.describe("without JavaScript", () => {
  test.beforeEach(({ browserName: _ }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "the no-JavaScript screens are the same at any width");
  });

  test("add a speaker through the form page (errors keep what was typed), delete through the confirmation page", async ({
    browser,
  }, testInfo) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: testInfo.project.use.baseURL });
    const page = await context.newPage();
    const tag = newTag(testInfo.project.name);
    const name = `Ɗahiru Ƙwaido ${tag}`;
    await signInAsAdmin(page);
    await page.goto("/admin/speakers/new");
    const dialog = page.getByRole("dialog", { name: "Add New Speaker" });
    await expect(dialog).toBeVisible();

    // No title: the server answers with the form, the error under Title and the rest as typed.
    await field(dialog, "Name").fill(name);
    await dialog.getByRole("combobox", { name: "Type" }).selectOption("Moderator");
    await field(dialog, "Bio").fill("Moderates the youth panel.");
    await dialog.getByRole("button", { name: "Add Speaker" }).click();
    await expect(field(dialog, "Title")).toHaveAccessibleDescription("Please fill in all required fields");
    await expect(field(dialog, "Name")).toHaveValue(name);
    await expect(dialog.getByRole("combobox", { name: "Type" })).toHaveValue("Moderator");
    await expect(field(dialog, "Bio")).toHaveValue("Moderates the youth panel.");
    await expect(page).toHaveURL(/\/admin\/speakers\/new$/);

    await field(dialog, "Title").fill("Radio presenter");
    await dialog.getByRole("button", { name: "Add Speaker" }).click();
    await expect(page).toHaveURL(/\/admin\/speakers$/);
    await expect(toast(page, "Speaker added successfully!")).toBeVisible();
    await expect(dialog).toBeHidden();
    const card = listItem(page, tag);
    await expect(card.getByRole("heading", { level: 2 })).toHaveText(name);
    await expect(card).toContainText("Moderator");

    await page.getByRole("link", { name: `Delete ${name}` }).click();
    await expect(page).toHaveURL(/\/admin\/speakers\?delete=[0-9a-f-]{36}$/);
    const confirm = page.getByRole("dialog", { name: "Delete Speaker" });
    await expect(confirm).toContainText(`Are you sure you want to delete ${name}?`);
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Speaker deleted successfully!")).toBeVisible();
    await expect(page).not.toHaveURL(/delete=/);
    await expect(card).toHaveCount(0);
    await context.close();
  });

  test("a too long Hausa bio is refused under its own field, and every version typed comes back", async ({ browser }, testInfo) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: testInfo.project.use.baseURL });
    const page = await context.newPage();
    const tag = newTag(testInfo.project.name);
    await signInAsAdmin(page);
    await page.goto("/admin/special-guests/new");
    const dialog = page.getByRole("dialog", { name: "Add New Special Guest" });
    await field(dialog, "Full Name").fill(`Dr. Grace ${tag}`);
    await field(dialog, "Title").fill("Envoy");
    await field(dialog, "Title in Hausa (optional)").fill("Jakada");
    await field(dialog, "Bio in Hausa (optional)").fill("ƙ".repeat(2001));
    await dialog.getByRole("button", { name: "Add Special guest" }).click();
    await expect(field(dialog, "Bio in Hausa (optional)")).toHaveAccessibleDescription("Please keep this under 2000 characters");
    await expect(field(dialog, "Title in Hausa (optional)")).toHaveValue("Jakada");
    await expect(field(dialog, "Full Name")).toHaveValue(`Dr. Grace ${tag}`);

    await field(dialog, "Bio in Hausa (optional)").fill("Jakadiyar matasa.");
    await dialog.getByRole("button", { name: "Add Special guest" }).click();
    await expect(toast(page, "Special guest added successfully!")).toBeVisible();
    await page.goto("/?lang=ha");
    const card = page.locator("#speakers article").filter({ hasText: tag });
    await expect(card).toContainText("Jakada");
    await expect(card).toContainText("Jakadiyar matasa.");
    await context.close();
  });

  test("a 10,000-character bio is refused and the other fields keep what was typed", async ({ browser }, testInfo) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: testInfo.project.use.baseURL });
    const page = await context.newPage();
    const tag = newTag(testInfo.project.name);
    const name = `Long Bio ${tag}`;
    await signInAsAdmin(page);
    await page.goto("/admin/speakers/new");
    const dialog = page.getByRole("dialog", { name: "Add New Speaker" });
    await field(dialog, "Name").fill(name);
    await field(dialog, "Title").fill("Author");
    await dialog.getByRole("combobox", { name: "Type" }).selectOption("Panelist");
    await field(dialog, "Bio").fill("ƙ".repeat(10_000));
    await dialog.getByRole("button", { name: "Add Speaker" }).click();
    await expect(field(dialog, "Bio")).toHaveAccessibleDescription("Please keep this under 2000 characters");
    await expect(field(dialog, "Name")).toHaveValue(name);
    await expect(field(dialog, "Title")).toHaveValue("Author");
    await expect(dialog.getByRole("combobox", { name: "Type" })).toHaveValue("Panelist");
    await expect(toast(page, "Speaker not saved: please check the fields marked below.")).toBeVisible();

    await page.goto("/admin/speakers");
    await expect(page.getByRole("heading", { level: 1, name: "Speakers" })).toBeVisible();
    await expect(listItem(page, tag)).toHaveCount(0);
    await context.close();
  });
});

/** The pages checked with axe; a list gets one item of the test's own first, so its cards and controls are checked too. */
const A11Y_PAGES: { path: string; heading: string; item?: (tag: string) => Record<string, string> }[] = [
  {
    path: "/admin/speakers",
    heading: "Speakers",
    item: (tag) => ({ name: `Axe Check ${tag}`, title: "Keynote speaker", speaker_type: "Keynote", bio: "Bio.", image_url: "" }),
  },
  { path: "/admin/speakers/new", heading: "Speakers" },
  {
    path: "/admin/agenda",
    heading: "Agenda",
    item: (tag) => ({
      time: "9:00 AM",
      title: `Axe Check ${tag}`,
      speaker_id: "",
      speaker_name: "Several speakers",
      description: "Opening.",
    }),
  },
  {
    path: "/admin/partners",
    heading: "Partners",
    item: (tag) => ({ name: `Axe Check ${tag}`, website_url: "https://example.org/", logo_url: "" }),
  },
  {
    path: "/admin/special-guests",
    heading: "Special Guests",
    item: (tag) => ({ name: `Axe Check ${tag}`, title: "Guest", bio: "", image_url: "" }),
  },
  { path: "/admin/settings", heading: "Event Settings" },
];

test.describe("accessibility", () => {
  for (const { path, heading, item } of A11Y_PAGES) {
    test(`no axe violations and no sideways scrolling on ${path}`, async ({ adminPage: page, failOnPageErrors: _ }, testInfo) => {
      const tag = newTag(testInfo.project.name);
      if (item) await createViaRequest(page, path.replace("/admin/", ""), item(tag));
      try {
        await openList(page, path, heading);
        if (path.endsWith("/new")) await expect(page.getByRole("dialog", { name: "Add New Speaker" })).toBeVisible();
        if (item) await expect(listItem(page, tag)).toBeVisible();
        await page.screenshot({ path: testInfo.outputPath("page.png"), fullPage: true });
        await expectNoViolations(page, path);
        const width = page.viewportSize()?.width ?? 0;
        expect(await page.evaluate(() => document.documentElement.scrollWidth), "no horizontal scroll").toBeLessThanOrEqual(width);
        if (item) {
          // The delete confirmation over the list.
          await listItem(page, tag)
            .getByRole("link", { name: /^Delete / })
            .click();
          await expect(page.getByRole("dialog", { name: /^Delete / })).toBeVisible();
          await expectNoViolations(page, `${path}, the delete confirmation`);
          await page
            .getByRole("dialog", { name: /^Delete / })
            .getByRole("button", { name: "Delete" })
            .click();
          await expect(listItem(page, tag)).toHaveCount(0);
        }
      } finally {
        if (item && (await listItem(page, tag).count()) > 0) {
          const id = ((await listItem(page, tag).getAttribute("id")) ?? "").replace(/^item-/, "");
          await page.request.post(path, { form: { intent: "delete", id }, headers: { Origin: new URL(page.url()).origin } });
        }
      }
    });
  }
});
