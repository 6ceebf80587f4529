import { expect, test } from "@playwright/test";
import { type PrivateSite, startPrivateSite } from "../support/private-site";
import { loadFormPages as loadPages, postFrom as post } from "../support/raw-posts";
import { localMailTo, makeRegistrant, registrationFormFields } from "../support/register-helper";

// A registration held during a booking attack belongs to its first poster until it expires.
// Posting the same address again once deleted the held row: the person's link and code died, the
// new e-mail greeted the impostor's name, and every re-post gave five fresh code guesses. And
// every mail the public can trigger, held confirmations included, counts against one inbox's daily
// ceiling (5). Raw posts from several networks (TRUST_PROXY), on both databases.

const SURGING = "203.0.113.50"; // a network registering faster than people do: held
const STRANGER = "2001:db8:5::1"; // another network, not surging
const HELD = "Check your e-mail to confirm your seat";

/** Posts the registration form from `from` (a fresh page each). */
async function register(site: PrivateSite, from: string, person: ReturnType<typeof makeRegistrant>) {
  const [page] = await loadPages(site, from, 1);
  return post(site, "/register", from, registrationFormFields(person, page?.stamp ?? ""), page?.cookie);
}

const codeFormOf = (html: string) => /name="held" value="([^"]+)"/.exec(html)?.[1] ?? "";
const mailsTo = (site: PrivateSite, email: string) => localMailTo(site.dataDir, email);

// PostgreSQL only: a re-post waits on the held address's lock, which only PostgreSQL tests (PGlite
// serialises everything); the rules themselves run on both databases in holds.server.test.ts.
// One database here keeps CI inside its time.
for (const postgres of [true]) {
  test.describe
    .serial(`held registrations and one inbox's mail on ${postgres ? "PostgreSQL" : "the embedded database"}`, () => {
      let site: PrivateSite;
      test.beforeAll(async () => {
        test.setTimeout(120_000);
        site = await startPrivateSite({ postgres, holds: "default", env: { TRUST_PROXY: "loopback" } });
        // Twelve in a minute from one network (one after another, as load shedding wants): the eleventh on is held.
        const pages = await loadPages(site, SURGING, 12);
        const held = [];
        for (const page of pages)
          held.push(
            (await post(site, "/register", SURGING, registrationFormFields(makeRegistrant(), page.stamp), page.cookie)).html.includes(HELD),
          );
        expect(held.slice(-2)).toEqual([true, true]);
      });
      test.afterAll(async () => site?.stop());

      test("a stranger's re-posts leave the person's code and link working, and five guesses in all", async () => {
        test.setTimeout(90_000);
        const victim = makeRegistrant({ fullName: "Hauwa Bello" });
        const first = await register(site, SURGING, victim);
        expect(first.html).toContain(HELD);
        await expect.poll(async () => (await mailsTo(site, victim.email)).length, { timeout: 20_000 }).toBe(1);
        const code = /code on the registration page: (\d{6})/.exec((await mailsTo(site, victim.email))[0] ?? "")?.[1] ?? "";
        expect(code).toMatch(/^\d{6}$/);

        // The stranger, from a calm network and from the surging one: the same answer, nothing changed, nothing sent.
        const impostor = { ...makeRegistrant({ fullName: "Impostor Name" }), email: victim.email.toUpperCase() };
        const stranger = [await register(site, STRANGER, impostor), await register(site, SURGING, impostor)];
        for (const answer of stranger) {
          expect(answer.html).toContain(HELD);
          expect(answer.status).toBe(first.status);
        }
        // Guesses spread over re-posts and networks: the code dies at the fifth wrong one, not later.
        const wrong = (i: number) => String((Number(code) + i + 1) % 1_000_000).padStart(6, "0");
        const guesses = [];
        for (let i = 0; i < 7; i++) {
          if (i % 2 === 0) await register(site, SURGING, impostor);
          guesses.push(
            await post(site, "/register/confirm", `198.51.100.${i + 1}`, { held: codeFormOf(stranger[0]?.html ?? ""), code: wrong(i) }),
          );
        }
        const said = guesses.map((g) => /role="alert"[^>]*>([^<]+)</.exec(g.html)?.[1] ?? "");
        expect(said.map((text) => text.startsWith("Too many wrong codes"))).toEqual([false, false, false, false, true, true, true]);
        expect(said.slice(0, 4).every((text) => text.startsWith("That code is not right"))).toBe(true);
        const mail = (await mailsTo(site, victim.email)).join("\n");
        expect(mail).toContain("Hauwa Bello");
        expect(mail).not.toContain("Impostor");
        expect(await mailsTo(site, victim.email)).toHaveLength(1);
        // The e-mail's link, hers alone, still confirms her seat, under her name.
        const link = /\/register\/confirm\/([^"?\s]+)/.exec(mail)?.[1] ?? "";
        const confirmed = await post(site, `/register/confirm/${link}`, STRANGER, {});
        expect(confirmed.html).toContain("Your seat is confirmed");

        // Another person caught up in it: after a stranger's re-post her own code still works.
        const second = makeRegistrant({ fullName: "Zainab Ɗanjuma" });
        const held = await register(site, SURGING, second);
        await register(site, STRANGER, { ...makeRegistrant({ fullName: "Impostor Name" }), email: second.email });
        await expect.poll(async () => (await mailsTo(site, second.email)).length, { timeout: 20_000 }).toBe(1);
        const secondCode = /code on the registration page: (\d{6})/.exec((await mailsTo(site, second.email))[0] ?? "")?.[1] ?? "";
        const byCode = await post(site, "/register/confirm", SURGING, { held: codeFormOf(held.html), code: secondCode });
        expect(byCode.html).toContain("Your seat is confirmed");
      });

      test("one inbox gets at most 5 public mails a day, whatever mix of forms triggers them", async () => {
        test.setTimeout(90_000);
        const target = makeRegistrant({ fullName: "Amina Yusuf" });
        // 1: held confirmation; 2: the ticket once confirmed by its link.
        await register(site, SURGING, target);
        await expect.poll(async () => (await mailsTo(site, target.email)).length, { timeout: 20_000 }).toBe(1);
        const link = /\/register\/confirm\/([^"?\s]+)/.exec((await mailsTo(site, target.email))[0] ?? "")?.[1] ?? "";
        expect((await post(site, `/register/confirm/${link}`, SURGING, {})).html).toContain("Your seat is confirmed");
        // 3–5: "Lost your ticket?" from several networks; then held confirmations and more requests: none of them arrives.
        for (const page of await loadPages(site, STRANGER, 4))
          await post(
            site,
            "/register",
            STRANGER,
            { intent: "resend", email: target.email, formStamp: page.stamp, website: "" },
            page.cookie,
          );
        for (let i = 0; i < 3; i++) await register(site, SURGING, { ...makeRegistrant(), email: target.email });
        await expect.poll(async () => (await mailsTo(site, target.email)).length, { timeout: 20_000 }).toBe(5);
        await new Promise((resolve) => setTimeout(resolve, 3_000));
        const inbox = await mailsTo(site, target.email);
        process.stdout.write(
          `[attacks] ${postgres ? "postgres" : "pglite"}: one inbox, 9 public requests of 3 kinds: ${inbox.length} mails\n`,
        );
        expect(inbox).toHaveLength(5);
      });
    });
}
