import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";
import { MIN_FILL_MS } from "../../app/modules/booking-protection/human-check.server";
import { signDoorCode } from "../../app/modules/tickets/ticket-token.server";
import { listMail } from "./mailbox-client";
import { siteMail } from "./site-mailbox";
import { sendUntilNotBusy } from "./when-busy";

// Registration through the public /register page, for any browser test that needs
// an attendee: through the form (as a visitor would) or with one plain form POST.

export type Registrant = {
  fullName: string;
  email: string;
  phone: string;
  gender: "male" | "female" | "other";
  organization?: string;
  position?: string;
  state?: string;
  localGovernment?: string;
  reason?: string;
  /** ticks the NDPA consent box (makeRegistrant sets it) */
  consent?: boolean;
  /** ticks "Tell me about future editions" (optional, unticked by default) */
  futureEditions?: boolean;
};

/** An address no other test (or earlier run against the same server) uses. Lower case, as the server stores it. */
export function uniqueEmail(tag = "visitor"): string {
  return `${tag}-${Date.now().toString(36)}-${randomBytes(4).toString("hex")}@example.org`;
}

/** A Nigerian mobile number no other test uses (registrations per phone number are limited), as people type it. */
function uniquePhone(): string {
  const digits = String(randomBytes(4).readUInt32BE() % 10_000_000).padStart(7, "0");
  return `0803 ${digits.slice(0, 3)} ${digits.slice(3)}`;
}

/** A number as the server stores it: "0803 123 4567" → "+2348031234567". */
export function e164(phone: string): string {
  return `+234${phone.replace(/\D/g, "").replace(/^0/, "")}`;
}

/** A valid registrant with a unique e-mail address and phone number. */
export function makeRegistrant(overrides: Partial<Registrant> = {}): Registrant {
  return {
    fullName: "Amina Yusuf",
    email: uniqueEmail(),
    phone: uniquePhone(),
    gender: "female",
    organization: "Gusau Youth Forum",
    position: "Volunteer",
    state: "Zamfara",
    localGovernment: "Gusau",
    reason: "To meet other young leaders.",
    consent: true,
    ...overrides,
  };
}

/** The registration form (not the "Lost your ticket?" form below it). */
export function registrationForm(page: Page): Locator {
  return page.locator("form#registration");
}

/** Types the registrant into the form; empty or missing optional fields are left alone. */
export async function fillRegistrationForm(page: Page, data: Partial<Registrant>): Promise<void> {
  const form = registrationForm(page);
  if (data.fullName !== undefined) await form.getByLabel("Full Name").fill(data.fullName);
  if (data.email !== undefined) await form.getByLabel("Email Address").fill(data.email);
  if (data.phone !== undefined) await form.getByLabel("Phone Number").fill(data.phone);
  if (data.gender) await form.getByLabel("Gender").selectOption(data.gender);
  if (data.organization) await form.getByLabel("Organization").fill(data.organization);
  if (data.position) await form.getByLabel("Position").fill(data.position);
  if (data.state) await form.getByLabel("State of Residence").selectOption(data.state);
  if (data.localGovernment) await form.getByLabel("Local Government").selectOption(data.localGovernment);
  if (data.reason) await form.getByLabel("Why do you want to attend?").fill(data.reason);
  if (data.consent) await form.getByRole("checkbox", { name: /I agree/ }).check();
  if (data.futureEditions) await form.getByRole("checkbox", { name: /Tell me about future editions/ }).check();
}

/**
 * Waits until the page's form is as old as a person's would be: the server refuses a form
 * sent within MIN_FILL_MS of serving the page (the signed time in its formStamp field).
 */
export async function pauseLikeAPerson(page: Page): Promise<void> {
  const stamp = await page.locator('input[name="formStamp"]').first().getAttribute("value");
  // A stamp from the future is from a site whose clock a test moved ahead: wait the whole time.
  const age = Math.max(0, Date.now() - servedAt(stamp ?? ""));
  const left = MIN_FILL_MS + 100 - age;
  if (left > 0) await page.waitForTimeout(left);
}

/** When a form stamp's page was served: its first 13 digits (ms). */
function servedAt(stamp: string): number {
  return Number(stamp.slice(0, 13));
}

export type RegisteredTicket = { email: string; ticketId: string };

