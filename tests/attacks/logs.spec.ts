import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { type PrivateSite, startPrivateSite } from "../support/private-site";
import { e164, humanFields, makeRegistrant, postRegistration, type Registrant, selfServiceToken } from "../support/register-helper";
import { waitForSiteMail } from "../support/site-mailbox";

// The attack: reading the server's log (a leaked log file, a shared log service) for the
// people who registered. The log keeps ids (docs/PRIVACY.md): after registrations, re-sends,
// a refused duplicate, a cancellation, visits to ticket pages and a CSP report naming a ticket
// page, the server's whole output holds no registrant's address, phone, name or token.

type Person = Registrant & { token: string };

for (const postgres of [false, true]) {
  test.describe(postgres ? "on PostgreSQL" : "on the embedded database", () => {
    test.describe.configure({ mode: "serial" });
    let site: PrivateSite;
    let api: APIRequestContext;
    let dir: string;
    let logFile: string;

    test.beforeAll(async ({ playwright }) => {
      test.setTimeout(180_000);
      dir = mkdtempSync(path.join(tmpdir(), "summit-logs-"));
      logFile = path.join(dir, "server.log");
      site = await startPrivateSite({ postgres, logFile, env: { LOG_LEVEL: "debug" } });
      api = await playwright.request.newContext({ baseURL: site.url });
    });
    test.afterAll(async () => {
      await api?.dispose();
      await site?.stop();
      rmSync(dir, { recursive: true, force: true });
    });

    test("registrations, re-sends, a cancellation and a CSP report leave no person in the log", async () => {
      test.setTimeout(120_000);
      const people: Person[] = [];
      for (const fullName of ["Ƙasimu Ni'ima Ɗanladi", "Hauwa Ɓello", "Chukwuemeka Obi-Okonkwo"]) {
        const person = makeRegistrant({
          fullName,
          email: `${fullName
            .split(" ")[1]
            ?.toLowerCase()
            .replace(/[^a-z]/g, "")}-${Date.now()}@example.org`,
        });
        const { status, html } = await postRegistration(api, person);
        expect(status, html.slice(0, 300)).toBe(200);
        // The person's own link, from their e-mail (the answer shows only the QR code).
        people.push({ ...person, token: await selfServiceToken(person.email, { dataDir: site.dataDir }) });
      }
      const [first, second, third] = people as [Person, Person, Person];
      // Registering an address again is refused (the database's unique index says so).
      expect((await postRegistration(api, { ...first, phone: makeRegistrant().phone })).status).toBe(409);
      // "Lost your ticket?", for a registered address and for one that is not.
      for (const email of [second.email, "nobody-registered@example.org"]) {
        const answer = await api.post("/register", { form: { intent: "resend", email, ...(await humanFields(api)) } });
        expect(answer.status()).toBe(200);
      }
      // Ticket pages, a calendar file, a saved ticket, a forged token, a cancellation.
      for (const person of people) expect((await api.get(`/tickets/${encodeURIComponent(person.token)}`)).status()).toBe(200);
      await api.get(`/tickets/${encodeURIComponent(first.token)}/calendar.ics`);
      expect((await api.get(`/tickets/${encodeURIComponent(first.token)}/ticket.png`)).status()).toBe(200);
      await api.get(`/tickets/${encodeURIComponent(`${third.token}x`)}`);
      await api.get(`/waitlist/${encodeURIComponent(third.token)}`);
      const cancelled = await api.post(`/tickets/${encodeURIComponent(third.token)}/cancel`, { form: {}, maxRedirects: 0 });
      expect(cancelled.status()).toBeLessThan(400);
      // A browser's CSP report from a ticket page (its address holds the token).
      const ticketPage = `${site.url}/tickets/${encodeURIComponent(first.token)}?from=${encodeURIComponent(first.email)}`;
      const report = await api.post("/csp-report", {
        headers: { "content-type": "application/csp-report" },
        data: JSON.stringify({
          "csp-report": {
            "document-uri": ticketPage,
            referrer: ticketPage,
            "violated-directive": "img-src",
            "blocked-uri": `https://evil.example/${first.email}`,
          },
        }),
      });
      expect(report.status()).toBe(204);

      // Every mail is sent (and logged as sent) before the log is read.
      await waitForSiteMail(site, first.email);
      await waitForSiteMail(site, second.email, 2);
      await waitForSiteMail(site, third.email, 2);
      await new Promise((resolve) => setTimeout(resolve, 1_000));

      const log = readFileSync(logFile, "utf8");
      // The log was captured and holds what happened, by id.
      expect(log).toContain("mail sent");
      expect(log).toContain('"directive":"img-src","blocked":"https://evil.example"');
      for (const person of people) {
        for (const secret of [
          person.email,
          person.fullName,
          person.phone,
          e164(person.phone),
          person.token,
          person.token.split(".").at(-1) ?? "",
        ]) {
          expect(secret.length).toBeGreaterThan(5);
          expect(log.includes(secret), `the log holds ${secret}`).toBe(false);
        }
      }
      expect(log).not.toContain("nobody-registered@example.org");
      expect(log).not.toMatch(/\/tickets\/(?!\[token\])[^\s"/]/);
    });
  });
}
