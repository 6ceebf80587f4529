import { expect, test } from "../support/fixtures";
import { waitForInteractive } from "../support/hydration";
import { listMail, waitForMail } from "../support/mailbox-client";
import { makeRegistrant, registerForTicket, registerViaForm, registrationForm, selfServiceToken } from "../support/register-helper";

// "Tell me about future editions": the optional box on the registration form, the way to stop it
// on the ticket page, and "Invite Past Attendees", whose e-mail reaches the person once and
// carries its own way to stop. The whole cycle (an edition ending, the next one inviting) is the
// editions test's; this one stays on the shared site's current edition.

const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const INVITATION_SUBJECT = "You're invited:";

for (const javaScript of [true, false]) {
  test.describe(javaScript ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled: javaScript });
    test("the box is unticked unless ticked; the ticket page then offers to stop it", async ({ page, failOnPageErrors: _ }, testInfo) => {
      test.skip(!javaScript && testInfo.project.name !== "desktop", "no-JavaScript path once");
      await page.goto("/register");
      if (javaScript) await waitForInteractive(page);
      const box = registrationForm(page).getByRole("checkbox", { name: /Tell me about future editions/ });
      await expect(box).not.toBeChecked();
      await expect(registrationForm(page)).toContainText("We will e-mail you when the next summit is announced.");
      const person = makeRegistrant({ fullName: `Zainab Ɗanjuma ${tag()}`, futureEditions: true });
      await registerViaForm(page, person);

      await page.goto(`/tickets/${encodeURIComponent(await selfServiceToken(person.email))}`);
      await expect(page.getByText("You asked us to tell you about future editions.")).toBeVisible();
      await page.getByRole("button", { name: "Stop telling me about future editions" }).click();
      await expect(page.getByRole("status")).toHaveText("Done: we will not tell you about future editions.");
      await expect(page.getByText("Admission ticket")).toBeVisible();
      await page.reload();
      await expect(page.getByRole("button", { name: "Stop telling me about future editions" })).toHaveCount(0);
    });
  });
}

test("Invite Past Attendees mails the one who opted in, once; the e-mail's link stops it", async ({
  adminPage: page,
  request,
  failOnPageErrors: _,
}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "mails the shared site's opt-ins: once");
  // One who asked and has since given up their seat (so is not registered for this edition),
  // and one who did not ask.
  const asked = await registerForTicket(request, { fullName: `Hauwa Ƙasimu ${tag()}`, futureEditions: true });
  const token = await selfServiceToken(asked.email);
  expect((await request.post(`/tickets/${encodeURIComponent(token)}/cancel`, { maxRedirects: 0 })).status()).toBe(302);
  const silent = await registerForTicket(request, { fullName: `Musa Bello ${tag()}` });
  await request.post(`/tickets/${encodeURIComponent(await selfServiceToken(silent.email))}/cancel`, { maxRedirects: 0 });

  await page.goto("/admin/operations");
  await waitForInteractive(page);
  await expect(page.getByTestId("invitation-progress")).toContainText(/^Invitations: \d+ sent of \d+ opted in/);
  await page.getByRole("link", { name: "Invite Past Attendees" }).click();
  const dialog = page.getByRole("dialog", { name: "Invite Past Attendees" });
  await expect(dialog).toContainText(/Send the announcement of the First edition to \d+ (person|people) who asked/);
  await expect(dialog).toContainText("Each person gets it once per edition");
  await dialog.getByRole("button", { name: "Invite Past Attendees" }).click();
  await expect(page.getByText(/^Sending invitations to \d+ (person|people) who asked to hear about future editions…$/)).toBeVisible();

  const mail = await waitForMail({ to: asked.email, subjectIncludes: INVITATION_SUBJECT });
  expect(mail.subject).toBe("You're invited: Zamfara Youth Summit, First edition");
  expect(mail.text).toContain(`Hello ${asked.fullName},`);
  expect(mail.html).toMatch(/href="[^"]+\/register\?lang=en"/);
  const stop = /<(https?:\/\/[^>]+\/future-editions\/[^>]+)>/.exec(mail.headers["list-unsubscribe"] ?? "")?.[1] ?? "";
  expect(stop).not.toBe("");
  expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
  expect(mail.html).toContain(stop.replace(/&/g, "&amp;"));

  // Pressed again: nobody is mailed twice.
  await page.getByRole("link", { name: "Invite Past Attendees" }).click();
  await dialog.getByRole("button", { name: "Invite Past Attendees" }).click();
  await expect(dialog).toHaveCount(0);
  // Time for a second copy to arrive, were one queued.
  await page.waitForTimeout(2_000);
  expect(await listMail({ to: asked.email, subjectIncludes: INVITATION_SUBJECT })).toHaveLength(1);
  expect(await listMail({ to: silent.email, subjectIncludes: INVITATION_SUBJECT })).toHaveLength(0);

  // Opening the link only asks (mail scanners open links); a mail program's one-click POST stops it.
  const path = new URL(stop).pathname + new URL(stop).search;
  await page.goto(path);
  await expect(page.getByRole("heading", { name: "Stop hearing about future editions?" })).toBeVisible();
  await expect(page.getByText(asked.email)).toBeVisible();
  expect((await request.post(path, { form: { "List-Unsubscribe": "One-Click" } })).status()).toBe(200);
  await page.reload();
  await expect(page.getByRole("heading", { name: "No more news of future editions" })).toBeVisible();
  // A forged link is no page.
  expect((await request.get(`${new URL(stop).pathname.replace(/.{4}$/, "AAAA")}`)).status()).toBe(404);
});
