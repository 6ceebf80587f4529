import type { APIResponse } from "@playwright/test";
import pg from "pg";
import { expect, test } from "../support/fixtures";
import { waitForInteractive } from "../support/hydration";
import { type PrivateSite, startPrivateSite } from "../support/private-site";
import {
  fillRegistrationForm,
  formStamps,
  makeRegistrant,
  pauseLikeAPerson,
  registerForTicket,
  registrationForm,
  registrationFormFields,
  selfServiceTokenIn,
} from "../support/register-helper";
import { type SmtpCapture, startSmtpCapture } from "../support/smtp-capture";

// The database going away for 30 s, as an operator causes it: PostgreSQL stopped under a
// running site (pg_ctl stop -m fast) and started again. Meanwhile every page and form post
// is answered at once with the page that says so, a posted registration comes back as a form
// that sends it again, /healthz says 503, and the server keeps running; once PostgreSQL is
// back the site serves again by itself, nothing was half-saved, and each retried
// registration's ticket goes out once. The figures it prints ([outage] …) are those in
// docs/SECURITY.md, "Database outage".

const OUTAGE_MS = 30_000;
const HTML = { accept: "text/html,application/xhtml+xml" };
const UNAVAILABLE = "We can't reach our records right now";
/** A 503 costs no connection attempt and no query; the bound leaves room for a loaded 2-core machine. */
const MAX_FAIL_MS = 1_000;
/** The tracker probes every second. */
const MAX_RECOVERY_MS = 5_000;

type Kind = "GET /" | "GET /register" | "POST /register" | "GET /healthz";

