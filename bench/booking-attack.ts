// npm run bench:attack — how many seats one machine takes in the first minute of a booking
// attack, before the defences (the commit given by --before, default the last one without
// them) and now; and how long the proof-of-work challenge takes on a phone-class CPU.
//
// The attack, as the issue found it: one machine posts made-up registrations as fast as it can,
// 8 at a time, each with a new name, e-mail address and phone number, from rotating addresses of
// one IPv6 /64 (TRUST_PROXY=loopback and X-Forwarded-For, so one machine plays the network).
// Two ways: "replay" loads /register once and posts its stamp again and again (what the script
// did); "fresh" loads the page (a new cookie and stamp) for every post and waits the 1.5 s a
// person would. Each runs for 60 s or until the event (500 seats) is full, on a new site. Seats
// taken are read from the landing page.
//
// The challenge: the production build with the challenge switched on, /register opened in
// Debian's Chromium with the CPU throttled 4x (DevTools' "low-end mobile"), 10 times; the time
// from the page's script arriving to the solved challenge sitting in the form.
//
// The /48 attack (issue 40), "slash48": a machine with a whole IPv6 /48 from a tunnel broker posts
// from a new /64 (and a new /56) every time, loads the page for every post, solves the page's
// proof-of-work challenge in Node (altcha-lib's own solver, as a script would) and posts made-up
// @gmail.com people. It runs after a surge is started, so the challenge is on the page; before
// the network ladder and the PBKDF2 challenge (--before, default 0d29df3, which has every earlier
// defence: the first measurements against 2e2b552, before any, are in docs/SECURITY.md) and now.
//
// Options: --before=<commit> --seconds=60 --runs=10 --no-write

import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { solveChallenge } from "altcha-lib";
import { deriveKey as pbkdf2Key } from "altcha-lib/algorithms/pbkdf2";
import { deriveKey as shaKey } from "altcha-lib/algorithms/sha";
import { type ProductionServer, startProductionServer } from "#tests/support/production-server.ts";
import { makeRegistrant, registrationFormFields } from "#tests/support/register-helper.ts";
import { CHROMIUM_FLAGS, ensureChromium } from "#tests/support/system-deps.ts";
import { prepareAppBuild } from "./support/app-server";
import { writeSection } from "./support/docs-section";
import { median } from "./support/report";

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const BEFORE = arg("before") ?? "0d29df3";
const SECONDS = Number(arg("seconds") ?? 60);
const RUNS = Number(arg("runs") ?? 10);
const LANES = 8;
const SEATS = 500;

type Attack = {
  mode: "replay" | "fresh" | "slash48";
  build: string;
  posts: number;
  instant: number;
  held: number;
  seats: number;
  fullAfter: number | null;
  /** slash48: the median time Node took to solve one page's challenge */
  solveMs?: number;
};

/** A site on its own data directory: the event a month ahead (as the e2e sites have it), the defaults otherwise. */
async function startSite(appDir: string, env: Record<string, string> = {}): Promise<{ server: ProductionServer; dispose: () => void }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "summit-bench-attack-"));
  execFileSync(process.execPath, ["--import", "tsx", "tests/support/e2e-prepare-site.ts"], {
    cwd: appDir,
    env: { ...process.env, DATA_DIR: dataDir, E2E_SITE: JSON.stringify({ accounts: [], holds: "default" }), DATABASE_URL: "" },
    stdio: "ignore",
  });
  const server = await startProductionServer({ dir: appDir, dataDir, env: { TRUST_PROXY: "loopback", ...env } });
  return { server, dispose: () => rmSync(dataDir, { recursive: true, force: true }) };
}

const from = (i: number) => `2001:db8:aa:bb:${(i % 65_535).toString(16)}:${((i * 7919) % 65_535).toString(16)}::1`;
/** The i-th post of the /48 attack: its own /64 of 2001:db8:48::/48, and a new /56 for each of 255 in turn. */
const from48 = (i: number) => `2001:db8:48:${(((i % 255) + 1) * 256 + Math.floor(i / 255)).toString(16)}::1`;
const unescapeHtml = (text: string) => text.replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&amp;", "&");

