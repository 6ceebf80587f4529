import { type APIRequestContext, request as playwrightRequest } from "@playwright/test";
import { e2eAdmin } from "../support/admin-session";
import { expect, test } from "../support/fixtures";
import { type PrivateSite, startPrivateSite, testClock } from "../support/private-site";

// Attack: a door account (its password is shared among volunteers, written on a card) used to
// copy the attendee list. The door's search used to answer e-mail addresses too, from two
// letters, as often as asked. Now it answers names, ticket IDs and check-in state only, from
// three characters, and 60 searches a minute per account; paging through the alphabet stops there.
// The door keeps working: typed ticket IDs while the search waits, and the search after the minute.
// The site runs on a clock the test moves (libfaketime): "after the minute" is a minute later on the
// server's clock, not a minute of the suite's. The limit counts minutes of the server's own clock,
// on PostgreSQL too (search-limit.server.ts).

const PEOPLE = 30;

for (const postgres of [false, true]) {
  test.describe(`the door search on ${postgres ? "PostgreSQL" : "the embedded database"}`, () => {
    test.describe.configure({ mode: "serial", timeout: 240_000 });
    let site: PrivateSite;
    let door: APIRequestContext;
    let clock: ReturnType<typeof testClock>;
    test.beforeAll(async () => {
      test.setTimeout(240_000);
      clock = testClock();
      site = await startPrivateSite({ postgres, door: true, attendees: PEOPLE, clock });
      door = await playwrightRequest.newContext({ baseURL: site.url });
      const { email, password } = e2eAdmin(true);
      const signedIn = await door.post("/admin/login", {
        form: { email, password, redirectTo: "/admin/check-in" },
        headers: { Origin: site.url },
        maxRedirects: 0,
      });
      expect(signedIn.status()).toBe(302);
    });
    test.afterAll(async () => {
      await door?.dispose();
      await site?.stop();
      clock?.remove();
    });

    const search = (q: string) => door.get(`/admin/check-in?q=${encodeURIComponent(q)}`);

    test("answers no e-mail or phone, refuses fewer than 3 characters, and stops paging at the limit", async () => {
      const { seeded } = site;
      expect(seeded).toHaveLength(PEOPLE);

      const found = await search("Seeded Person 00");
      expect(found.status()).toBe(200);
      const html = await found.text();
      expect(html).toContain("Seeded Person 001");
      for (const person of seeded) {
        expect(html).not.toContain(person.email);
        expect(html).not.toContain(person.phone);
        expect(html).not.toContain(person.phone.slice(-7));
      }
      // Nor by e-mail: typing an address tells nothing.
      expect(await (await search(seeded[0]?.email ?? "")).text()).not.toContain("Seeded Person 001");

      const short = await (await search("Se")).text();
      expect(short).toContain("Type at least 3 letters of a name, or a whole ticket ID.");
      expect(short).not.toContain("Seeded Person");

      // Paging through the alphabet: every three-letter start, as fast as the server answers.
      const letters = "abcdefghijklmnopqrstuvwxyz";
      const tries = [...letters].flatMap((a) => [...letters].slice(0, 4).map((b) => `${a}${b}e`));
      let answered = 0;
      let refused = 0;
      let sentence = "";
      for (const q of tries) {
        const response = await search(q);
        if (response.status() === 429) {
          refused++;
          sentence = await response.text();
          expect(Number(response.headers()["retry-after"])).toBeGreaterThan(0);
        } else answered++;
      }
      console.info(
        `[attack ${postgres ? "postgres" : "pglite"}] ${tries.length} searches in a row: ${answered} answered, ${refused} refused`,
      );
      // 60 a minute: this run's searches (3 above) and the alphabet's share one minute, or two at a minute's turn.
      expect(answered).toBeLessThanOrEqual(2 * 60);
      expect(refused).toBeGreaterThan(0);
      expect(sentence).toMatch(/Too many searches from this account\. Please wait \d+ seconds? and search again/);
    });

    test("the real door still works: a typed ticket ID during the limit, the search after it", async () => {
      const person = site.seeded.find((a) => a.full_name === "Seeded Person 007");
      if (!person) throw new Error("no seeded person");
      // Over the limit: the test above left it there, unless the server's minute turned since (then
      // searched until refused). The search waits, the typed ticket ID does not.
      let waiting = await search("Seeded Person 007");
      for (let i = 0; waiting.status() !== 429 && i < 130; i++) waiting = await search("Seeded Person 007");
      expect(waiting.status()).toBe(429);
      const checkIn = await door.post("/admin/check-in", {
        form: { intent: "ticket", ticket_id: person.ticket_id },
        headers: { Origin: site.url },
      });
      expect(checkIn.status()).toBe(200);
      expect(await checkIn.text()).toContain("Seeded Person 007");
      // After the minute the search answers again: the server's clock moved on by the wait it asked for.
      let moved = 0;
      while (waiting.status() === 429) {
        moved += Number(waiting.headers()["retry-after"] ?? "1");
        clock.move(`+${moved}`);
        waiting = await search("Seeded Person 007");
      }
      expect(moved).toBeGreaterThan(0);
      const html = await waiting.text();
      expect(html).toContain("Seeded Person 007");
      expect(html).toMatch(/In at \d\d:\d\d by Door Team/);
    });
  });
}