/**
 * Fills the form on the current /register page, submits it and waits for the
 * success modal; returns what the modal shows. Works with and without JavaScript
 * (with JavaScript, wait for hydration before calling it).
 */
export async function registerViaForm(page: Page, data: Registrant): Promise<RegisteredTicket> {
  await fillRegistrationForm(page, data);
  await pauseLikeAPerson(page);
  await registrationForm(page).getByRole("button", { name: "Register Now" }).click();
  const dialog = page.getByRole("dialog", { name: "Ticket Sent Successfully!" });
  await expect(dialog).toBeVisible();
  const ticketId = ((await dialog.getByTestId("ticket-id").textContent()) ?? "").trim();
  return { email: data.email.toLowerCase(), ticketId };
}

/**
 * A fresh form stamp of the site `request` talks to, old enough to be accepted. A stamp is
 * good for one post, from the browser (cookie jar) that loaded the page: `request` keeps the
 * page's cookie, as a browser would.
 */
async function formStampFor(request: APIRequestContext): Promise<string> {
  const { answer: page } = await sendUntilNotBusy(
    () => request.get("/register"),
    (r) => r.status(),
  );
  const value = /name="formStamp" value="([^"]+)"/.exec(await page.text())?.[1] ?? "";
  expect(value, "the /register page's form stamp").not.toBe("");
  await untilAccepted([readyAt()]);
  return value;
}

/**
 * When, on this process's clock, a stamp just received is old enough for the server: the stamp
 * carries the server's time of serving it, which is the moment its page arrived here. Counted from
 * that arrival, never by comparing the stamp's time with this process's clock or the answer's Date
 * header: a test may move a private site's clock (libfaketime), and Node caches the Date header
 * for up to a second, so right after a move the header still tells the old time.
 */
function readyAt(): number {
  return Date.now() + MIN_FILL_MS + 100;
}

async function untilAccepted(ready: number[]): Promise<void> {
  const left = Math.max(0, ...ready) - Date.now();
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
}

/**
 * `count` fresh stamps of the site `request` talks to, fetched `parallel` at a time and all old
 * enough to be accepted when this returns: for tests that post many forms from one browser.
 */
export async function formStamps(request: APIRequestContext, count: number, parallel = 16): Promise<string[]> {
  const ready: number[] = [];
  const fetchOne = async () => {
    const { answer } = await sendUntilNotBusy(
      () => request.get("/register"),
      (r) => r.status(),
    );
    const stamp = /name="formStamp" value="([^"]+)"/.exec(await answer.text())?.[1] ?? "";
    ready.push(readyAt());
    return stamp;
  };
  // The browser's cookie first: pages fetched at once by a browser without one would each get a
  // new one, and only the last stays in the jar.
  const stamps: string[] = [await fetchOne()];
  for (let i = 1; i < count; i += parallel) {
    stamps.push(...(await Promise.all(Array.from({ length: Math.min(parallel, count - i) }, fetchOne))));
  }
  await untilAccepted(ready);
  return stamps;
}

/** The fields a person's browser adds to every public form: an old-enough stamp and the empty decoy. */
export async function humanFields(request: APIRequestContext): Promise<{ formStamp: string; website: string }> {
  return { formStamp: await formStampFor(request), website: "" };
}

/** The form fields as the browser would post them (`formStamp` from humanFields). */
export function registrationFormFields(data: Registrant, formStamp: string): Record<string, string> {
  const fields: Record<string, string> = {
    intent: "register",
    formStamp,
    website: "",
    fullName: data.fullName,
    email: data.email,
    phone: data.phone,
    gender: data.gender,
    organization: data.organization ?? "",
    position: data.position ?? "",
    state: data.state ?? "",
    localGovernment: data.localGovernment ?? "",
    reason: data.reason ?? "",
  };
  if (data.consent) fields.consent = "on";
  if (data.futureEditions) fields.futureEditions = "on";
  return fields;
}

/** A form POST to /register, as a browser without JavaScript sends it (again after a 503). Resolves to the status and the page HTML. */
export async function postRegistration(
  request: APIRequestContext,
  data: Registrant,
  /** an old-enough stamp fetched beforehand (formStamps); otherwise one is fetched, and waited for */
  stamp?: string,
): Promise<{ status: number; html: string }> {
  const form = registrationFormFields(data, stamp ?? (await formStampFor(request)));
  const { answer } = await sendUntilNotBusy(
    () => request.post("/register", { form, maxRedirects: 0 }),
    (r) => r.status(),
  );
  return { status: answer.status(), html: await answer.text() };
}

