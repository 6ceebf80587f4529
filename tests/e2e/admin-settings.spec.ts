import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { signInAsAdmin } from "../support/admin-session";
import { docsScreenshot } from "../support/docs-screenshot";
import { expect, test } from "../support/fixtures";
import { waitForInteractive } from "../support/hydration";
import { type PrivateSite, startPrivateSite } from "../support/private-site";
import { makeRegistrant, registerViaRequest } from "../support/register-helper";
import { smallPng } from "../support/test-images";

// Event Settings. There is one settings row for the whole site, which every other test reads,
// so the tests that save a change run against a server of their own (tests/support/private-site.ts;
// one per worker, desktop project only), one after another in this file. The tests whose change
// is refused run on the shared server, on both projects.

const newTag = (project: string) => `T${project.slice(0, 1)}${randomBytes(4).toString("hex")}`;
const SAVED = "Event settings saved successfully!";
const CAPACITY_MESSAGE = "Maximum attendees must be a whole number from 1 to 10,000";
const WEB_ADDRESS_MESSAGE = "Please enter a website address, such as www.example.org or https://example.org";

const textbox = (page: Page, label: string) => page.getByRole("textbox", { name: label, exact: true });
const maxAttendees = (page: Page) => page.getByRole("spinbutton", { name: "Maximum attendees" });
const registrationToggle = (page: Page) => page.getByRole("checkbox", { name: /^Registration open/ });
const saveButton = (page: Page) => page.getByRole("button", { name: "Save Event Settings" });
// Time inputs have no textbox role: found by their labels.
const startsAt = (page: Page) => page.getByLabel(/^Starts at\b/);
const endsAt = (page: Page) => page.getByLabel(/^Ends at\b/);
const END_AFTER_START_MESSAGE = "The event must end after it starts (on the same day)";

function desktopOnly(projectName: string) {
  test.skip(projectName !== "desktop", "a server of its own per worker: once, on the desktop project");
}

// One server per worker, started by the first test that asks for it, stopped after the file.
let site: Promise<PrivateSite> | undefined;
test.afterAll(async () => {
  await (await site)?.stop();
  site = undefined;
});

/** `sitePage`: signed in as the e2e admin on this worker's own server (desktop project only). */
const siteTest = test.extend<{ sitePage: Page }>({
  sitePage: async ({ browser }, use, testInfo) => {
    testInfo.skip(testInfo.project.name !== "desktop", "a server of its own per worker: once, on the desktop project");
    testInfo.setTimeout(testInfo.timeout + 90_000); // the first test starts the server
    site ??= startPrivateSite();
    const { url } = await site;
    const { viewport, isMobile, hasTouch } = testInfo.project.use;
    const context = await browser.newContext({ baseURL: url, viewport, isMobile, hasTouch });
    const page = await context.newPage();
    await signInAsAdmin(page);
    await use(page);
    await context.close();
  },
});

async function openSettings(page: Page) {
  await page.goto("/admin/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Event Settings" })).toBeVisible();
  await waitForInteractive(page);
}

async function save(page: Page) {
  await saveButton(page).click();
  await expect(page.getByText(SAVED, { exact: true })).toBeVisible();
}

/** The values of these text fields as the form shows them now. */
async function readTextboxes(page: Page, labels: readonly string[]): Promise<Record<string, string>> {
  const values: Record<string, string> = {};
  for (const label of labels) values[label] = await textbox(page, label).inputValue();
  return values;
}

/** Puts these text fields back as they were, saving only if one differs. */
async function restoreTextboxes(page: Page, values: Record<string, string>) {
  await openSettings(page);
  let changed = false;
  for (const [label, value] of Object.entries(values)) {
    if ((await textbox(page, label).inputValue()) === value) continue;
    await textbox(page, label).fill(value);
    changed = true;
  }
  if (changed) await save(page);
}

