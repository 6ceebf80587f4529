import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { signInAsAdmin } from "../support/admin-session";
import { expect, test } from "../support/fixtures";
import { type PrivateSite, startPrivateSite } from "../support/private-site";
import { makeRegistrant, postRegistration, registerForTicket, selfServiceToken } from "../support/register-helper";

// The ticket's QR code was a permanent key to the person: the same token opened the door and
// the ticket page, "Download my data", cancel and "Delete my data", and anyone who photographed
// a badge could use it. And an old token reached a new registration of the same address. Both
// against the production build on both databases; the person's own link and the door keep working.

const PERSONAL = (person: { email: string; phone: string }) => [person.email, person.phone.replace(/\s/g, "").slice(-7)];

for (const postgres of [false, true]) {
  test.describe
    .serial(`tickets' credentials on ${postgres ? "PostgreSQL" : "the embedded database"}`, () => {
      let site: PrivateSite;
      test.beforeAll(async () => {
        test.setTimeout(120_000);
        site = await startPrivateSite({ postgres });
      });
      test.afterAll(async () => site?.stop());

      test("the QR code, new or from the first tickets, opens no self-service; the person's link does, and the door admits both codes", async ({
        browser,
      }) => {
        const context = await browser.newContext({ baseURL: site.url });
        const api = context.request;
        const person = await registerForTicket(api, { fullName: "Ɗanladi Ƙasimu" }, { dataDir: site.dataDir });
        const secret = readFileSync(path.join(site.dataDir, "session-secret"), "utf8").trim();
        const firstTickets = `${person.ticketId}.${createHmac("sha256", secret).update(`ticket:v1:${person.ticketId}`).digest().subarray(0, 16).toString("base64url")}`;

        for (const code of [person.doorCode, firstTickets]) {
          const page = await api.get(`/tickets/${encodeURIComponent(code)}`);
          expect(page.status()).toBe(200);
          const html = await page.text();
          expect(html).toContain("This is an entry code");
          for (const value of [person.fullName, ...PERSONAL(person)]) expect(html).not.toContain(value);
          for (const sub of ["/my-data.json", "/calendar.ics", "/ticket.png", "/cancel", "/delete-my-data"]) {
            const answer = await api.get(`/tickets/${encodeURIComponent(code)}${sub}`);
            expect(answer.status(), sub).toBe(404);
            for (const value of PERSONAL(person)) expect(await answer.text()).not.toContain(value);
          }
          for (const sub of ["/cancel", "/delete-my-data"]) {
            expect((await api.post(`/tickets/${encodeURIComponent(code)}${sub}`, { maxRedirects: 0 })).status(), sub).toBe(404);
          }
        }

        // The person's own link, from their e-mail, still does everything.
        const own = await selfServiceToken(person.email, { dataDir: site.dataDir });
        const data = await api.get(`/tickets/${encodeURIComponent(own)}/my-data.json`);
        expect(data.status()).toBe(200);
        expect(await data.text()).toContain(person.email);

        // At the door: the new code and the first tickets' code both admit (once).
        const door = await browser.newContext({ baseURL: site.url });
        const staff = await door.newPage();
        await signInAsAdmin(staff, { redirectTo: "/admin/check-in" });
        const scan = (code: string, door = "") =>
          staff.request.post("/admin/check-in", { form: { intent: "scan", code, door }, headers: { origin: site.url } });
        expect(await (await scan(firstTickets)).text()).toContain("Checked in");
        // Another door (the same door would be told "just now", green, and record nothing more).
        expect(await (await scan(person.doorCode, "Gate 2")).text()).toMatch(/already checked in/i);
        await door.close();
        await context.close();
      });

      test("an old link of a cancelled registration changes nothing and reveals nothing of the address's new registration", async ({
        browser,
      }) => {
        const context = await browser.newContext({ baseURL: site.url });
        const api = context.request;
        // Someone registers the victim's address: the answer holds the door code only, never the person's link.
        const victim = makeRegistrant({ fullName: "Planted Name" });
        const planted = await postRegistration(api, victim);
        expect(planted.status).toBe(200);
        expect(planted.html).not.toMatch(/\/tickets\/[0-9a-f-]{36}\./);
        // Suppose they had the link anyway (a forwarded e-mail): they cancel with it and keep it.
        const oldLink = await selfServiceToken(victim.email, { dataDir: site.dataDir });
        expect((await api.post(`/tickets/${encodeURIComponent(oldLink)}/cancel`, { maxRedirects: 0 })).status()).toBe(302);

        // The real owner registers later, with their own details.
        const real = { ...victim, fullName: "Real Owner", phone: makeRegistrant().phone, reason: "My own reason" };
        expect((await postRegistration(api, real)).status).toBe(200);

        const exported = await (await api.get(`/tickets/${encodeURIComponent(oldLink)}/my-data.json`)).text();
        expect(exported).toContain("Planted Name");
        for (const value of ["Real Owner", "My own reason"]) expect(exported).not.toContain(value);
        expect((await api.post(`/tickets/${encodeURIComponent(oldLink)}/cancel`, { maxRedirects: 0 })).status()).toBe(302);
        expect((await api.post(`/tickets/${encodeURIComponent(oldLink)}/delete-my-data`, { maxRedirects: 0 })).status()).toBe(302);

        // The real registration is untouched: its own link (the newest ticket e-mail) shows it, active.
        // Its e-mail may still be in the outbox (on PostgreSQL the outbox runs in a thread of its
        // own): until it arrives the newest link in the mailbox is the old one.
        let ownLink = oldLink;
        await expect
          .poll(async () => (ownLink = await selfServiceToken(victim.email, { dataDir: site.dataDir })), { timeout: 20_000 })
          .not.toBe(oldLink);
        const page = await (await api.get(`/tickets/${encodeURIComponent(ownLink)}`)).text();
        expect(page).toContain("Real Owner");
        expect(page).toContain("Cancel my registration");
        await context.close();
      });
    });
}
