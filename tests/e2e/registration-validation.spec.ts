import type { Locator, Page } from "@playwright/test";
import { NIGERIA_STATES } from "../../app/modules/person/nigeria";
import { expect, test } from "../support/fixtures";
import { waitForInteractive } from "../support/hydration";
import { listMail } from "../support/mailbox-client";
import {
  fillRegistrationForm,
  makeRegistrant,
  pauseLikeAPerson,
  postRegistration,
  type Registrant,
  registerViaForm,
  registerViaRequest,
  registrationForm,
  uniqueEmail,
} from "../support/register-helper";

// Every registration message on /register, in Chromium with
// JavaScript (the browser validates with the shared schema) and without it (the
// server validates and re-renders the form). Each test uses its own e-mail address.

const EMPTY_SUBMIT_TOAST =
  "Full name is required, Email address is required, Phone number is required, Please select your gender, Please confirm your consent to continue";
const SUCCESS_TOAST = "Registration successful! Check your email for your ticket.";
const DUPLICATE = "This email address is already registered for the summit.";
const RESENT =
  "If it is registered, we've sent the ticket again: to an e-mail address by e-mail (check the spam folder too), to a phone number by SMS.";
const TICKET_ID = /^ZYS-[0-9A-Z]{1,12}-[0-9A-Z]{6}$/;

const lgasOf = (state: string) => NIGERIA_STATES.find((s) => s.name === state)?.lgas ?? [];

async function openRegister(page: Page, javaScript: boolean) {
  const response = await page.goto("/register");
  expect(response?.status()).toBe(200);
  await expect(registrationForm(page)).toBeVisible();
  if (javaScript) await waitForInteractive(page);
}

const submitButton = (page: Page) => registrationForm(page).getByRole("button", { name: "Register Now" });

function toast(page: Page, type: "error" | "success", text: string): Locator {
  return page.locator(`[data-toast-type="${type}"]`).getByText(text, { exact: true });
}

/** The message shown under a field, tied to it by aria-describedby. */
async function expectFieldError(field: Locator, message: string) {
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(message);
  const id = (await field.getAttribute("aria-describedby"))?.split(" ")[0] ?? "";
  await expect(field.page().locator(`[id="${id}"]`)).toBeVisible();
}

const field = (page: Page, label: string) => registrationForm(page).getByLabel(label);
const consentBox = (page: Page) => registrationForm(page).getByRole("checkbox", { name: /I agree/ });

async function expectFormValues(page: Page, data: Registrant) {
  await expect(field(page, "Full Name")).toHaveValue(data.fullName);
  await expect(field(page, "Email Address")).toHaveValue(data.email);
  await expect(field(page, "Phone Number")).toHaveValue(data.phone);
  await expect(field(page, "Gender")).toHaveValue(data.gender);
  await expect(field(page, "Organization")).toHaveValue(data.organization ?? "");
  await expect(field(page, "Position")).toHaveValue(data.position ?? "");
  await expect(field(page, "State of Residence")).toHaveValue(data.state ?? "");
  await expect(field(page, "Local Government")).toHaveValue(data.localGovernment ?? "");
  await expect(field(page, "Why do you want to attend?")).toHaveValue(data.reason ?? "");
}

async function expectFormCleared(page: Page) {
  for (const label of ["Full Name", "Email Address", "Phone Number", "Gender", "Organization", "Position", "State of Residence"]) {
    await expect(field(page, label)).toHaveValue("");
  }
  await expect(field(page, "Why do you want to attend?")).toHaveValue("");
  await expect(consentBox(page)).not.toBeChecked();
}