async function timed(kind: Kind, send: () => Promise<APIResponse>) {
  const started = performance.now();
  const response = await send();
  return { kind, response, ms: performance.now() - started };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (ms: number) => Math.round(ms);

test.describe("PostgreSQL going away for 30 s", () => {
  let site: PrivateSite | undefined;
  let smtp: SmtpCapture | undefined;
  let client: pg.Client | undefined;
  test.afterAll(async () => {
    await client?.end();
    await site?.stop();
    await smtp?.stop();
  });

  test("pages answer 503 at once, nothing is half-saved, and the server serves again by itself", async ({
    page,
    browser,
    playwright,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "a PostgreSQL site of its own: once");
    test.setTimeout(150_000);
    smtp = await startSmtpCapture();
    site = await startPrivateSite({ postgres: true, smtpUrl: smtp.url });
    const { postgres, url } = site;
    if (!postgres) throw new Error("the site runs on PostgreSQL");
    const api = await playwright.request.newContext({ baseURL: url });
    const mailTo = (email: string) => (smtp?.messages ?? []).filter((m) => m.envelopeTo.includes(email));
    const figures: string[] = [];

    // Before: an attendee with a ticket; a visitor without JavaScript fills the form.
    const before = await registerForTicket(api);
    await smtp.waitFor((m) => m.envelopeTo.includes(before.email));
    // A form stamp is good for one post: one per person posting below (the burst's eight, and Musa's retried post).
    const stamps = await formStamps(api, 9);
    const noScript = await browser.newContext({ baseURL: url, javaScriptEnabled: false });
    const visitor = await noScript.newPage();
    await visitor.goto("/register");
    const typed = makeRegistrant({ fullName: "Zainab Retried" });
    await fillRegistrationForm(visitor, typed);
    await pauseLikeAPerson(visitor);
    // And one with JavaScript, whose form posts through React Router's data request.
    const scripted = await browser.newContext({ baseURL: url });
    const jsVisitor = await scripted.newPage();
    await jsVisitor.goto("/register");
    await waitForInteractive(jsVisitor);
    const jsTyped = makeRegistrant({ fullName: "Ɗanladi Scripted" });
    await fillRegistrationForm(jsVisitor, jsTyped);
    await pauseLikeAPerson(jsVisitor);
    const posted = makeRegistrant({ fullName: "Musa Posted" });
    const stampOf = new Map<string, string>();
    const postRegistration = (person: typeof posted) => {
      if (!stampOf.has(person.email)) stampOf.set(person.email, stamps[stampOf.size] ?? "");
      return api.post("/register", {
        form: registrationFormFields(person, stampOf.get(person.email) ?? ""),
        headers: HTML,
        maxRedirects: 0,
      });
    };

    // Registrations in flight as PostgreSQL stops: each is saved whole or not at all.
    const burst = Array.from({ length: 8 }, (_, i) => makeRegistrant({ fullName: `In Flight ${i}` }));
    const burstAnswers = Promise.all(burst.map((person) => timed("POST /register", () => postRegistration(person))));
    await sleep(20);
    const stopping = performance.now();
    postgres.shutDown();
    const down = performance.now();
    const inFlight = await burstAnswers;
    const burstStatuses = inFlight.map(({ response }) => response.status());
    figures.push(`pg_ctl stop -m fast took ${round(down - stopping)} ms`);
    figures.push(
      `registrations in flight at the stop: ${JSON.stringify(count(burstStatuses))} (status: count), ` +
        `answered within ${round(Math.max(...inFlight.map(({ ms }) => ms)))} ms`,
    );

    // Away. The visitor presses Register: the 503 page keeps what was typed in its Try again form.
    await registrationForm(visitor).getByRole("button", { name: "Register Now" }).click();
    await expect(visitor.getByRole("heading", { name: UNAVAILABLE })).toBeVisible();
    await expect(visitor.locator('input[type="hidden"][name="email"]')).toHaveValue(typed.email);
    await expect(visitor.locator('input[type="hidden"][name="fullName"]')).toHaveValue(typed.fullName);
    // With JavaScript the refusal is a message above the form, still filled in.
    await registrationForm(jsVisitor).getByRole("button", { name: "Register Now" }).click();
    await expect(jsVisitor.getByText("Nothing you sent was saved. Please try again in a minute.")).toBeVisible();
    await expect(registrationForm(jsVisitor).getByLabel("Full Name")).toHaveValue(jsTyped.fullName);
    await expect(registrationForm(jsVisitor).getByLabel("Email Address")).toHaveValue(jsTyped.email);
    // The page in a browser with JavaScript, under the site's CSP (the fixtures fail the test on a violation).
    const home = await page.goto(`${url}/`);
    expect(home?.status()).toBe(503);
    await expect(page.getByRole("heading", { name: UNAVAILABLE })).toBeVisible();
    await expect(page.getByRole("link", { name: "Try again" })).toBeVisible();

    const latencies: Record<Kind, number[]> = { "GET /": [], "GET /register": [], "POST /register": [], "GET /healthz": [] };
    while (performance.now() - down < OUTAGE_MS) {
      const answers = await Promise.all([
        timed("GET /", () => api.get("/", { headers: HTML })),
        timed("GET /register", () => api.get("/register", { headers: HTML })),
        timed("POST /register", () => postRegistration(posted)),
        timed("GET /healthz", () => api.get("/healthz")),
      ]);
      for (const { kind, response, ms } of answers) {
        latencies[kind].push(ms);
        expect(response.status(), kind).toBe(503);
        const body = await response.text();
        if (kind === "GET /healthz") {
          expect(JSON.parse(body)).toEqual({ status: "error", database: "down" });
          continue;
        }
        expect(response.headers()["retry-after"], kind).toMatch(/^\d+$/);
        expect(body, kind).toContain(UNAVAILABLE);
        if (kind === "POST /register") {
          expect(body).toContain(`name="email" value="${posted.email}"`);
          expect(body).toContain(`name="fullName" value="${posted.fullName}"`);
        }
      }
      await sleep(250);
    }
    const outageMs = performance.now() - down;
    for (const [kind, times] of Object.entries(latencies)) {
      const sorted = [...times].sort((a, b) => a - b);
      const max = sorted.at(-1) ?? 0;
      figures.push(`${kind}: ${times.length} answers, all 503; median ${round(sorted[sorted.length >> 1] ?? 0)} ms, max ${round(max)} ms`);
      expect(max, `${kind}: slowest answer while away`).toBeLessThan(MAX_FAIL_MS);
    }
    figures.push(`outage: ${(outageMs / 1000).toFixed(1)} s`);

    // Back: /healthz says 200 within seconds, the same server process, no restart.
    const starting = performance.now();
    postgres.startAgain();
    const accepting = performance.now();
    await expect.poll(async () => (await api.get("/healthz")).status(), { timeout: MAX_RECOVERY_MS, intervals: [100] }).toBe(200);
    const healthy = performance.now();
    figures.push(`pg_ctl start -w took ${round(accepting - starting)} ms; /healthz 200 ${round(healthy - accepting)} ms after it returned`);
    expect((await api.get("/register", { headers: HTML })).status()).toBe(200);
    const beforeMail = mailTo(before.email)[0]?.parsed.html;
    const beforeToken = selfServiceTokenIn(typeof beforeMail === "string" ? beforeMail : "");
    expect((await api.get(`/tickets/${encodeURIComponent(beforeToken)}`, { headers: HTML })).status()).toBe(200);

    // The retries go through: the visitor's Try again, and the same post again.
    await visitor.getByRole("button", { name: "Try again" }).click();
    await expect(visitor.getByText("Ticket Sent Successfully!")).toBeVisible();
    await expect(visitor.getByText(typed.email)).toBeVisible();
    const again = await postRegistration(posted);
    expect(again.status()).toBe(200);
    expect(await again.text()).toContain("Ticket Sent Successfully!");
    await registrationForm(jsVisitor).getByRole("button", { name: "Register Now" }).click();
    await expect(jsVisitor.getByRole("dialog", { name: "Ticket Sent Successfully!" })).toBeVisible();
    await noScript.close();
    await scripted.close();

    // Each ticket e-mail exactly once: the earlier attendee's was not sent again either.
    await smtp.waitFor((m) => m.envelopeTo.includes(typed.email));
    await smtp.waitFor((m) => m.envelopeTo.includes(posted.email));
    await smtp.waitFor((m) => m.envelopeTo.includes(jsTyped.email));
    await sleep(3_000);
    for (const person of [before, typed, posted, jsTyped]) expect(mailTo(person.email), person.email).toHaveLength(1);

    // Nothing half-saved: every attendee has its ticket e-mail in the outbox, every
    // registration answered 200 is stored, and the retried ones once each.
    client = new pg.Client({ connectionString: site.databaseUrl });
    await client.connect();
    const orphans = await client.query(
      "select count(*)::int as n from attendees a where not exists (select 1 from mail_outbox m where m.attendee_id = a.id and m.kind = 'ticket')",
    );
    expect(orphans.rows[0].n, "attendees without their ticket e-mail").toBe(0);
    const stored = await client.query<{ email: string; mails: number }>(
      `select a.email, count(m.id)::int as mails from attendees a join mail_outbox m on m.attendee_id = a.id and m.kind = 'ticket'
       group by a.email`,
    );
    const mailsOf = new Map(stored.rows.map((row) => [row.email, row.mails]));
    for (const person of [before, typed, posted, jsTyped]) expect(mailsOf.get(person.email), person.email).toBe(1);
    const storedBurst = burst.filter((person) => mailsOf.has(person.email)).length;
    burst.forEach((person, i) => {
      if (burstStatuses[i] === 200) expect(mailsOf.get(person.email), `${person.email} was told it registered`).toBe(1);
    });
    figures.push(`in flight: ${storedBurst} of ${burst.length} stored, each with its one outbox row; attendees without one: 0`);

    for (const line of figures) process.stdout.write(`[outage] ${line}\n`);
    testInfo.annotations.push(...figures.map((description) => ({ type: "figure", description })));
    await api.dispose();
  });
});

function count(values: number[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}
