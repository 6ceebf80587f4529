import { request as httpRequest } from "node:http";
import { expect, test } from "@playwright/test";
import { signInRequest } from "../support/admin-session";
import { type PrivateSite, startPrivateSite } from "../support/private-site";

// ?ref= / utm_source= on any page is answered 303 to the same page without the tracking
// parameters (server/tracked-link-params.ts). It once answered `//x//attacker.example/phish?ref=…`
// with `Location: //attacker.example/phish`, and Chromium followed it off the site: a phishing
// link that starts with the summit's own address. Every target is sent as raw bytes (fetch would
// tidy the path first); the Location must resolve to this site. Embedded database only: the
// redirect is worked out before the database is asked, and the visit it counts is tested on both
// databases in tracked-link.server.test.ts.

/** GET `target` exactly as written in the request line; the status and Location. */
function rawGet(site: PrivateSite, target: string): Promise<{ status: number; location: string }> {
  const { hostname, port } = new URL(site.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, path: target, method: "GET" }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, location: String(res.headers.location ?? "") });
    });
    req.on("error", reject);
    req.end();
  });
}

const HOSTILE_PATHS = [
  "//x//attacker.example/phish",
  "//attacker.example/phish",
  "///attacker.example",
  "/\\attacker.example/phish",
  "/\\/attacker.example",
  "/%2F%2Fattacker.example/phish",
  "/%2f/attacker.example",
  "/%5Cattacker.example",
  "/%5C%5Cattacker.example",
  "/\\%2F/attacker.example",
  "/%09/attacker.example",
  "/register//attacker.example",
];

test.describe("no open redirect through a tracked page link", () => {
  let site: PrivateSite;
  let source = "";
  let invite = "";
  test.beforeAll(async ({ playwright }) => {
    test.setTimeout(90_000);
    site = await startPrivateSite({ attendees: 1 });
    invite = site.seeded[0]?.invite_code ?? "";
    const request = await playwright.request.newContext({ baseURL: site.url });
    const cookie = await signInRequest(request, site.url);
    const created = await request.post("/admin/outreach", {
      form: { intent: "create", name: "Radio Gusau" },
      headers: { cookie, origin: site.url },
      maxRedirects: 0,
    });
    expect(created.status()).toBeLessThan(400);
    const page = await (await request.get("/admin/outreach", { headers: { cookie } })).text();
    source = /data-row="([23456789ACDEFHJKMNPRTVWXY]{5})"/.exec(page)?.[1] ?? "";
    await request.dispose();
    expect(source).not.toBe("");
    expect(invite).toMatch(/^[23456789ACDEFHJKMNPRTVWXY]{6}$/);
  });
  test.afterAll(async () => site?.stop());

  test("every path form, with ?ref=, utm_source= and an invite code, is redirected on this site", async () => {
    const origin = new URL(site.url).origin;
    const queries = [`?ref=${source}`, `?utm_source=${source.toLowerCase()}&utm_medium=radio`, `?ref=${invite}`];
    let redirected = 0;
    for (const path of HOSTILE_PATHS) {
      for (const query of queries) {
        const { status, location } = await rawGet(site, `${path}${query}`);
        if (status !== 303) continue;
        redirected++;
        expect(location, `${path}${query}`).toMatch(/^\/(?![/\\])/);
        expect(new URL(location, `${site.url}/a/b`).origin, `${path}${query}`).toBe(origin);
      }
    }
    // The codes are real: the redirect happened (on this site), it was not merely skipped.
    expect(redirected).toBeGreaterThanOrEqual(HOSTILE_PATHS.length * queries.length - queries.length);
    expect((await rawGet(site, `/register?ref=${source}&lang=ha`)).location).toBe("/register?lang=ha");
  });

  test("Chromium following the link stays on the site", async ({ page }) => {
    const left: string[] = [];
    await page.route("**/*", (route) => {
      const url = new URL(route.request().url());
      if (url.origin !== new URL(site.url).origin) {
        left.push(url.href);
        return route.abort();
      }
      return route.continue();
    });
    await page.goto(`${site.url}//x//attacker.example/phish?ref=${source}`);
    expect(new URL(page.url()).origin).toBe(new URL(site.url).origin);
    expect(new URL(page.url()).pathname).toBe("/x//attacker.example/phish");
    expect(left).toEqual([]);
  });
});