for (const javaScript of [true, false]) {
  test.describe(javaScript ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled: javaScript });

    test("an empty submit lists every required message in one toast and under each field", async ({ page }) => {
      await openRegister(page, javaScript);
      await submitButton(page).click();

      await expect(toast(page, "error", EMPTY_SUBMIT_TOAST)).toBeVisible();
      await expectFieldError(field(page, "Full Name"), "Full name is required");
      await expectFieldError(field(page, "Email Address"), "Email address is required");
      await expectFieldError(field(page, "Phone Number"), "Phone number is required");
      await expectFieldError(field(page, "Gender"), "Please select your gender");
      await expectFieldError(consentBox(page), "Please confirm your consent to continue");
      // Optional fields carry no error.
      for (const label of ["Organization", "Position", "State of Residence", "Local Government", "Why do you want to attend?"]) {
        await expect(field(page, label)).not.toHaveAttribute("aria-invalid", "true");
      }
      await expect(page.getByRole("dialog")).toHaveCount(0);
    });

    for (const email of ["ada@", "ada @x.com"]) {
      test(`'${email}' is not a valid e-mail address, and the form keeps what was typed`, async ({ page }) => {
        await openRegister(page, javaScript);
        const data = makeRegistrant({ email });
        await fillRegistrationForm(page, data);
        await submitButton(page).click();

        await expect(toast(page, "error", "Please enter a valid email address")).toBeVisible();
        await expectFieldError(field(page, "Email Address"), "Please enter a valid email address");
        await expect(field(page, "Full Name")).not.toHaveAttribute("aria-invalid", "true");
        // Without JavaScript this is the server's re-rendered page: every value must survive it.
        await expectFormValues(page, data);
        await expect(consentBox(page)).toBeChecked();
      });
    }

    // No number at all, a digit short, brackets only: refused, saying what was wrong and what a good number looks like.
    for (const [phone, message] of [
      ["12345", "Please enter a valid phone number (e.g. 0803 123 4567)"],
      ["0803 123 456", "This phone number is a digit short: a Nigerian number is 0 and 10 digits (e.g. 0803 123 4567)"],
      ["(((())))))", "Please enter a valid phone number (e.g. 0803 123 4567)"],
    ] as const) {
      test(`'${phone}' is not a valid phone number`, async ({ page }) => {
        await openRegister(page, javaScript);
        await fillRegistrationForm(page, makeRegistrant({ phone }));
        await submitButton(page).click();

        await expect(toast(page, "error", message)).toBeVisible();
        await expectFieldError(field(page, "Phone Number"), message);
        await expect(field(page, "Phone Number")).toHaveValue(phone);
      });
    }

    test("an e-mail address already registered, in another case, is refused and the form is kept", async ({ page, request }) => {
      const first = makeRegistrant();
      await registerViaRequest(request, first);

      await openRegister(page, javaScript);
      const again = makeRegistrant({ fullName: "Someone Else", email: first.email.toUpperCase() });
      await fillRegistrationForm(page, again);
      await pauseLikeAPerson(page);
      await submitButton(page).click();

      await expect(toast(page, "error", DUPLICATE)).toBeVisible();
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expectFormValues(page, again);
      // Said under the field too, with the way forward: the ticket sent again, as "Lost your ticket?" does.
      await expectFieldError(field(page, "Email Address"), DUPLICATE);
      const offer = registrationForm(page).getByTestId("ticket-again");
      await expect(offer).toContainText("We can send it to this address again.");
      await pauseLikeAPerson(page);
      await offer.getByRole("button", { name: "Send my ticket again" }).click();
      await expect(registrationForm(page).getByRole("status")).toHaveText(RESENT);
      // Also as a toast: without JavaScript the answered page opens at its top.
      await expect(toast(page, "success", RESENT)).toBeVisible();
      await expectFormValues(page, again);
      await expect.poll(async () => (await listMail({ to: first.email })).length, { timeout: 20_000 }).toBe(2);
      const [, resent] = await listMail({ to: first.email });
      expect(resent?.subject).toMatch(/^Your ticket for /);
    });

    test("a mistyped provider is questioned first; 'Use this' registers with the suggestion, and the answer saves the ticket's image", async ({
      page,
      request,
    }) => {
      await openRegister(page, javaScript);
      const local = uniqueEmail("sani.garba").split("@")[0] ?? "";
      const data = makeRegistrant({ email: `${local}@gmial.com` });
      await fillRegistrationForm(page, data);
      await pauseLikeAPerson(page);
      await submitButton(page).click();
      const question = registrationForm(page).getByTestId("email-question");
      await expect(question).toContainText(`Did you mean ${local}@gmail.com?`);
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expectFormValues(page, data);
      // Chosen at once: the fill time counts from the first page, not from the question's.
      await question.getByRole("button", { name: "Use this" }).click();
      const dialog = page.getByRole("dialog", { name: "Ticket Sent Successfully!" });
      await expect(dialog).toContainText(`Your ticket has been sent to ${local}@gmail.com`);
      // "Save ticket": the ticket's image through a token of its own, never the ticket page's link.
      const save = dialog.getByRole("link", { name: "Save ticket" });
      const href = (await save.getAttribute("href")) ?? "";
      expect(href).toMatch(/^\/ticket-image\/[^/]+\?lang=en$/);
      expect(await dialog.innerHTML()).not.toContain("/tickets/");
      const image = await request.get(href);
      expect(image.status()).toBe(200);
      expect(image.headers()["content-type"]).toBe("image/png");
      expect((await request.get(href.replace(/\?.*/, "x"))).status()).toBe(404);
    });

    test("a phone number already registered is said: the ticket again to the masked address, or someone else registers with it", async ({
      page,
      request,
    }) => {
      const first = makeRegistrant();
      await registerViaRequest(request, first);
      await openRegister(page, javaScript);
      const sibling = makeRegistrant({ fullName: "Hauwa Yusuf", phone: first.phone.replaceAll(" ", "") });
      await fillRegistrationForm(page, sibling);
      await pauseLikeAPerson(page);
      await submitButton(page).click();
      const question = registrationForm(page).getByTestId("phone-question");
      await expect(question).toContainText("This phone number is already registered for the summit.");
      await expect(question).toContainText(`${first.email.slice(0, 1)}***@example.org`);
      await expect(question).not.toContainText(first.email);
      await expectFormValues(page, sibling);
      await question.getByRole("button", { name: "Send my ticket again" }).click();
      await expect(registrationForm(page).getByTestId("phone-question").getByRole("status")).toHaveText(/on its way again/);
      await expect.poll(async () => (await listMail({ to: first.email })).length, { timeout: 20_000 }).toBe(2);
      await registrationForm(page).getByRole("button", { name: "This is someone else" }).click();
      await expect(page.getByRole("dialog", { name: "Ticket Sent Successfully!" })).toContainText(sibling.email);
    });

    test("'Lost your ticket?' keeps what was typed when it is refused", async ({ page }) => {
      await openRegister(page, javaScript);
      await page.getByText("Lost your ticket?").click();
      const address = page.getByLabel("Registered e-mail address");
      await address.fill("amina.yusuf@");
      await pauseLikeAPerson(page);
      await page.getByRole("button", { name: "Resend my ticket" }).click();
      await expect(page.locator("#lost-ticket-error")).toHaveText(
        "Please enter the e-mail address or the phone number you registered with (e.g. 0803 123 4567)",
      );
      await expect(page.getByLabel("Registered e-mail address")).toHaveValue("amina.yusuf@");
    });

    test("a successful registration shows the toast, the ticket modal and a cleared form", async ({ page }) => {
      await openRegister(page, javaScript);
      const data = makeRegistrant({ email: makeRegistrant().email.replace("visitor", "Success.Case") });
      const ticket = await registerViaForm(page, data);

      await expect(toast(page, "success", SUCCESS_TOAST)).toBeVisible();
      const dialog = page.getByRole("dialog", { name: "Ticket Sent Successfully!" });
      await expect(dialog).toContainText(`Your ticket has been sent to ${data.email.toLowerCase()}`);
      expect(ticket.ticketId).toMatch(TICKET_ID);
      await expect(dialog.getByRole("img", { name: "Ticket QR code" })).toBeVisible();
      await expect(dialog).toContainText("Check your spam or promotions folder");
      await expect(dialog).toContainText("This QR code admits you at the entrance.");
      await expect(dialog.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
      await expectFormCleared(page);

      if (javaScript) {
        await dialog.getByRole("button", { name: "Got it!" }).click();
        await expect(dialog).toBeHidden();
        await expect(page).toHaveURL(/\/register$/);
      } else {
        // Without JavaScript both close controls are links back to a fresh form.
        await expect(dialog.getByRole("link", { name: "Close" })).toHaveAttribute("href", "/register");
        await expect(dialog.getByRole("link", { name: "Got it!" })).toHaveAttribute("href", "/register");
        await dialog.getByRole("link", { name: "Got it!" }).click();
        await expect(page).toHaveURL(/\/register$/);
        await expect(page.getByRole("dialog")).toHaveCount(0);
        await expectFormCleared(page);
      }
    });

    test("the modal's close icon closes it", async ({ page }) => {
      await openRegister(page, javaScript);
      await registerViaForm(page, makeRegistrant());
      const dialog = page.getByRole("dialog", { name: "Ticket Sent Successfully!" });
      const close = javaScript ? dialog.getByRole("button", { name: "Close" }) : dialog.getByRole("link", { name: "Close" });
      await close.click();
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(page).toHaveURL(/\/register$/);
      await expect(registrationForm(page)).toBeVisible();
    });

    test("the modal's Back to Home leads to /", async ({ page }) => {
      await openRegister(page, javaScript);
      await registerViaForm(page, makeRegistrant());
      await page.getByRole("dialog", { name: "Ticket Sent Successfully!" }).getByRole("link", { name: "Back to Home" }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("dialog")).toHaveCount(0);
    });

    test("a local government from another state is refused", async ({ page }) => {
      await openRegister(page, javaScript);
      const data = makeRegistrant({ state: "Zamfara", localGovernment: "Gusau" });
      await fillRegistrationForm(page, data);
      // A forged value: an option the list never offers for Zamfara.
      await field(page, "Local Government").evaluate((select: HTMLSelectElement) => {
        select.add(new Option("Ikeja", "Ikeja", true, true));
      });
      await submitButton(page).click();

      await expect(toast(page, "error", "Please select a local government in Zamfara")).toBeVisible();
      await expectFieldError(field(page, "Local Government"), "Please select a local government in Zamfara");
      await expect(page.getByRole("dialog")).toHaveCount(0);
    });
  });
}