async function page(url: string, ip: string) {
  const response = await fetch(`${url}/register`, { headers: { "x-forwarded-for": ip } });
  const html = await response.text();
  const challenge = /data-challenge="([^"]+)"/.exec(html)?.[1];
  return {
    stamp: /name="formStamp" value="([^"]+)"/.exec(html)?.[1] ?? "",
    cookie: (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "",
    challenge: challenge ? unescapeHtml(challenge) : undefined,
  };
}

const solveTimes: number[] = [];
/** The page's challenge solved in Node, as the proof field's value; "" when the page had none. */
async function solved(challengeJson: string | undefined): Promise<string> {
  if (!challengeJson) return "";
  const challenge = JSON.parse(challengeJson);
  const deriveKey = challenge.parameters.algorithm.startsWith("PBKDF2") ? pbkdf2Key : shaKey;
  const started = performance.now();
  const solution = await solveChallenge({ challenge, deriveKey });
  solveTimes.push(performance.now() - started);
  return solution ? JSON.stringify({ challenge, solution }) : "";
}

async function seatsTaken(url: string): Promise<number> {
  const left = /(\d+)(?:<!-- -->)? seats remaining/.exec(await (await fetch(`${url}/`)).text())?.[1];
  return left === undefined ? SEATS : SEATS - Number(left);
}

async function attack(url: string, mode: Attack["mode"], build: string): Promise<Attack> {
  const started = performance.now();
  const result: Attack = { mode, build, posts: 0, instant: 0, held: 0, seats: 0, fullAfter: null };
  const firstSolve = solveTimes.length;
  const once = mode === "replay" ? await page(url, from(0)) : undefined;
  if (once) await new Promise((resolve) => setTimeout(resolve, 1_600));
  let i = 0;
  const lane = async () => {
    while (performance.now() - started < SECONDS * 1000 && result.fullAfter === null) {
      const ip = mode === "slash48" ? from48(i++) : from(i++);
      const stamp = once ?? (await page(url, ip));
      const waited = performance.now();
      const proof = mode === "slash48" ? await solved(stamp.challenge) : "";
      if (!once) await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1_550 - (performance.now() - waited))));
      const fields = registrationFormFields(
        makeRegistrant({ fullName: "Seat Grabber", email: `grab${i}.${Date.now()}@gmail.com` }),
        stamp.stamp,
      );
      const response = await fetch(`${url}/register`, {
        method: "POST",
        headers: { "x-forwarded-for": ip, cookie: stamp.cookie, origin: url },
        body: new URLSearchParams({ ...fields, ...(proof ? { proof } : {}) }),
      });
      const html = await response.text();
      result.posts++;
      if (html.includes("Ticket Sent Successfully!")) result.instant++;
      else if (html.includes("Check your e-mail to confirm your seat")) result.held++;
      else if (html.includes("Event is fully booked")) result.fullAfter ??= (performance.now() - started) / 1000;
    }
  };
  await Promise.all(Array.from({ length: LANES }, lane));
  result.seats = await seatsTaken(url);
  if (solveTimes.length > firstSolve) result.solveMs = median(solveTimes.slice(firstSolve));
  return result;
}

/**
 * Starts a surge (a dozen registrations from one network), which puts the challenge on the page
 * for everyone. One post after another: fourteen at once on a busy machine can be shed (503) and
 * leave too few to start it; checked, so a phase never runs without the challenge it measures.
 */
async function startSurge(url: string) {
  const pages = [];
  for (let i = 0; i < 14; i++) pages.push(await page(url, from(i)));
  await new Promise((resolve) => setTimeout(resolve, 1_600));
  for (const [i, p] of pages.entries()) {
    await fetch(`${url}/register`, {
      method: "POST",
      headers: { "x-forwarded-for": from(i), cookie: p.cookie, origin: url },
      body: new URLSearchParams(registrationFormFields(makeRegistrant({ fullName: "Seat Grabber" }), p.stamp)),
    }).then((r) => r.text());
  }
  if (!(await page(url, from(99))).challenge) throw new Error("the surge did not start: no challenge on /register");
}

