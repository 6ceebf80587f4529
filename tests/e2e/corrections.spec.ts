import { text } from "../support/catalogue";
import { expect, test } from "../support/fixtures";
import { listMail } from "../support/mailbox-client";
import { registerForTicket, selfServiceToken, selfServiceTokenIn, uniqueEmail } from "../support/register-helper";

// Issue 39: every person's details can be corrected. The person fixes their own name on the
// ticket page (a plain form: the phone's view, without JavaScript, in Hausa), and the organiser's
// list and the door show the corrected name; an organiser corrects a mistyped e-mail address:
// the ticket arrives at the new one and the link sent to the old one no longer opens anything.

const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test("a registrant corrects their name on the ticket page, without JavaScript, in Hausa; the list and the door show it", async ({
  browser,
  request,
  adminPage,
}, testInfo) => {
  test.skip(testInfo.project.name !== "mobile", "the phone's view");
  const id = tag();
  const person = await registerForTicket(request, { fullName: `Fatima Danjuma ${id}` });
  const token = await selfServiceToken(person.email);
  const context = await browser.newContext({ ...testInfo.project.use, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/tickets/${encodeURIComponent(token)}?lang=ha`);
  await page.getByRole("link", { name: text("ha", "public.corrections.link") }).click();
  await expect(page.getByRole("heading", { name: text("ha", "public.corrections.title") })).toBeVisible();
  const name = page.getByLabel(text("ha", "public.register.fields.fullName"));
  await expect(name).toHaveValue(`Fatima Danjuma ${id}`);
  // A link in a name is refused as at registration, and what was typed comes back.
  await name.fill("Fatima www.evil.com");
  await page.getByRole("button", { name: text("ha", "public.corrections.save") }).click();
  await expect(page.getByRole("alert")).toHaveText(text("ha", "public.corrections.errorSummary"));
  await expect(name).toHaveValue("Fatima www.evil.com");
  await name.fill(`Fatima Ɗanjuma ${id}`);
  await page.getByRole("button", { name: text("ha", "public.corrections.save") }).click();
  await expect(page.getByRole("status").filter({ hasText: text("ha", "public.corrections.saved") })).toBeVisible();
  await expect(page.locator("main")).toContainText(`Fatima Ɗanjuma ${id}`);
  // The ticket again, with the corrected name.
  await expect.poll(async () => (await listMail({ to: person.email })).some((m) => m.html.includes(`Fatima Ɗanjuma ${id}`))).toBe(true);
  await context.close();

  // The organisers' list and the door.
  await adminPage.goto(`/admin/attendees?q=${encodeURIComponent(person.email)}`);
  await expect(adminPage.locator("main")).toContainText(`Fatima Ɗanjuma ${id}`);
  await adminPage.goto("/admin/check-in");
  await adminPage.getByRole("searchbox").fill(id);
  await adminPage.getByRole("button", { name: "Search" }).click();
  await expect(adminPage.getByRole("button", { name: `Check in Fatima Ɗanjuma ${id}` })).toBeVisible();
});

test(
  "an organiser corrects a mistyped e-mail address: the ticket goes to the new one, the old link stops",
  { tag: "@desktop-only" },
  async ({ adminPage: page, request }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "the organisers' laptop");
    const id = tag();
    const wrong = uniqueEmail(`sani-${id}`).replace("@", "@gmial-");
    const person = await registerForTicket(request, { fullName: `Sani Garba ${id}`, email: wrong, gender: "male" });
    const oldToken = await selfServiceToken(wrong);
    const right = uniqueEmail(`sani-${id}`);

    await page.goto(`/admin/attendees?q=${encodeURIComponent(wrong)}`);
    await page.getByRole("link", { name: /View Details/ }).click();
    await page.getByRole("link", { name: "Edit details" }).click();
    // The registration form's fields in its words, not their message keys ("register.fields.fullName").
    await expect(page.getByLabel("Full Name")).toHaveValue(`Sani Garba ${id}`);
    await expect(page.getByLabel("Gender").locator("option:checked")).toHaveText("Male");
    await expect(page.locator("main")).not.toContainText("register.");
    await page.getByLabel("Email Address").fill(right);
    await page.getByLabel(/Lock these details/).check();
    await page.getByRole("button", { name: "Save details" }).click();
    await expect(page.getByText(/Saved: E-mail\. The ticket was sent again/)).toBeVisible();
    await expect(page.locator("main")).toContainText(right);
    await expect(page.locator("main")).toContainText("Details locked");
    // The mail list names the ticket sent again in words, not by its kind's code.
    await expect(page.locator("main")).toContainText("Ticket, sent again after an organiser edited the details");
    await expect(page.locator("main")).not.toContainText("details-edited");

    // The ticket at the new address, with a new link that opens the page; the old link is a 404.
    await expect.poll(async () => (await listMail({ to: right })).length, { timeout: 20_000 }).toBeGreaterThan(0);
    const [mail] = await listMail({ to: right });
    const newToken = selfServiceTokenIn(mail?.html ?? "");
    expect(newToken).toMatch(/~1\./);
    expect(mail?.subject).toContain(person.ticketId);
    expect((await request.get(`/tickets/${encodeURIComponent(oldToken)}`)).status()).toBe(404);
    const opened = await request.get(`/tickets/${encodeURIComponent(newToken)}?lang=en`);
    expect(opened.status()).toBe(200);
    // Locked: the person is told whom to contact instead of offered the form.
    expect(await opened.text()).toContain("The organisers have confirmed your details.");

    // The Activity log: from what to what.
    await page.goto("/admin/activity");
    await expect(page.getByText(`E-mail: "${wrong}" → "${right}"`)).toBeVisible();
  },
);