test.describe("with JavaScript", () => {
  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the consent forgotten, ticked and sent again at once: registered, not taken for a script", async ({ page }) => {
      await openRegister(page, false);
      const data = makeRegistrant({ consent: false });
      await fillRegistrationForm(page, data);
      await pauseLikeAPerson(page);
      await submitButton(page).click();
      await expect(registrationForm(page)).toContainText("Please confirm your consent to continue");
      await consentBox(page).check();
      await submitButton(page).click();
      await expect(page.getByRole("dialog", { name: "Ticket Sent Successfully!" })).toBeVisible();
    });
  });

  test("a field's error clears as soon as it is edited, the others stay", async ({ page }) => {
    await openRegister(page, true);
    await submitButton(page).click();
    await expect(toast(page, "error", EMPTY_SUBMIT_TOAST)).toBeVisible();
    const form = registrationForm(page);

    await expect(field(page, "Full Name")).toHaveAttribute("aria-invalid", "true");
    await field(page, "Full Name").fill("A");
    await expect(form.getByText("Full name is required")).toHaveCount(0);
    // The control stops saying it is invalid with the message (red border, screen readers).
    await expect(field(page, "Full Name")).not.toHaveAttribute("aria-invalid");
    await expect(field(page, "Full Name")).not.toHaveAttribute("aria-describedby");
    await field(page, "Gender").selectOption("other");
    await expect(form.getByText("Please select your gender")).toHaveCount(0);
    await expect(field(page, "Gender")).not.toHaveAttribute("aria-invalid");
    await consentBox(page).check();
    await expect(form.getByText("Please confirm your consent to continue")).toHaveCount(0);
    await expect(consentBox(page)).not.toHaveAttribute("aria-invalid");
    await expect(form.getByText("Email address is required")).toBeVisible();
    await expect(form.getByText("Phone number is required")).toBeVisible();
    await expect(field(page, "Email Address")).toHaveAttribute("aria-invalid", "true");

    // The next submit validates everything again.
    await field(page, "Full Name").fill("");
    await submitButton(page).click();
    await expect(form.getByText("Full name is required")).toBeVisible();
    await expect(field(page, "Full Name")).toHaveAttribute("aria-invalid", "true");
  });

  test("the submit button reads 'Submitting Registration...' and is disabled while the server works", async ({ page }) => {
    await openRegister(page, true);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(
      (url) => url.pathname.startsWith("/register"),
      async (route) => {
        if (route.request().method() === "POST") await held;
        await route.continue();
      },
    );
    await fillRegistrationForm(page, makeRegistrant());
    await pauseLikeAPerson(page);
    await submitButton(page).click();

    const busy = registrationForm(page).getByRole("button", { name: "Submitting Registration..." });
    await expect(busy).toBeVisible();
    await expect(busy).toBeDisabled();
    release();
    await expect(page.getByRole("dialog", { name: "Ticket Sent Successfully!" })).toBeVisible();
    await expect(submitButton(page)).toBeEnabled();
  });

  test("choosing a state limits the local governments to that state", async ({ page }) => {
    await openRegister(page, true);
    const lga = field(page, "Local Government");
    // Before a state is chosen, every state's LGAs are listed in groups.
    await expect(lga.locator("optgroup")).toHaveCount(NIGERIA_STATES.length);

    await field(page, "State of Residence").selectOption("Zamfara");
    await expect(lga.locator("optgroup")).toHaveCount(0);
    await expect(lga.locator("option")).toHaveText(["Select local government", ...lgasOf("Zamfara")]);
    await lga.selectOption("Gusau");

    await field(page, "State of Residence").selectOption("Lagos");
    await expect(lga.locator("option")).toHaveText(["Select local government", ...lgasOf("Lagos")]);
    await expect(lga).toHaveValue("");
  });
});

test.describe("the server refuses what the form would not send", () => {
  test("a forged local government, or one without a state, is refused and nothing is stored", async ({ request }) => {
    const data = makeRegistrant({ state: "Zamfara", localGovernment: "Ikeja" });
    const forged = await postRegistration(request, data);
    expect(forged.status).toBe(400);
    expect(forged.html).toContain("Please select a local government in Zamfara");
    expect(forged.html).not.toContain("Ticket Sent Successfully!");

    const stateless = await postRegistration(request, { ...data, state: "", localGovernment: "Gusau" });
    expect(stateless.status).toBe(400);
    expect(stateless.html).toContain("Please select your state first");

    const unknownState = await postRegistration(request, { ...data, state: "Atlantis", localGovernment: "" });
    expect(unknownState.status).toBe(400);
    expect(unknownState.html).toContain("Please select a state from the list");

    // Nothing was stored: the same address still registers.
    await registerViaRequest(request, { ...data, localGovernment: "Gusau" });
  });
});