export type RegisteredAttendee = Registrant & { ticketId: string; doorCode: string };

/** The secret of the site whose data directory this is (the shared e2e site's by default). */
async function siteSecret(dataDir = process.env.E2E_DATA_DIR ?? ""): Promise<string> {
  return (await readFile(path.join(dataDir, "session-secret"), "utf8")).trim();
}

/**
 * A new registrant (`overrides` on makeRegistrant) registered with one form POST; returns the
 * ticket ID the success page shows and the door code its QR code carries (signed here with the
 * site's secret, as the server signs it). The person's own link is in their e-mail: selfServiceToken.
 */
export async function registerForTicket(
  request: APIRequestContext,
  overrides: Partial<Registrant> = {},
  { dataDir }: { dataDir?: string } = {},
): Promise<RegisteredAttendee> {
  const person = makeRegistrant(overrides);
  const { status, html } = await postRegistration(request, person);
  // A refusal names its reasons: the field messages and the alert, not the page's head.
  const reasons = [...html.matchAll(/<(?:p|div)[^>]*(?:role="alert"|id="[^"]*-error")[^>]*>([^<]+)</g)].map((m) => m[1]);
  expect(status, reasons.join(" | ") || html.slice(0, 300)).toBe(200);
  const ticketId = /data-testid="ticket-id"[^>]*>([^<]+)</.exec(html)?.[1]?.trim() ?? "";
  expect(ticketId).not.toBe("");
  return { ...person, ticketId, doorCode: signDoorCode(ticketId, await siteSecret(dataDir)) };
}

/**
 * The self-service token in the newest e-mail to `email` that carries one (the ticket, a
 * reminder), as the person would follow it: from the shared e2e site's mailbox, or from a
 * private site's local mailbox (`dataDir`/mail) when given. Waits for the outbox.
 */
export async function selfServiceToken(email: string, { dataDir, timeoutMs = 20_000 }: { dataDir?: string; timeoutMs?: number } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const bodies = dataDir ? await localMailTo(dataDir, email) : (await listMail({ to: email.toLowerCase() })).map((m) => m.html);
    for (const body of bodies.reverse()) {
      const token = selfServiceTokenIn(body);
      if (token) return token;
    }
    if (Date.now() > deadline) throw new Error(`no e-mail with a ticket link reached ${email} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The self-service token of the first ticket link in an e-mail's HTML; "" when there is none. */
export function selfServiceTokenIn(html: string): string {
  return /\/tickets\/([0-9a-f-]{36}(?:~[1-9][0-9]*)?\.[1-9a-z][A-Za-z0-9_-]{22})/.exec(html)?.[1] ?? "";
}

/** The HTML (or text) of every message to `email` in a site's local mailbox (one .eml file each), oldest first. */
export async function localMailTo(dataDir: string, email: string): Promise<string[]> {
  const wanted = email.toLowerCase();
  return (await siteMail({ dataDir })).filter((mail) => mail.to.includes(wanted)).map((mail) => mail.html || mail.text);
}

/** Registers without a browser page; fails the test unless the server confirms it. */
export async function registerViaRequest(request: APIRequestContext, data: Registrant, stamp?: string): Promise<void> {
  const { status, html } = await postRegistration(request, data, stamp);
  expect(status, html.slice(0, 500)).toBe(200);
  expect(html).toContain("Ticket Sent Successfully!");
}

/** Everyone registered in turn, their stamps fetched together first: one wait of 1.5 s, not one each. */
export async function registerMany(request: APIRequestContext, people: Registrant[]): Promise<void> {
  const stamps = await formStamps(request, people.length);
  for (const [i, person] of people.entries()) await registerViaRequest(request, person, stamps[i]);
}

/** The signed ticket token: the last path segment of a ticket page link (…/tickets/<token>). */
export function tokenOfTicketUrl(url: string): string {
  const segment = new URL(url, "http://localhost").pathname.split("/").filter(Boolean).at(-1) ?? "";
  return decodeURIComponent(segment);
}