async function challengeTimes(appDir: string): Promise<number[]> {
  const site = await startSite(appDir);
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_FLAGS });
  const times: number[] = [];
  try {
    await startSurge(site.server.url);
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext();
      const tab = await context.newPage();
      const cdp = await context.newCDPSession(tab);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
      await tab.goto(`${site.server.url}/register`, { waitUntil: "domcontentloaded" });
      const ms = await tab.evaluate(async () => {
        const field = document.querySelector<HTMLInputElement>('input[name="proof"]');
        if (!field) return -1;
        const script = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).find((e) =>
          e.name.includes("register-page-script"),
        );
        const arrived = script ? script.responseEnd : 0;
        while (!field.value) await new Promise((resolve) => setTimeout(resolve, 5));
        return performance.now() - arrived;
      });
      if (ms >= 0) times.push(ms);
      await context.close();
    }
  } finally {
    await browser.close();
    await site.server.stop();
    site.dispose();
  }
  return times;
}

async function main() {
  const now = prepareAppBuild("worktree");
  const before = prepareAppBuild({ ref: BEFORE });
  const attacks: Attack[] = [];
  try {
    for (const [build, dir, modes] of [
      [`before (${BEFORE})`, before.dir, ["replay", "fresh", "slash48"]],
      ["now", now.dir, ["replay", "fresh", "slash48"]],
    ] as const) {
      for (const mode of modes) {
        const site = await startSite(dir);
        try {
          if (mode === "slash48") await startSurge(site.server.url);
          const result = await attack(site.server.url, mode, build);
          attacks.push(result);
          process.stderr.write(`[bench] ${JSON.stringify(result)}\n`);
        } finally {
          await site.server.stop();
          site.dispose();
        }
      }
    }
  } finally {
    before.dispose();
  }
  const nodeSolve = attacks.find((a) => a.build === "now" && a.mode === "slash48")?.solveMs;
  let times: number[] = [];
  try {
    times = await challengeTimes(now.dir);
  } finally {
    now.dispose();
  }
  const rows = attacks.map(
    (a) =>
      `| ${a.build} | ${a.mode} | ${a.posts} | ${a.instant} | ${a.held} | **${a.seats}** | ${a.fullAfter === null ? "no" : `yes, after ${a.fullAfter.toFixed(1)} s`} | ${a.solveMs === undefined ? "" : `${Math.round(a.solveMs)} ms`} |`,
  );
  const sorted = [...times].sort((x, y) => x - y);
  const body = [
    `One machine, ${LANES} posts at a time for ${SECONDS} s (or until the ${SEATS} seats are gone), made-up people from rotating addresses of one IPv6 /64. Measured ${new Date().toISOString().slice(0, 10)} with \`npm run bench:attack\` on this 2-core machine (the load generator on the same cores).`,
    "",
    "replay: one page load, its stamp posted again and again; fresh: a new page load per post from rotating addresses of one /64, waiting as a person would; slash48: a new /56 and /64 of one /48 per post, the page's proof-of-work challenge solved in Node, during a surge (the challenge on the page).",
    "",
    "| Build | Attack | Posts | Instant tickets | Held | Seats taken | Fully booked | Node's solve (median) |",
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ...rows,
    "",
    times.length
      ? `Proof-of-work challenge, Chromium with the CPU throttled 4x, ${times.length} page loads: median **${Math.round(median(times))} ms**, slowest ${Math.round(sorted.at(-1) ?? 0)} ms (from the page's script arriving to the solution in the form; the person is typing meanwhile).`
      : "The challenge was not on the page: see the bench's output.",
    "",
    nodeSolve !== undefined
      ? `The same challenge solved in Node by the /48 attack (altcha-lib's solver, one core): median **${Math.round(nodeSolve)} ms** a page now${attacks.find((a) => a.mode === "slash48" && a.build !== "now")?.solveMs !== undefined ? `, ${Math.round(attacks.find((a) => a.mode === "slash48" && a.build !== "now")?.solveMs ?? 0)} ms before` : ""}. Chromium runs PBKDF2's iterations natively off the page's thread, which DevTools' CPU throttle does not slow: a real low-end phone, about 4 times slower than this machine's core, takes about 4 times Node's figure.`
      : "",
  ].join("\n");
  process.stdout.write(`${body}\n`);
  if (!process.argv.includes("--no-write")) writeSection("## Booking attacks (npm run bench:attack)", body);
}

await main();
