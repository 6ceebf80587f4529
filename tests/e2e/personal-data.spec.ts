import { readFileSync } from "node:fs";
import { signInAsAdmin } from "../support/admin-session";
import { expectNoViolations } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { waitForMail } from "../support/mailbox-client";
import { registerForTicket, registerViaRequest, selfServiceToken } from "../support/register-helper";

// A holder's rights over their data (NDPA 2023), from the ticket page; the organisers' copy.

const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test("download my data, then delete it: the ticket is gone and the address is free again", async ({ page, request }) => {
  const person = await registerForTicket(request, { fullName: `Ƙasimu Yar'Adua ${tag()}`, reason: "Peacebuilding" });
  await waitForMail({ to: person.email, subjectIncludes: "Your ticket for" });
  const ticket = `/tickets/${encodeURIComponent(await selfServiceToken(person.email))}`;
  await page.goto(ticket);

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download my data" }).click()]);
  expect(download.suggestedFilename()).toBe("my-data.json");
  const mine = JSON.parse(readFileSync((await download.path()) ?? "", "utf8"));
  expect(mine.registration).toMatchObject({
    full_name: person.fullName,
    email: person.email,
    reason: "Peacebuilding",
    ticket_id: person.ticketId,
  });
  expect(mine.emails.map((m: { kind: string }) => m.kind)).toContain("ticket");

  await page.getByRole("link", { name: "Delete my data" }).click();
  await expect(page.getByRole("heading", { name: "Delete my data?" })).toBeVisible();
  await expectNoViolations(page, "the delete-my-data confirmation");
  await page.getByRole("button", { name: "Yes, delete my data" }).click();
  await expect(page.getByRole("heading", { name: "Your data is deleted" })).toBeVisible();

  expect((await page.goto(ticket))?.status()).toBe(404);
  await registerViaRequest(request, { ...person, consent: true });
});

test("organisers download an attendee's data from the details screen", { tag: "@desktop-only" }, async ({ page, request }) => {
  const person = await registerForTicket(request, { fullName: `Amina Ɓello ${tag()}` });
  await signInAsAdmin(page, { redirectTo: "/admin/attendees" });
  await page.goto(`/admin/attendees?q=${encodeURIComponent(person.email)}`);
  await page
    // The table on wide screens, the cards on phones: the one showing (the search finds one).
    .getByRole("link", { name: /View Details/ })
    .filter({ visible: true })
    .first()
    .click();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download data" }).click()]);
  const data = JSON.parse(readFileSync((await download.path()) ?? "", "utf8"));
  expect(data.registration).toMatchObject({ email: person.email, ticket_id: person.ticketId });
});
