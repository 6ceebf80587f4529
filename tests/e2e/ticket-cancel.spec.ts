import { signInAsAdmin } from "../support/admin-session";
import { expectNoViolations } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { waitForMail } from "../support/mailbox-client";
import { registerForTicket, registerViaRequest, selfServiceToken } from "../support/register-helper";

// An attendee who cannot come cancels from the ticket page or the link in their e-mail;
// the seat goes back, the door refuses the code, and they may register again.

const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

for (const javaScript of [true, false]) {
  test.describe(javaScript ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled: javaScript });
    test("cancel from the ticket page, confirmed; the door then refuses the ticket", async ({ page, request }, testInfo) => {
      test.skip(!javaScript && testInfo.project.name !== "desktop", "no-JavaScript path once");
      const person = await registerForTicket(request, { fullName: `Ɗanladi Ƙasimu ${tag()}` });
      await page.goto(`/tickets/${encodeURIComponent(await selfServiceToken(person.email))}`);
      await page.getByRole("link", { name: "Can't attend? Cancel my registration" }).click();
      await expect(page.getByRole("heading", { name: "Cancel my registration?" })).toBeVisible();
      await expect(page.getByText(`${person.fullName}, you are registered for`)).toBeVisible();
      if (javaScript) await expectNoViolations(page, "the cancel confirmation");
      // Changing one's mind keeps the ticket.
      await page.getByRole("link", { name: "Keep my ticket" }).click();
      await expect(page.getByText("Admission ticket")).toBeVisible();

      await page.getByRole("link", { name: "Can't attend? Cancel my registration" }).click();
      await page.getByRole("button", { name: "Yes, cancel my registration" }).click();
      await expect(page.getByRole("heading", { name: "Registration cancelled" })).toBeVisible();
      await expect(page.getByText(`your registration (ticket ${person.ticketId}) was cancelled on`)).toBeVisible();
      await expect(page.getByRole("img", { name: /QR code/ })).toHaveCount(0);
      if (javaScript) await expectNoViolations(page, "the cancelled ticket page");

      const confirmation = await waitForMail({ to: person.email, subjectIncludes: "Cancelled: your registration for" });
      expect(confirmation.text).toContain(person.ticketId);
      expect(confirmation.html).toMatch(/href="[^"]+\/register\?lang=en"/);

      // The door: the scanned code and the typed ID say the ticket is cancelled.
      await signInAsAdmin(page, { redirectTo: "/admin/check-in" });
      await page.goto("/admin/check-in");
      await page.getByRole("textbox", { name: "Ticket ID" }).fill(person.ticketId);
      await page.getByRole("button", { name: "Check in", exact: true }).click();
      await expect(page.locator("[data-outcome]")).toHaveAttribute("data-outcome", "refused");
      await expect(page.locator("[data-outcome]")).toContainText(`Ticket cancelled: ${person.fullName} cancelled this registration.`);

      // Organisers see who cancelled.
      await page.goto("/admin/attendees");
      await page
        .getByRole("navigation", { name: "Show" })
        .getByRole("link", { name: /Cancelled/ })
        .click();
      await expect(page.getByRole("row", { name: new RegExp(person.ticketId) })).toContainText(person.email);
    });
  });
}

test("the e-mail's cancel link, a second cancel, and registering again with the same address", { tag: "@desktop-only" }, async ({
  page,
  request,
}) => {
  const person = await registerForTicket(request, { fullName: `Hauwa Ɓello ${tag()}` });
  const ticketMail = await waitForMail({ to: person.email, subjectIncludes: "Your ticket for" });
  const link = /https?:\/\/[^\s"<>]+\/cancel/.exec(ticketMail.html)?.[0] ?? "";
  expect(ticketMail.text).toContain(`${new URL(link).pathname}`);
  await page.goto(new URL(link).pathname);
  await page.getByRole("button", { name: "Yes, cancel my registration" }).click();
  await expect(page.getByRole("heading", { name: "Registration cancelled" })).toBeVisible();

  // The link again: the registration is already cancelled, and the page says so.
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole("heading", { name: "Registration cancelled" })).toBeVisible();
  // A forged token is not a ticket.
  const forged = await page.goto("/tickets/ZYS-FAKE1234-ABCDEF.not-a-signature/cancel");
  expect(forged?.status()).toBe(404);

  // Seat and address are free again.
  await registerViaRequest(request, { ...person, consent: true });
});