siteTest(
  "saved details show on the landing page: name, venue, time, about, contact e-mail, social link",
  async ({ sitePage: page }, testInfo) => {
    desktopOnly(testInfo.project.name);
    const tag = newTag(testInfo.project.name);
    const values = {
      "Event name": `Zamfara Youth Summit ${tag}`,
      "Venue name": `Ɗakin Taro na Ƙungiyar Matasa, Gusau ${tag}`,
      "About the summit": `Taron matasa kan zaman lafiya da ci gaba — ${tag}.`,
      "Contact email": `taro-${tag.toLowerCase()}@example.org`,
      Facebook: `https://www.facebook.com/zamfarayouth${tag}`,
    };
    await openSettings(page);
    for (const section of [
      "Event Details",
      "Summit Description",
      "Contact Information",
      "Registration Settings",
      "Personal Data",
      "Guest of Honor",
      "Social Links",
    ]) {
      await expect(page.getByRole("heading", { name: section })).toBeVisible();
    }
    await docsScreenshot(page, "settings.png");
    const original = await readTextboxes(page, Object.keys(values));
    const originalEnd = await endsAt(page).inputValue();
    try {
      for (const [label, value] of Object.entries(values)) await textbox(page, label).fill(value);
      // The same start: the countdown and the tickets' calendar stay put.
      await expect(startsAt(page)).toHaveValue("08:00");
      await endsAt(page).fill("16:00");
      await save(page);
      for (const [label, value] of Object.entries(values)) await expect(textbox(page, label)).toHaveValue(value);
      await expect(endsAt(page)).toHaveValue("16:00");

      await page.goto("/");
      await expect(page.locator("#home").getByRole("heading", { level: 1 })).toHaveText(values["Event name"]);
      await expect(page.locator("#home")).toContainText(values["Venue name"]);
      await expect(page.locator("#home")).toContainText("8:00 AM - 4:00 PM");
      await expect(page.locator("#about")).toContainText(values["About the summit"]);
      const footer = page.getByRole("contentinfo");
      await expect(footer.getByRole("link", { name: values["Contact email"] })).toHaveAttribute(
        "href",
        `mailto:${values["Contact email"]}`,
      );
      await expect(footer).toContainText(values["Venue name"]);
      const facebook = footer.getByRole("link", { name: "Facebook" });
      await expect(facebook).toHaveAttribute("href", values.Facebook);
      await expect(facebook).toHaveAttribute("rel", /\bnoopener\b/);
    } finally {
      await restoreTextboxes(page, original);
      if ((await endsAt(page).inputValue()) !== originalEnd) {
        await endsAt(page).fill(originalEnd);
        await save(page);
      }
    }
    await page.goto("/");
    await expect(page.locator("#home").getByRole("heading", { level: 1 })).toHaveText(original["Event name"] ?? "");
  },
);

siteTest(
  "the Hausa versions of the about text, venue and guest of honour's title show on /?lang=ha only",
  async ({ sitePage: page }, testInfo) => {
    desktopOnly(testInfo.project.name);
    const tag = newTag(testInfo.project.name);
    const hausa = {
      "About the summit in Hausa (optional)": `Taron matasa kan zaman lafiya — ${tag}.`,
      "Venue name in Hausa (optional)": `Zauren Sakatariya, Gusau ${tag}`,
      "Title in Hausa (optional)": `Gwamnan Jihar Zamfara ${tag}`,
    };
    await openSettings(page);
    const english = await readTextboxes(page, ["About the summit", "Venue name", "Title"]);
    const original = await readTextboxes(page, Object.keys(hausa));
    try {
      for (const [label, value] of Object.entries(hausa)) await textbox(page, label).fill(value);
      await save(page);
      for (const [label, value] of Object.entries(hausa)) await expect(textbox(page, label)).toHaveValue(value);

      await page.goto("/?lang=ha");
      await expect(page.locator("#about")).toContainText(hausa["About the summit in Hausa (optional)"]);
      await expect(page.locator("#home")).toContainText(hausa["Venue name in Hausa (optional)"]);
      await expect(page.locator("#home")).toContainText(hausa["Title in Hausa (optional)"]);
      await page.goto("/?lang=en");
      await expect(page.locator("#about")).toContainText(english["About the summit"] ?? "");
      await expect(page.locator("#home")).toContainText(english["Venue name"] ?? "");
      await expect(page.locator("body")).not.toContainText(tag);
    } finally {
      await restoreTextboxes(page, original);
    }
    await page.goto("/?lang=ha");
    await expect(page.locator("body")).not.toContainText(tag);
  },
);

