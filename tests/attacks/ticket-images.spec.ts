import { expect, test } from "@playwright/test";
import { type PrivateSite, startPrivateSite } from "../support/private-site";
import { loadFormPages, postFrom } from "../support/raw-posts";
import { makeRegistrant, registrationFormFields, selfServiceToken } from "../support/register-helper";

// Issue 40: "Save ticket" (ticket.png) was a CPU lever. Each was drawn on the event loop, about
// a quarter of a second of CPU, for every request: one registrant asking for their picture 12 at
// a time pushed /register from 33 ms to 2.3 s and 3 in 10 visitors got 503. Now a picture is kept
// by its content and drawn once, in a thread below the requests; requests waiting for a drawing
// hold a quarter of the public lane at most; a ticket's picture answers 20 times in 10 minutes.
// The production build on the embedded database (the default install, where the event loop also
// runs the database), TRUST_PROXY so that the attacker and the visitor are different networks.
// Timings are generous: the figures are bench:images' (docs/BENCHMARKS.md).

const ATTACKER = "203.0.113.77";
const VISITOR = "198.51.100.20";
const IN_FLIGHT = 12;

const pictureOf = (site: PrivateSite, token: string, lang = "en") =>
  fetch(`${site.url}/tickets/${encodeURIComponent(token)}/ticket.png?lang=${lang}`, { headers: { "x-forwarded-for": ATTACKER } });

/** A registration posted as a script from `from`; the person's own link from their e-mail. */
async function register(site: PrivateSite, from: string, fullName: string): Promise<string> {
  const person = makeRegistrant({ fullName });
  const [page] = await loadFormPages(site, from, 1);
  const answer = await postFrom(site, "/register", from, registrationFormFields(person, page?.stamp ?? ""), page?.cookie);
  expect(answer.status).toBe(200);
  return selfServiceToken(person.email, { dataDir: site.dataDir });
}

test("12 ticket.png in flight from one registrant: /register keeps answering, never 503", async () => {
  test.setTimeout(180_000);
  const site = await startPrivateSite({ env: { TRUST_PROXY: "loopback" } });
  try {
    const token = await register(site, ATTACKER, "Ƙasimu Ɗanladi");
    const neighbour = await register(site, ATTACKER, "Hauwa Ɓello");

    // A person saving their own ticket a few times, in both languages: always the picture.
    for (const lang of ["en", "ha", "en"]) {
      const saved = await pictureOf(site, neighbour, lang);
      expect(saved.status).toBe(200);
      expect(saved.headers.get("content-type")).toBe("image/png");
      await saved.arrayBuffer();
    }

    // The attack: 12 requests for one ticket's picture always in flight while a visitor loads /register.
    const pictures = new Map<number, number>();
    let running = true;
    const lanes = Array.from({ length: IN_FLIGHT }, async () => {
      while (running) {
        const answer = await pictureOf(site, token);
        await answer.arrayBuffer();
        pictures.set(answer.status, (pictures.get(answer.status) ?? 0) + 1);
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const pages: { status: number; ms: number }[] = [];
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      const page = await fetch(`${site.url}/register`, { headers: { "x-forwarded-for": VISITOR, accept: "text/html" } });
      await page.text();
      pages.push({ status: page.status, ms: performance.now() - started });
    }
    running = false;
    await Promise.all(lanes);

    const ms = pages.map((page) => page.ms).sort((a, b) => a - b);
    const median = ms[Math.floor(ms.length / 2)] ?? Number.NaN;
    console.log(
      `[ticket-images] /register median ${median.toFixed(0)} ms, slowest ${ms.at(-1)?.toFixed(0)} ms; ` +
        `ticket.png: ${[...pictures].map(([status, n]) => `${n} × ${status}`).join(", ")}`,
    );
    expect(pages.map((page) => page.status)).toEqual(pages.map(() => 200));
    // "Fast-ish" on a shared 2-core machine: the 2.3 s of the attack before is far out of reach.
    expect(median).toBeLessThan(1_000);
    // The picture was drawn and served; past its 20 a ticket's picture is refused (429), a
    // request finding the drawing's waiting places taken hears "busy" (503); nothing else.
    expect(pictures.get(200)).toBeGreaterThan(0);
    expect(pictures.get(429)).toBeGreaterThan(0);
    expect([...pictures.keys()].every((status) => [200, 429, 503].includes(status))).toBe(true);
    // The refusal says what to do, with Retry-After.
    const refused = await pictureOf(site, token);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.text()).toContain("Please try again in a few minutes");
    // Another ticket on the same network still saves: the network's count is of drawings, and the flood drew one.
    expect((await pictureOf(site, neighbour, "ha")).status).toBe(200);
  } finally {
    await site.stop();
  }
});
