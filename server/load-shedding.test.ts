import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { loadShedding } from "./load-shedding";

// A real Express server on a loopback port whose routes answer only when the test says so:
// the test decides how many requests are running, waiting and refused.

type Held = { release: () => void };

async function startServer(maxActive: number, maxQueueWaitMs: number, eventLoopLag = () => 0) {
  const held: Held[] = [];
  const app = express();
  app.use((_req, res, next) => {
    res.locals.cspNonce = "test-nonce";
    next();
  });
  app.use(loadShedding({ maxActive, maxQueueWaitMs, retryAfterSeconds: 5, eventLoopLag }));
  app.get("/healthz", (_req, res) => {
    res.send("ok");
  });
  app.all("/{*rest}", (req, res) => {
    held.push({ release: () => res.send(`answered ${req.path}`) });
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const stop = () => new Promise((resolve) => server.close(resolve));
  stops.push(() => {
    server.closeAllConnections();
    return stop();
  });
  return { url, held };
}

const stops: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()));
});

const until = async (condition: () => boolean) => {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(condition()).toBe(true);
};

const page = { headers: { accept: "text/html,application/xhtml+xml" } };

describe("loadShedding", () => {
  it("runs maxActive requests, lets the next ones wait, and refuses the rest with 503, Retry-After and a page", async () => {
    const { url, held } = await startServer(2, 60_000);
    const running = [fetch(`${url}/a`), fetch(`${url}/b`)];
    await until(() => held.length === 2);
    const waiting = fetch(`${url}/c`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(held).toHaveLength(2);

    held[0]?.release();
    expect(await (await running[0])?.text()).toBe("answered /a");
    // The waiting request takes the freed turn.
    await until(() => held.length === 3);
    held[2]?.release();
    expect(await (await waiting).text()).toBe("answered /c");
    held[1]?.release();
    await running[1];
  });

  it("refuses a request that waited longer than maxQueueWaitMs, with the friendly page", async () => {
    const { url, held } = await startServer(1, 100);
    const running = fetch(`${url}/a`);
    await until(() => held.length === 1);
    const started = performance.now();
    const refused = await fetch(`${url}/register`, page);
    const waited = performance.now() - started;
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("5");
    expect(refused.headers.get("cache-control")).toBe("no-store");
    const html = await refused.text();
    expect(html).toContain("We're very busy right now");
    expect(html).toContain('<style nonce="test-nonce">');
    expect(html).toContain('<a class="button" href="/register">Try again</a>');
    expect(waited).toBeGreaterThanOrEqual(90);
    expect(waited).toBeLessThan(2_000);
    held[0]?.release();
    await running;
  });

  it("takes the event loop's lag off the allowed wait: a loop as late as the wait refuses at once", async () => {
    let lag = 0;
    const { url, held } = await startServer(1, 1_000, () => lag);
    const running = fetch(`${url}/a`);
    await until(() => held.length === 1);
    lag = 1_200;
    const started = performance.now();
    expect((await fetch(`${url}/b`)).status).toBe(503);
    expect(performance.now() - started).toBeLessThan(500);
    lag = 900;
    const late = performance.now();
    expect((await fetch(`${url}/c`)).status).toBe(503);
    // 1000 ms allowed, 900 of them already spent behind a busy loop.
    expect(performance.now() - late).toBeLessThan(600);
    held[0]?.release();
    await running;
  });

  it("gives a refused form post back as a retry form with what was typed, except passwords", async () => {
    const { url, held } = await startServer(1, 0);
    const running = fetch(`${url}/a`);
    await until(() => held.length === 1);
    const body = new URLSearchParams({ fullName: 'Ɗanladi "<b>" Ƙasimu', email: "d@example.org", password: "secret-value" });
    const refused = await fetch(`${url}/register?index`, { method: "POST", body, headers: page.headers });
    expect(refused.status).toBe(503);
    const html = await refused.text();
    expect(html).toContain('<form method="post" action="/register?index">');
    expect(html).toContain('<input type="hidden" name="fullName" value="Ɗanladi &quot;&lt;b&gt;&quot; Ƙasimu">');
    expect(html).toContain('<input type="hidden" name="email" value="d@example.org">');
    expect(html).not.toContain("secret-value");
    expect(html).toContain("Try again</button>");
    held[0]?.release();
    await running;
  });

  it("answers a refused data request (JavaScript's form post) with a line of text", async () => {
    const { url, held } = await startServer(1, 0);
    const running = fetch(`${url}/a`);
    await until(() => held.length === 1);
    const refused = await fetch(`${url}/register.data`, { method: "POST", body: new URLSearchParams({ a: "b" }) });
    expect(refused.status).toBe(503);
    expect(refused.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await refused.text()).toBe("Too many people are using the site at this moment. Please try again in a few seconds.");
    held[0]?.release();
    await running;
  });

  it("keeps /healthz and the other lane answering while the public lane is full", async () => {
    const { url, held } = await startServer(1, 0);
    const running = fetch(`${url}/register`);
    await until(() => held.length === 1);
    expect((await fetch(`${url}/`)).status).toBe(503);
    expect(await (await fetch(`${url}/healthz`)).text()).toBe("ok");
    const admin = fetch(`${url}/admin/check-in`);
    await until(() => held.length === 2);
    held[1]?.release();
    expect((await admin).status).toBe(200);
    held[0]?.release();
    await running;
  });

  it("frees a turn when a client hangs up, and skips waiting clients that left", async () => {
    const { url, held } = await startServer(1, 60_000);
    const gone = new AbortController();
    const first = fetch(`${url}/a`, { signal: gone.signal }).catch(() => "aborted");
    await until(() => held.length === 1);
    const leaving = new AbortController();
    const second = fetch(`${url}/b`, { signal: leaving.signal }).catch(() => "aborted");
    const third = fetch(`${url}/c`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    leaving.abort();
    expect(await second).toBe("aborted");
    await new Promise((resolve) => setTimeout(resolve, 50));
    gone.abort();
    expect(await first).toBe("aborted");
    // /b's client left while waiting: /c is next.
    await until(() => held.length === 2);
    held[1]?.release();
    expect(await (await third).text()).toBe("answered /c");
  });

  it("lets the gateway's callbacks wait up to a second for a turn, where a page is refused after its own wait", async () => {
    const { url, held } = await startServer(1, 100);
    const running = [fetch(`${url}/ussd/africastalking/t`), fetch(`${url}/register`)];
    await until(() => held.length === 2);
    const started = performance.now();
    const [page, callback] = [fetch(`${url}/register`), fetch(`${url}/ussd/africastalking/t`)];
    // The page waited its 100 ms and was refused; the callback is still waiting.
    expect((await page).status).toBe(503);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(held).toHaveLength(2);
    // A turn frees well within the second: the callback is answered, not refused.
    held[0]?.release();
    await until(() => held.length === 3);
    held[2]?.release();
    expect((await callback).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThan(300);
    held[1]?.release();
    await Promise.all(running);
  });
});