test("an invalid e-mail, a javascript: link and a capacity outside 1–10,000 are refused with messages", async ({
  adminPage: page,
  failOnPageErrors: _,
}) => {
  await openSettings(page);

  await textbox(page, "Contact email").fill("not-an-email");
  await textbox(page, "Instagram").fill("javascript:alert(1)");
  await maxAttendees(page).fill("0");
  await startsAt(page).fill("17:00");
  await endsAt(page).fill("08:00");
  await saveButton(page).click();
  await expect(textbox(page, "Contact email")).toHaveAccessibleDescription("Please enter a valid email address");
  await expect(endsAt(page)).toHaveAccessibleDescription(END_AFTER_START_MESSAGE);
  await expect(textbox(page, "Instagram")).toHaveAccessibleDescription(WEB_ADDRESS_MESSAGE);
  await expect(maxAttendees(page)).toHaveAccessibleDescription(CAPACITY_MESSAGE);
  await expect(textbox(page, "Contact email")).toHaveAttribute("aria-invalid", "true");

  await maxAttendees(page).fill("10001");
  await saveButton(page).click();
  await expect(maxAttendees(page)).toHaveAccessibleDescription(CAPACITY_MESSAGE);
  await expect(page.getByText(SAVED)).toHaveCount(0);

  // Nothing was saved (compared with what was refused: the desktop project may be saving other values meanwhile).
  await openSettings(page);
  await expect(textbox(page, "Contact email")).not.toHaveValue("not-an-email");
  await expect(textbox(page, "Instagram")).not.toHaveValue("javascript:alert(1)");
  await expect(maxAttendees(page)).not.toHaveValue(/^(0|10001)$/);
  await expect(endsAt(page)).not.toHaveValue("08:00");
});

test("without JavaScript the server refuses the same values and keeps what was typed", async ({ browser }, testInfo) => {
  desktopOnly(testInfo.project.name);
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: testInfo.project.use.baseURL });
  const page = await context.newPage();
  await signInAsAdmin(page);
  await page.goto("/admin/settings");
  const originalMax = await maxAttendees(page).inputValue();
  await textbox(page, "Facebook").fill("javascript:alert(document.cookie)");
  await maxAttendees(page).fill("10001");
  const originalStart = await startsAt(page).inputValue();
  await endsAt(page).fill(originalStart);
  await saveButton(page).click();
  await expect(textbox(page, "Facebook")).toHaveAccessibleDescription(WEB_ADDRESS_MESSAGE);
  await expect(textbox(page, "Facebook")).toHaveValue("javascript:alert(document.cookie)");
  await expect(endsAt(page)).toHaveAccessibleDescription(END_AFTER_START_MESSAGE);
  await expect(endsAt(page)).toHaveValue(originalStart);
  await expect(maxAttendees(page)).toHaveAccessibleDescription(CAPACITY_MESSAGE);
  await expect(page.getByText("Failed to save settings. Please try again.")).toBeVisible();
  await page.goto("/admin/settings");
  await expect(maxAttendees(page)).toHaveValue(originalMax);
  await expect(textbox(page, "Facebook")).not.toHaveValue(/javascript:/);
  await context.close();
});

