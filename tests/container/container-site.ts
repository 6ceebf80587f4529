import { appendFileSync } from "node:fs";
import { type Browser, expect, type Page } from "@playwright/test";
import { HOLD_RATE_LIMIT } from "../../app/modules/settings/schemas";
import { signInAsAdmin } from "../support/admin-session";
import { waitForInteractive } from "../support/hydration";
import { podman, waitForOk } from "../support/podman";

// What the container specs share: the image under test, starting its containers, and the
// organiser's steps through the real admin screens.

export const IMAGE = process.env.CONTAINER_IMAGE ?? "localhost/youth-summit:test";
export const ADMIN = { email: "organiser@example.org", name: "Ada Organiser", password: "a-long-container-password" };

/** Records a measured figure for scripts/test-container.ts to report. */
export function recordFigure(name: string, value: unknown): void {
  const file = process.env.CONTAINER_FIGURES;
  if (file) appendFileSync(file, `${JSON.stringify({ name, value })}\n`);
}

/** `podman run -d` of the image; resolves once /healthz answers 200, with the milliseconds that took. */
export async function runApp(options: { name: string; port: number; volume: string; env?: Record<string, string>; network?: string }) {
  const env = { PUBLIC_URL: `http://127.0.0.1:${options.port}`, ...options.env };
  const started = Date.now();
  await podman([
    "run",
    "-d",
    "--name",
    options.name,
    "-p",
    `127.0.0.1:${options.port}:3000`,
    "-v",
    `${options.volume}:/data`,
    ...(options.network ? ["--network", options.network] : []),
    ...Object.entries(env).flatMap(([key, value]) => ["-e", `${key}=${value}`]),
    IMAGE,
  ]);
  await waitForOk(`http://127.0.0.1:${options.port}/healthz`);
  return Date.now() - started;
}

/** `podman start` again after a stop; resolves once it serves. */
export async function startAgain(name: string, port: number): Promise<number> {
  const started = Date.now();
  await podman(["start", name]);
  await waitForOk(`http://127.0.0.1:${port}/healthz`);
  return Date.now() - started;
}

/** A page of its own, signed in as the organiser through the sign-in form. */
export async function signIn(browser: Browser, baseURL: string): Promise<Page> {
  const page = await (await browser.newContext({ baseURL })).newPage();
  await signInAsAdmin(page, { account: ADMIN });
  return page;
}

/**
 * Event Settings: the event a month from now, and (when given) its capacity. With `crowd`, the
 * booking protection's rates are raised to their highest: the tests' rushes come from one address,
 * where a real rush comes from many networks, and would otherwise be held for e-mail confirmation.
 */
export async function setEventAMonthOut(
  page: Page,
  { capacity, crowd = false }: { capacity?: number; crowd?: boolean } = {},
): Promise<void> {
  await page.goto("/admin/settings");
  await waitForInteractive(page);
  const inAMonth = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel("Event date").fill(inAMonth);
  if (capacity !== undefined) await page.getByRole("spinbutton", { name: "Maximum attendees" }).fill(String(capacity));
  if (crowd) {
    for (const rate of ["From one network, per minute", "From one e-mail domain, per 10 minutes", "Overall, per minute"]) {
      await page.getByRole("spinbutton", { name: rate }).fill(String(HOLD_RATE_LIMIT));
    }
  }
  await page.getByRole("button", { name: "Save Event Settings" }).click();
  await expect(page.getByText("Event settings saved successfully!")).toBeVisible();
}
