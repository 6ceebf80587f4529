import { type APIRequestContext, expect, test } from "@playwright/test";
import { PUBLIC_MAILS_PER_ADDRESS_PER_DAY } from "../../app/modules/mail/outbox.server";
import { NAME_LINK_MESSAGE } from "../../app/modules/person/person-name";
import { english } from "../support/english";
import { type PrivateSite, startPrivateSite } from "../support/private-site";
import { humanFields, makeRegistrant, postRegistration, selfServiceToken, uniqueEmail } from "../support/register-helper";
import { outboxRows, siteMail, waitForSiteMail } from "../support/site-mailbox";

// The attack: the registration form as a way to make the summit's official mailbox send the
// attacker's words to anyone. `email=A<victim@example.com>` passed the address check and
// nodemailer delivered to the victim; the name carried "ACTION NEEDED: pay N2,000 at https://…".
// And the "Lost your ticket?" form, registering, cancelling and registering again as a way to
// send one address mail after mail. Each must fail, while a real person still gets a ticket.

const RESENT = "If it is registered, we&#x27;ve sent the ticket again";

async function resend(api: APIRequestContext, email: string) {
  const form = { intent: "resend", email, ...(await humanFields(api)) };
  const answer = await api.post("/register", { form, maxRedirects: 0 });
  return { status: answer.status(), html: await answer.text() };
}

for (const postgres of [false, true]) {
  test.describe(postgres ? "on PostgreSQL" : "on the embedded database", () => {
    test.describe.configure({ mode: "serial" });
    let site: PrivateSite;
    let api: APIRequestContext;

    test.beforeAll(async ({ playwright }) => {
      test.setTimeout(180_000);
      site = await startPrivateSite({ postgres });
      api = await playwright.request.newContext({ baseURL: site.url });
    });
    test.afterAll(async () => {
      await api?.dispose();
      await site?.stop();
    });

    test("a display-name address and a link in the name are refused, nothing goes to the victim, a real person gets the ticket", async () => {
      test.setTimeout(90_000);
      const victim = uniqueEmail("victim");
      const attacks = [
        makeRegistrant({ fullName: "x", email: `A<${victim}>` }),
        makeRegistrant({ fullName: "x", email: `"Hello x ACTION NEEDED" <${victim}>` }),
        makeRegistrant({ fullName: "x", email: `${uniqueEmail()}, ${victim}` }),
        makeRegistrant({ fullName: "Hello x ACTION NEEDED: pay N2,000 at https://pay.example.com/zamfara", email: victim }),
        makeRegistrant({ fullName: "Amina, pay at bit.ly/summit-fee", email: victim }),
        makeRegistrant({ fullName: "Amina www.summit-fee.ng", email: victim }),
      ];
      for (const attack of attacks) {
        const { status, html } = await postRegistration(api, attack);
        expect(status, attack.email).toBe(400);
        expect(html).toContain(attack.email === victim ? english(NAME_LINK_MESSAGE) : "Please enter a valid email address");
      }
      // "Lost your ticket?" with a display name: the form's own message, nothing queued.
      expect((await resend(api, `A<${victim}>`)).status).toBe(400);

      // A real person, with a Hausa name, during the attack.
      const person = makeRegistrant({ fullName: "Ƙasimu Ni'ima Ɗanladi", email: uniqueEmail("kasimu") });
      const { status, html } = await postRegistration(api, person);
      expect(status, html.slice(0, 300)).toBe(200);
      expect(html).toContain("Ticket Sent Successfully!");
      const [ticket] = await waitForSiteMail(site, person.email);
      expect(ticket?.text).toContain("Hello Ƙasimu Ni'ima Ɗanladi,");
      expect(ticket?.to).toEqual([person.email]);

      // The worker has sent what was queued before and with the person's ticket: nothing to the victim.
      expect((await siteMail(site)).filter((mail) => mail.to.some((to) => to.includes("victim")))).toEqual([]);
      if (postgres) expect(await outboxRows(site, victim)).toEqual([]);
    });

    test("one address gets at most the daily ceiling of public mails, whichever forms send them", async () => {
      test.setTimeout(120_000);
      // Whoever holds the ticket link (the person, or someone they forwarded it to) can cancel and
      // register again, and ask for the ticket again: every form that mails the address counts.
      const person = makeRegistrant({ fullName: "Hauwa Ɓello" });
      const first = await postRegistration(api, person);
      expect(first.status).toBe(200);
      for (let i = 0; i < 3; i++) expect((await resend(api, person.email)).html).toContain(RESENT);
      // The re-sends are queued after the answer: the ticket and three re-sends, before the cancellation.
      await waitForSiteMail(site, person.email, 4);
      const link = await selfServiceToken(person.email, { dataDir: site.dataDir });
      const cancelled = await api.post(`/tickets/${encodeURIComponent(link)}/cancel`, { form: {}, maxRedirects: 0 });
      expect(cancelled.status()).toBeLessThan(400);
      // Registering again still works (the person may need the seat); its mail is the sixth of the day.
      const again = await postRegistration(api, person);
      expect(again.status, again.html.slice(0, 300)).toBe(200);
      for (let i = 0; i < 3; i++) {
        const answer = await resend(api, person.email);
        expect(answer.status).toBe(200);
        expect(answer.html).toContain(RESENT);
      }
      // An address nobody registered is answered the same.
      const unknown = await resend(api, uniqueEmail("nobody"));
      expect(unknown.status).toBe(200);
      expect(unknown.html).toContain(RESENT);

      await waitForSiteMail(site, person.email, PUBLIC_MAILS_PER_ADDRESS_PER_DAY);
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect((await siteMail(site)).filter((mail) => mail.to.includes(person.email.toLowerCase()))).toHaveLength(
        PUBLIC_MAILS_PER_ADDRESS_PER_DAY,
      );
      if (postgres) {
        const rows = await outboxRows(site, person.email);
        expect(
          rows.filter((row) => row.status === "failed").map((row) => row.kind),
          JSON.stringify(rows),
        ).toEqual(["ticket"]);
      }

      // Someone else is not affected.
      const other = makeRegistrant({ fullName: "Sa'adatu Abdullahi" });
      expect((await postRegistration(api, other)).status).toBe(200);
      await waitForSiteMail(site, other.email);
    });
  });
}