// No failOnPageErrors: the refusal is a 409 response, which the browser logs as a console error.
siteTest("the maximum cannot go below the people already registered", async ({ sitePage: page }, testInfo) => {
  desktopOnly(testInfo.project.name);
  const tag = newTag(testInfo.project.name);
  await registerViaRequest(page.request, makeRegistrant({ fullName: `Capacity ${tag} One` }));
  await registerViaRequest(page.request, makeRegistrant({ fullName: `Capacity ${tag} Two` }));
  await openSettings(page);
  const originalMax = await maxAttendees(page).inputValue();
  const description = (await page.getByText(/registered so far\.$/).textContent()) ?? "";
  const registered = Number(/([\d,]+) registered so far/.exec(description)?.[1]?.replace(/,/g, ""));
  expect(registered, description).toBeGreaterThanOrEqual(2);

  try {
    await maxAttendees(page).fill(String(registered - 1));
    await saveButton(page).click();
    // Others may register meanwhile: the message names the count at the moment of saving, never less.
    const refusal = /^([\d,]+) people have already registered\. Maximum attendees cannot be lower than ([\d,]+)\.$/;
    await expect(maxAttendees(page)).toHaveAccessibleDescription(refusal);
    const said = (await maxAttendees(page).getAttribute("aria-describedby"))?.split(" ") ?? [];
    const text = (await page.locator(`[id="${said.at(-1)}"]`).textContent()) ?? "";
    const [, count, floor] = refusal.exec(text) ?? [];
    expect(count).toBe(floor);
    expect(Number(count?.replace(/,/g, ""))).toBeGreaterThanOrEqual(registered);
    await expect(page.getByRole("alert").filter({ hasText: "people have already registered" }).first()).toBeVisible();
    await expect(page.getByText(SAVED)).toHaveCount(0);

    await openSettings(page);
    await expect(maxAttendees(page)).toHaveValue(originalMax);
  } finally {
    // Never leave the capacity low: other tests register people.
    await openSettings(page);
    if ((await maxAttendees(page).inputValue()) !== originalMax) {
      await maxAttendees(page).fill(originalMax);
      await save(page);
    }
  }
});

siteTest("registration closed by the toggle: /register says so; open again afterwards", async ({ sitePage: page }, testInfo) => {
  desktopOnly(testInfo.project.name);
  await openSettings(page);
  await expect(registrationToggle(page)).toBeChecked();
  try {
    await registrationToggle(page).uncheck();
    await save(page);
    await expect(registrationToggle(page)).not.toBeChecked();
    await page.goto("/register");
    await expect(page.getByRole("status").filter({ hasText: "Registration is currently closed" })).toBeVisible();
    await expect(page.locator("form#registration")).toHaveCount(0);
  } finally {
    await openSettings(page);
    if (!(await registrationToggle(page).isChecked())) {
      await registrationToggle(page).check();
      await save(page);
    }
  }
  await page.goto("/register");
  await expect(page.locator("form#registration")).toBeVisible();
});

// Here rather than in admin-uploads.spec.ts: it saves the settings form too, so it must not run
// beside the tests above (a form loaded during another test's change would save that change back).
siteTest("an event logo uploaded in the settings shows in the landing page's navigation", async ({ sitePage: page }, testInfo) => {
  desktopOnly(testInfo.project.name);
  await openSettings(page);
  const logoField = page.getByRole("group", { name: "Event logo" });
  await expect(logoField.getByRole("img", { name: "Current image" }), "the e2e site starts without a logo").toHaveCount(0);
  await expect(logoField).toContainText("JPEG, PNG, WebP up to 5MB");
  await logoField.locator('input[type="file"]').setInputFiles(await smallPng("zys-logo.png"));
  await expect(logoField.getByRole("img", { name: "Preview of the chosen image" })).toHaveAttribute("src", /^blob:/);
  let url = "";
  try {
    await save(page);
    const current = logoField.getByRole("img", { name: "Current image" });
    await expect(current).toHaveAttribute("src", /^\/media\/[0-9a-f]{64}\.webp\?w=160$/);
    url = ((await current.getAttribute("src")) ?? "").replace(/\?.*$/, "");

    await page.goto("/");
    const logo = page.getByRole("navigation", { name: "Main" }).locator("img");
    await expect(logo).toHaveAttribute("src", `${url}?w=64`);
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0);
  } finally {
    await openSettings(page);
    const field = page.getByRole("group", { name: "Event logo" });
    if ((await field.getByRole("img", { name: "Current image" }).count()) > 0) {
      await field.getByRole("button", { name: "Remove image" }).click();
      await save(page);
    }
  }
  await expect(page.getByRole("group", { name: "Event logo" }).getByRole("img")).toHaveCount(0);
  // Nothing shows it any more: it is deleted at once.
  expect((await page.request.get(url)).status()).toBe(404);
  await page.goto("/");
  await expect(page.getByRole("navigation", { name: "Main" }).locator("img")).toHaveCount(0);
});

