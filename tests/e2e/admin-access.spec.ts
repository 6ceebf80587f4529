import { randomBytes, randomUUID } from "node:crypto";
import type { APIRequestContext, APIResponse } from "@playwright/test";
import { adminRoutes, adminUrl, signInRequest } from "../support/admin-session";
import { expect, test } from "../support/fixtures";
import { makeRegistrant, postRegistration, selfServiceToken } from "../support/register-helper";

// Walks EVERY admin route of the route table (app/routes.ts) over HTTP against
// the production server: page and data requests without a session (or with a
// cookie whose session does not exist) go to the sign-in page; form posts
// without a session, or from another site with a valid session, are refused;
// no response carries an attendee's data or may be cached, and afterwards the
// attendee is still there. Expired sessions and removed accounts need the
// server's database and are covered in app/modules/auth/admin-access.test.ts.

const EVIL = "https://evil.example";

type Secret = { email: string; fullName: string; ticketId: string; ticketPath: string };

let anonymous: APIRequestContext;
let signedIn: APIRequestContext;
let adminCookie: string;
let origin: string;
let secret: Secret;
let attendeeId: string;

test.beforeEach(() => {
  test.skip(test.info().project.name !== "desktop", "plain HTTP: one project is enough");
});

test.beforeAll(async ({ playwright }, testInfo) => {
  if (testInfo.project.name !== "desktop") return;
  const baseURL = process.env.E2E_BASE_URL;
  origin = new URL(baseURL ?? "").origin;
  anonymous = await playwright.request.newContext({ baseURL });
  signedIn = await playwright.request.newContext({ baseURL });

  const registrant = makeRegistrant({ fullName: `Zainab Secret-${randomBytes(3).toString("hex")}` });
  const { status, html } = await postRegistration(anonymous, registrant);
  expect(status, html.slice(0, 300)).toBe(200);
  const ticketId = /data-testid="ticket-id"[^>]*>([^<]+)</.exec(html)?.[1]?.trim() ?? "";
  expect(ticketId).not.toBe("");
  // The person's own ticket page, from their e-mail (the answer carries only the QR code).
  const ticketPath = `/tickets/${await selfServiceToken(registrant.email)}`;
  secret = { email: registrant.email.toLowerCase(), fullName: registrant.fullName, ticketId, ticketPath };

  adminCookie = await signInRequest(signedIn, baseURL ?? "");
  // The attendee's real id, once the attendee list links to detail pages; any id otherwise.
  const list = await signedIn.get(`/admin/attendees?q=${encodeURIComponent(secret.email)}`, { headers: { Cookie: adminCookie } });
  attendeeId = /\/admin\/attendees\/([0-9a-f-]{36})/.exec(await list.text())?.[1] ?? randomUUID();
});

test.afterAll(async () => {
  await anonymous?.dispose();
  await signedIn?.dispose();
});

async function expectNoSecrets(response: APIResponse, what: string) {
  const body = await response.text();
  for (const value of [secret.email, secret.fullName, secret.ticketId]) expect(body, `${what} leaks ${value}`).not.toContain(value);
  expect(response.headers()["cache-control"], `${what} Cache-Control`).toBe("no-store");
}

/** The page and its React Router data request (what client-side navigation fetches). */
function pageRequests(path: string): string[] {
  return [path, `${path}.data`];
}

const routes = adminRoutes();

test("the route table has the admin routes", () => {
  const paths = routes.map((r) => r.path);
  expect(paths).toEqual(expect.arrayContaining(["admin", "admin/attendees", "admin/attendees/:id", "admin/speakers", "admin/settings"]));
});

for (const route of routes) {
  test(`/${route.path}: visitors without a valid session are sent to the sign-in page`, async () => {
    const path = adminUrl(route.path, attendeeId);
    const unknownSession = `ys_admin=${randomBytes(32).toString("base64url")}`;
    for (const cookie of [undefined, unknownSession]) {
      for (const url of pageRequests(path)) {
        const what = `GET ${url} ${cookie ? "(unknown session)" : "(no cookie)"}`;
        const response = await anonymous.get(url, { headers: cookie ? { Cookie: cookie } : {}, maxRedirects: 0 });
        await expectNoSecrets(response, what);
        if (url.endsWith(".data")) {
          // A data request answers a redirect in its body for the client router to follow.
          expect(response.status(), what).toBe(202);
          expect(await response.text(), what).toMatch(/"redirect","\/admin\/login(\?redirectTo=[^"]*)?"/);
        } else {
          expect(response.status(), what).toBe(302);
          expect(response.headers().location, what).toMatch(/^\/admin\/login(\?redirectTo=|$)/);
        }
      }
    }
  });

  test(`/${route.path}: form posts without a session or from another site change nothing`, async () => {
    const path = adminUrl(route.path, attendeeId);
    const targets = route.index ? [`${path}?index`, `${path}.data?index`] : [path, `${path}.data`];
    const form = { intent: "delete", id: attendeeId, attendeeId, email: secret.email, confirm: "yes" };
    const cases: { label: string; headers: Record<string, string>; allowed: number[] }[] = [
      // 405: a route without an action refuses any post anyway.
      { label: "no session", headers: { Origin: origin }, allowed: [401, 405] },
      {
        label: "unknown session",
        headers: { Origin: origin, Cookie: `ys_admin=${randomBytes(32).toString("base64url")}` },
        allowed: [401, 405],
      },
      // A valid session, but the form comes from another site (CSRF).
      { label: "another site's Origin", headers: { Origin: EVIL, Cookie: adminCookie }, allowed: [400, 403, 405] },
      { label: "another site's Referer", headers: { Referer: `${EVIL}/attack`, Cookie: adminCookie }, allowed: [403, 405] },
      { label: "no Origin or Referer", headers: { Cookie: adminCookie }, allowed: [403, 405] },
    ];
    for (const target of targets) {
      for (const { label, headers, allowed } of cases) {
        const what = `POST ${target} (${label})`;
        const response = await anonymous.post(target, { form, headers, maxRedirects: 0 });
        expect(allowed, `${what} answered ${response.status()}`).toContain(response.status());
        await expectNoSecrets(response, what);
      }
    }
  });
}

test("sign-out is a POST from our own pages; a GET or another site's post signs nobody out", async () => {
  const get = await signedIn.get("/admin/logout", { headers: { Cookie: adminCookie }, maxRedirects: 0 });
  expect(get.status()).toBe(302);
  expect(get.headers().location).toBe("/admin");
  for (const headers of <Record<string, string>[]>[{ Origin: EVIL }, { Referer: `${EVIL}/x` }, {}]) {
    const post = await anonymous.post("/admin/logout", { headers: { ...headers, Cookie: adminCookie }, maxRedirects: 0 });
    expect([400, 403], JSON.stringify(headers)).toContain(post.status());
  }
  const still = await anonymous.get("/admin", { headers: { Cookie: adminCookie }, maxRedirects: 0 });
  expect(still.status()).toBe(200);
});

test("after the walk the attendee and the admin session are unharmed", async () => {
  const ticket = await anonymous.get(secret.ticketPath);
  expect(ticket.status()).toBe(200);
  expect(await ticket.text()).toContain(secret.ticketId);
  const admin = await anonymous.get("/admin/attendees", { headers: { Cookie: adminCookie }, maxRedirects: 0 });
  expect(admin.status()).toBe(200);
  expect(admin.headers()["cache-control"]).toBe("no-store");
});
