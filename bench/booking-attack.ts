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
// Options: --before=<commit> --seconds=60 --runs=10 --no-write

import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { type ProductionServer, startProductionServer } from "#tests/support/production-server.ts";
import { makeRegistrant, registrationFormFields } from "#tests/support/register-helper.ts";
import { CHROMIUM_FLAGS, ensureChromium } from "#tests/support/system-deps.ts";
import { prepareAppBuild } from "./support/app-server";
import { writeSection } from "./support/docs-section";
import { median } from "./support/report";

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const BEFORE = arg("before") ?? "2e2b552";
const SECONDS = Number(arg("seconds") ?? 60);
const RUNS = Number(arg("runs") ?? 10);
const LANES = 8;
const SEATS = 500;

type Attack = {
  mode: "replay" | "fresh";
  build: string;
  posts: number;
  instant: number;
  held: number;
  seats: number;
  fullAfter: number | null;
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

async function page(url: string, ip: string) {
  const response = await fetch(`${url}/register`, { headers: { "x-forwarded-for": ip } });
  const html = await response.text();
  return {
    stamp: /name="formStamp" value="([^"]+)"/.exec(html)?.[1] ?? "",
    cookie: (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "",
  };
}

async function seatsTaken(url: string): Promise<number> {
  const left = /(\d+)(?:<!-- -->)? seats remaining/.exec(await (await fetch(`${url}/`)).text())?.[1];
  return left === undefined ? SEATS : SEATS - Number(left);
}

async function attack(url: string, mode: Attack["mode"], build: string): Promise<Attack> {
  const started = performance.now();
  const result: Attack = { mode, build, posts: 0, instant: 0, held: 0, seats: 0, fullAfter: null };
  const once = mode === "replay" ? await page(url, from(0)) : undefined;
  if (once) await new Promise((resolve) => setTimeout(resolve, 1_600));
  let i = 0;
  const lane = async () => {
    while (performance.now() - started < SECONDS * 1000 && result.fullAfter === null) {
      const ip = from(i++);
      const stamp = once ?? (await page(url, ip));
      if (!once) await new Promise((resolve) => setTimeout(resolve, 1_550));
      const response = await fetch(`${url}/register`, {
        method: "POST",
        headers: { "x-forwarded-for": ip, cookie: stamp.cookie, origin: url },
        body: new URLSearchParams(registrationFormFields(makeRegistrant({ fullName: "Seat Grabber" }), stamp.stamp)),
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
  return result;
}

/** Starts a surge (a dozen registrations from one network at once), which puts the challenge on the page for everyone. */
async function startSurge(url: string) {
  const pages = await Promise.all(Array.from({ length: 14 }, (_, i) => page(url, from(i))));
  await new Promise((resolve) => setTimeout(resolve, 1_600));
  await Promise.all(
    pages.map((p, i) =>
      fetch(`${url}/register`, {
        method: "POST",
        headers: { "x-forwarded-for": from(i), cookie: p.cookie, origin: url },
        body: new URLSearchParams(registrationFormFields(makeRegistrant({ fullName: "Seat Grabber" }), p.stamp)),
      }).then((r) => r.text()),
    ),
  );
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
    for (const [build, dir] of [
      [`before (${BEFORE})`, before.dir],
      ["now", now.dir],
    ] as const) {
      for (const mode of ["replay", "fresh"] as const) {
        const site = await startSite(dir);
        try {
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
  let times: number[] = [];
  try {
    times = await challengeTimes(now.dir);
  } finally {
    now.dispose();
  }
  const rows = attacks.map(
    (a) =>
      `| ${a.build} | ${a.mode} | ${a.posts} | ${a.instant} | ${a.held} | **${a.seats}** | ${a.fullAfter === null ? "no" : `yes, after ${a.fullAfter.toFixed(1)} s`} |`,
  );
  const sorted = [...times].sort((x, y) => x - y);
  const body = [
    `One machine, ${LANES} posts at a time for ${SECONDS} s (or until the ${SEATS} seats are gone), made-up people from rotating addresses of one IPv6 /64. Measured ${new Date().toISOString().slice(0, 10)} with \`npm run bench:attack\` on this 2-core machine (the load generator on the same cores).`,
    "",
    "| Build | Attack | Posts | Instant tickets | Held | Seats taken | Fully booked |",
    "| --- | --- | --- | --- | --- | --- | --- |",
    ...rows,
    "",
    times.length
      ? `Proof-of-work challenge, Chromium with the CPU throttled 4x, ${times.length} page loads: median **${Math.round(median(times))} ms**, slowest ${Math.round(sorted.at(-1) ?? 0)} ms (from the page's script arriving to the solution in the form; the person is typing meanwhile).`
      : "The challenge was not on the page: see the bench's output.",
  ].join("\n");
  process.stdout.write(`${body}\n`);
  if (!process.argv.includes("--no-write")) writeSection("## Booking attacks (npm run bench:attack)", body);
}

await main();