siteTest(
  "without JavaScript the landing page's figures and objectives are set, shown in English and Hausa, and given back",
  async ({ sitePage: _signedIn, browser }, testInfo) => {
    desktopOnly(testInfo.project.name);
    const { url } = await (site as Promise<PrivateSite>);
    const context = await browser.newContext({ baseURL: url, javaScriptEnabled: false });
    const page = await context.newPage();
    await signInAsAdmin(page);
    const ownObjectives = async () => {
      await page.goto("/admin/settings");
      await expect(textbox(page, "Objectives")).toHaveValue(/^Peacebuilding: /);
      await expect(textbox(page, "Objectives in Hausa (optional)")).not.toHaveValue("");
    };
    const from = page.getByRole("spinbutton", { name: "Show the number registered from" });
    await page.goto("/admin/settings");
    const figures: Record<string, string> = {
      ...(await readTextboxes(page, ["Fourth figure", "What it counts"])),
      from: await from.inputValue(),
    };
    try {
      // The site's own objectives are in the boxes, to edit in place.
      await ownObjectives();
      await textbox(page, "Objectives").fill("Dialogue: Young people and elders talk it through\nJobs: Skills that pay");
      await textbox(page, "Objectives in Hausa (optional)").fill(
        "Tattaunawa: Matasa da dattijai suna magana\nAyyuka: Sana’o’in da ke biyan kuɗi",
      );
      await textbox(page, "Fourth figure").fill("120+");
      await textbox(page, "What it counts").fill("Volunteers");
      await from.fill("100000");
      await saveButton(page).click();
      await expect(page.getByText(SAVED, { exact: true })).toBeVisible();

      await page.goto("/");
      const about = page.locator("#about");
      await expect(about.getByRole("heading", { level: 3 })).toHaveText(["Dialogue", "Jobs"]);
      await expect(about).toContainText("Skills that pay");
      await expect(about).toContainText("120+");
      await expect(about).toContainText("Volunteers");
      await expect(about).not.toContainText("Registered");
      await context.addCookies([{ name: "summit_lang", value: "ha", url }]);
      await page.goto("/");
      await expect(about.getByRole("heading", { level: 3 })).toHaveText(["Tattaunawa", "Ayyuka"]);
      await expect(about).toContainText("Sana’o’in da ke biyan kuɗi");
      await context.clearCookies({ name: "summit_lang" });
    } finally {
      // Cleared, the site's own come back; the figures as they were.
      await page.goto("/admin/settings");
      await textbox(page, "Objectives").fill("");
      await textbox(page, "Objectives in Hausa (optional)").fill("");
      await textbox(page, "Fourth figure").fill(figures["Fourth figure"] ?? "");
      await textbox(page, "What it counts").fill(figures["What it counts"] ?? "");
      await from.fill(figures.from ?? "0");
      await saveButton(page).click();
      await expect(page.getByText(SAVED, { exact: true })).toBeVisible();
      await ownObjectives();
      await context.close();
    }
  },
);
