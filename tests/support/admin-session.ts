import type { APIRequestContext, Cookie, Page } from "@playwright/test";
import routes from "../../app/routes";

// Admin sign-in for browser tests, and the list of admin routes read from the
// route table (app/routes.ts), so access tests cover every new admin page by themselves.

export type AdminRoute = {
  /** URL path without the leading slash, e.g. "admin/attendees/:id" */
  path: string;
  /** route module, relative to app/ */
  file: string;
  /** the layout modules around it, outermost first, relative to app/ */
  parents: string[];
  /** an index route: a form posts to it with `?index` */
  index: boolean;
};

type Entry = { path?: string; file: string; index?: boolean; children?: Entry[] };

function flatten(entries: readonly Entry[], parentPath = "", parents: string[] = []): AdminRoute[] {
  return entries.flatMap((entry) => {
    const path = [parentPath, entry.path ?? ""].filter(Boolean).join("/");
    const here = entry.path !== undefined || entry.index ? [{ path, file: entry.file, parents, index: Boolean(entry.index) }] : [];
    return [...here, ...flatten(entry.children ?? [], path, [...parents, entry.file])];
  });
}

/** Every route under /admin except the sign-in pages (the password, the second step) and, unless asked for, the logout endpoint. */
export function adminRoutes(options: { includeLogout?: boolean } = {}): AdminRoute[] {
  return flatten(routes as readonly Entry[]).filter(
    (r) =>
      (r.path === "admin" || r.path.startsWith("admin/")) &&
      r.path !== "admin/login" &&
      !r.path.startsWith("admin/login/") &&
      (options.includeLogout || r.path !== "admin/logout"),
  );
}

/** The layout modules that guard admin pages (those with a component around the pages). */
export function adminLayouts(): string[] {
  return [...new Set(adminRoutes().flatMap((r) => r.parents))];
}

/** A concrete URL for a route path: every :param becomes `param`. */
export function adminUrl(path: string, param: string): string {
  return `/${path.replace(/:[^/]+/g, encodeURIComponent(param))}`;
}

/** The e2e organiser, or with `door` the check-in account (same password). */
export function e2eAdmin(door = false): { email: string; password: string } {
  const email = door ? process.env.E2E_DOOR_EMAIL : process.env.E2E_ADMIN_EMAIL;
  const password = process.env.E2E_ADMIN_PASSWORD;
  if (!email || !password) throw new Error("E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD are not set: run through playwright (globalSetup)");
  return { email, password };
}

// The sessions this worker signed in through the form, by site and account: later tests of the
// worker start from the saved cookies instead of the form (about two seconds and one password
// check each). A session a test ended (signing out, a new second step) is no longer accepted: the
// page then shows the sign-in form, and the form signs in again.
const savedSessions = new Map<string, Cookie[]>();
const SESSION_COOKIES = new Set(["ys_admin", "ys_device"]);

/**
 * Signs the page's browser context in as the e2e admin (or `account`) and waits for the
 * dashboard, or the admin page `redirectTo`. The first time in a worker through the real form
 * (without waiting for hydration: a plain form post works too); afterwards with that session's
 * saved cookies while the server still accepts them. An `account` always goes through the form.
 */
export async function signInAsAdmin(
  page: Page,
  options: { redirectTo?: string; door?: boolean; account?: { email: string; password: string }; askEarly?: boolean } = {},
): Promise<void> {
  const { email, password } = options.account ?? e2eAdmin(options.door);
  // A door that has said yes to checking in before the event's day, as the suite's storageState
  // gives every context the test runner makes; this covers the browsers a test launches itself.
  // `askEarly` keeps the question (check-in.spec.ts meets it).
  const eventDate = process.env.E2E_EVENT_DATE;
  if (eventDate && !options.askEarly) {
    const origin = new URL(process.env.E2E_BASE_URL ?? "http://127.0.0.1");
    // Kept as the server's is (Max-Age): a phone's browser closed and opened again still has it.
    const expires = Math.floor(Date.now() / 1000) + 120 * 86_400;
    await page.context().addCookies([{ name: "summit-door-early", value: eventDate, domain: origin.hostname, path: "/admin", expires }]);
  }
  const query = options.redirectTo ? `?${new URLSearchParams({ redirectTo: options.redirectTo })}` : "";
  await page.goto(`/admin/login${query}`);
  const onForm = () => new URL(page.url()).pathname.startsWith("/admin/login");
  const key = `${new URL(page.url()).origin} ${email}`;
  const saved = options.account ? undefined : savedSessions.get(key);
  if (onForm() && saved) {
    await page.context().addCookies(saved);
    await page.goto(options.redirectTo ?? "/admin");
    if (onForm()) savedSessions.delete(key);
  }
  // Already signed in, the sign-in page forwards to the admin area at once.
  if (onForm()) {
    await page.getByLabel("Email Address").fill(email);
    await page.locator("input#password").fill(password);
    await page.getByRole("button", { name: "Sign In to Dashboard" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/admin") && !url.pathname.startsWith("/admin/login"));
    if (!options.account) {
      const cookies = await page.context().cookies(new URL(page.url()).origin);
      savedSessions.set(
        key,
        cookies.filter((cookie) => SESSION_COOKIES.has(cookie.name)),
      );
    }
  }
  // After a client-side sign-in the URL changes a moment before the admin layout renders.
  await page.locator("#admin-main").waitFor();
}

/**
 * Signs an API request context in (it keeps the cookie) and returns the
 * `ys_admin=…` pair, for requests that carry the cookie by hand, with the door's "yes" to checking
 * in before the event's day that every context of the suite starts with (e2e-global-setup.ts).
 */
export async function signInRequest(request: APIRequestContext, baseURL: string, options: { door?: boolean } = {}): Promise<string> {
  const { email, password } = e2eAdmin(options.door);
  const response = await request.post("/admin/login", {
    form: { email, password, redirectTo: "/admin" },
    headers: { Origin: new URL(baseURL).origin },
    maxRedirects: 0,
  });
  const setCookie = response.headersArray().find((h) => h.name.toLowerCase() === "set-cookie" && h.value.startsWith("ys_admin="));
  if (response.status() !== 302 || !setCookie) throw new Error(`admin sign-in failed: ${response.status()} ${await response.text()}`);
  const session = setCookie.value.split(";")[0] ?? "";
  return process.env.E2E_EVENT_DATE ? `${session}; summit-door-early=${process.env.E2E_EVENT_DATE}` : session;
}
