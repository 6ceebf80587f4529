// npm run bench:door — the offline door's budgets, in headless Chromium at 360×640 against the
// production server (precompressed assets, embedded database) with N generated attendees:
//  1. the door's first load: every script file the page fetched in its first seconds (a fresh
//     browser, nothing cached, no service worker yet), as transferred and uncompressed; the
//     camera's QR reader (jsQR, fetched while online) on its own line; /door-sw.js;
//  2. the offline list (GET /admin/check-in/list): raw, gzip and brotli, as the server sends
//     them, and what Chromium received;
//  3. offline lookups with the network cut (a TCP relay the bench cuts, tests/support/cuttable-link.ts,
//     and the browser told it is offline) and the CPU slowed 4× (Lighthouse's mobile setting):
//     a typed ticket ID, a scanned code (its Ed25519 signature checked), a name search, from the
//     submit to the answer on screen; the list's load into memory (buildSnapshot) once; the page
//     reopened with no network until it is ready.
// Options: --attendees N (10000) --tries N (30) --throttle N (4) --build | --no-build --no-write
// --cpu-profile DIR (the page's CPU profile of each kind of lookup, DIR/door-<kind>.cpuprofile, for
// Chromium's DevTools; profiling slows the page, so its timings are not the ones to report)
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync, constants as zlib } from "node:zlib";
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from "@playwright/test";
import { build } from "vite";
import { type CuttableLink, cuttableLink } from "#tests/support/cuttable-link.ts";
import { ensureProductionBuild, type ProductionServer, startProductionServer } from "#tests/support/production-server.ts";
import { CHROMIUM_FLAGS, ensureChromium } from "#tests/support/system-deps.ts";
import { dbConnectionOptions, openDbConnection } from "~/db/client.server";
import { attendees } from "~/db/schema";
import { signDoorCode } from "~/modules/tickets/ticket-token.server";
import { createBenchSession, seed } from "./admin/attendee-data";
import { writeSection } from "./support/docs-section";
import { percentile } from "./support/open-loop";
import { machineDescription, median } from "./support/report";

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
function option(name: string): string | undefined {
  const joined = args.find((a) => a.startsWith(`--${name}=`));
  if (joined) return joined.slice(name.length + 3);
  const at = args.indexOf(`--${name}`);
  return at === -1 ? undefined : args[at + 1];
}
const ATTENDEES = Number(option("attendees") ?? 10_000);
const TRIES = Number(option("tries") ?? 30);
const THROTTLE = Number(option("throttle") ?? 4);
const PROFILE_DIR = option("cpu-profile");
if (PROFILE_DIR) mkdirSync(PROFILE_DIR, { recursive: true });
const BUDGET = { jsKB: 150, listKB: 400, lookupMs: 50, listAttendees: 10_000 };
const KB = 1000;
const PHONE = { width: 360, height: 640 };
const DOOR = "Bench door";
/** Not a name in the seed (bench/admin/attendee-data.ts): the search reads the whole list and finds no one. */
const NOBODY = [
  ["Ɓawa", "Tukur", "Maigari", "Dikko", "Jega", "Kware"],
  ["Ƙarami", "Ɗahiru", "Bashir", "Gambo", "Nuhu", "Ƴusufa"],
] as const;

if (!(ATTENDEES > 2 * TRIES && TRIES > 0 && THROTTLE >= 1)) throw new Error("need --tries ≥ 1, --attendees > 2 × tries and --throttle ≥ 1");

// ---- In the page ---------------------------------------------------------------------------
// Plain JavaScript (tsx would wrap functions passed to page.evaluate in its __name helper, which
// the page does not have). `arm` names what the answer looks like; the timer starts at the next
// click (the trusted event's time, as a tap) or at `scan`; it stops at the first animation frame
// after the answer is in the page. The status line's first "Offline — …" after a navigation is
// noted for the reopening.
const IN_PAGE = String.raw`
(() => {
  const searchSection = () => document.querySelector('section[aria-labelledby="search-heading"]');
  const answered = (want) => {
    if (want.outcome) {
      const card = document.querySelector("[data-outcome]");
      return Boolean(card && card.getAttribute("data-outcome") === want.outcome && card.textContent.includes(want.text));
    }
    if (want.found) {
      const first = searchSection()?.querySelector("ul > li p");
      return Boolean(first && first.textContent === want.found);
    }
    if (want.none) return Boolean(searchSection()?.textContent.includes('No attendee matches "' + want.none + '"'));
    return false;
  };
  let current = null;
  window.addEventListener("click", (event) => {
    if (current && current.t0 === undefined) current.t0 = event.timeStamp;
  }, true);
  const bench = {
    arm(want) {
      if (answered(want)) throw new Error("already on screen before the try: " + JSON.stringify(want));
      const armed = { want, t0: undefined };
      armed.done = new Promise((resolve, reject) => {
        const timer = setTimeout(() => { observer.disconnect(); reject(new Error("no answer within 20 s: " + JSON.stringify(want))); }, 20000);
        const observer = new MutationObserver(() => {
          if (!answered(want)) return;
          observer.disconnect();
          clearTimeout(timer);
          requestAnimationFrame(() => resolve(performance.now()));
        });
        observer.observe(document.documentElement, { subtree: true, childList: true, characterData: true, attributes: true });
      });
      current = armed;
    },
    async settle() {
      const armed = current;
      const t1 = await armed.done;
      current = null;
      if (armed.t0 === undefined) throw new Error("no click seen");
      return t1 - armed.t0;
    },
    // What the camera's fetcher submits (check-in-screen.tsx), through the page's router: the same client action.
    async scan(code, ticketId) {
      bench.arm({ outcome: "checked-in", text: ticketId });
      current.t0 = performance.now();
      const form = new FormData();
      form.set("intent", "scan");
      form.set("code", code);
      form.set("door", localStorage.getItem("summit-door-name") || "");
      form.set("client_id", crypto.randomUUID());
      const router = window.__reactRouterDataRouter;
      if (!router) throw new Error("no React Router data router on the page");
      router.navigate("/admin/check-in", { formMethod: "post", formData: form });
      return bench.settle();
    },
    offlineReadyAt: null,
  };
  window.__doorBench = bench;
  const status = new MutationObserver(() => {
    const line = document.querySelector('[data-testid="door-status"]');
    if (bench.offlineReadyAt === null && line && /^Offline — \d+ check-ins? waiting/.test(line.textContent)) {
      bench.offlineReadyAt = performance.now();
      status.disconnect();
    }
  });
  status.observe(document, { subtree: true, childList: true, characterData: true });
})();
`;

/** The door's own code for the list's load, built from the same sources as the page's (readList, buildSnapshot, checkDoorCode). */
async function buildProbe(dir: string): Promise<string> {
  const app = path.resolve(import.meta.dirname, "../app");
  const entry = path.join(dir, "door-probe.ts");
  writeFileSync(
    entry,
    [
      `export { buildSnapshot, decideScan, decideTicketId, searchOffline } from ${JSON.stringify(`${app}/modules/checkin/offline/offline-door.ts`)};`,
      `export { readList } from ${JSON.stringify(`${app}/modules/checkin/offline/door-store.ts`)};`,
      `export { checkDoorCode } from ${JSON.stringify(`${app}/modules/checkin/offline/verify-code.ts`)};`,
    ].join("\n"),
  );
  const result = await build({
    configFile: false,
    logLevel: "silent",
    root: path.resolve(app, ".."),
    // As in the page's production bundle (library mode leaves it to the caller).
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    resolve: { alias: [{ find: /^~\//, replacement: `${app}/` }] },
    build: {
      write: false,
      minify: true,
      target: "es2022",
      lib: { entry, formats: ["iife"], name: "doorProbe", fileName: () => "door-probe.js" },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as { output?: { type: string; code?: string }[] }[];
  const code = outputs.flatMap((o) => o.output ?? []).find((chunk) => chunk.type === "chunk")?.code;
  if (!code) throw new Error("the door probe did not build");
  return `(() => { ${code}\nwindow.__doorProbe = doorProbe; })()`;
}

// ---- Bytes ---------------------------------------------------------------------------------
type Served = { status: number; encoding: string; bytes: number; body: Buffer };
/** One GET as the server answers it with this Accept-Encoding: the bytes on the wire, not decoded. */
function served(url: string, acceptEncoding: string, cookie?: string): Promise<Served> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { "Accept-Encoding": acceptEncoding };
    if (cookie) headers.Cookie = cookie;
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        response.on("end", () => {
          const body = Buffer.concat(chunks);
          const status = response.statusCode ?? 0;
          if (status !== 200) reject(new Error(`${url} answered ${status}`));
          else resolve({ status, encoding: String(response.headers["content-encoding"] ?? "identity"), bytes: body.length, body });
        });
      })
      .on("error", reject);
  });
}

type Resource = {
  name: string;
  initiatorType: string;
  startTime: number;
  encodedBodySize: number;
  decodedBodySize: number;
  transferSize: number;
};
type Script = Resource & { path: string; coding: string; brotli: Served; gzip: Served };

/** Polls an expression in the page (page.waitForFunction evaluates with eval, which the site's CSP forbids). */
async function until(page: Page, expression: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await page.evaluate(expression).catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`not true within ${timeoutMs} ms: ${expression}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const verdict = (ok: boolean) => (ok ? "**met**" : "**missed**");

// ---- The run -------------------------------------------------------------------------------
const loadAtStart = loadavg()[0] ?? 0;
ensureProductionBuild(flag("no-build") ? "never" : flag("build") ? "always" : "if-stale");
const dir = mkdtempSync(path.join(tmpdir(), "bench-door-"));
const dataDir = path.join(dir, "data");
let server: ProductionServer | undefined;
let link: CuttableLink | undefined;
let browser: Browser | undefined;
async function cleanup() {
  await browser?.close().catch(() => undefined);
  browser = undefined;
  await link?.close();
  link = undefined;
  await server?.stop();
  server = undefined;
  rmSync(dir, { recursive: true, force: true });
}
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void cleanup().finally(() => process.exit(130)));
const log = (line: string) => process.stderr.write(`[bench:door] ${line}\n`);

try {
  const probe = await buildProbe(dir);
  log(`seeding ${ATTENDEES} attendees…`);
  const database = await openDbConnection(dbConnectionOptions({ dataDir }));
  let cookie: string;
  let people: { ticket_id: string; full_name: string }[];
  try {
    await seed(database.db, ATTENDEES);
    cookie = await createBenchSession(database.db, { role: "checkin" });
    people = await database.db.select({ ticket_id: attendees.ticket_id, full_name: attendees.full_name }).from(attendees);
  } finally {
    await database.close();
  }
  server = await startProductionServer({ dataDir, readyTimeoutMs: 180_000 });
  const secret = readFileSync(path.join(dataDir, "session-secret"), "utf8").trim();
  link = await cuttableLink(server.url);
  const site = link.url;

  // Tickets for the tries: each admitted once, typed or scanned; names to search, each a different one.
  const typedTickets = people.slice(0, TRIES).map((p) => p.ticket_id);
  const scannedTickets = people.slice(TRIES, 2 * TRIES).map((p) => p.ticket_id);
  const names = [...new Set(people.map((p) => p.full_name))].sort();
  const plain = (name: string) =>
    name.replace(/[ƁɓƊɗƘƙƳƴ]/g, (c) => ({ Ɓ: "B", ɓ: "b", Ɗ: "D", ɗ: "d", Ƙ: "K", ƙ: "k", Ƴ: "Y", ƴ: "y" })[c] ?? c).toLowerCase();
  // Hooked names first, typed without the hooks, as a volunteer's keyboard gives them: the folding at work.
  const hooked = names.filter((n) => /[ƁɓƊɗƘƙƳƴ]/.test(n));
  const searchNames = [...hooked, ...names.filter((n) => !hooked.includes(n))].slice(0, TRIES);
  const nobody = Array.from({ length: TRIES }, (_, i) => {
    const [a, b] = NOBODY;
    const name = `${b[i % b.length]} ${a[Math.floor(i / b.length) % a.length]}`;
    return i < a.length * b.length ? name : `${name} ${i}`;
  });

  browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_FLAGS });
  const context: BrowserContext = await browser.newContext({ baseURL: site, viewport: PHONE, serviceWorkers: "allow" });
  const [cookieName, ...cookieValue] = cookie.split("=");
  await context.addCookies([{ name: cookieName ?? "", value: cookieValue.join("="), url: site }]);
  await context.addInitScript({ content: IN_PAGE });
  const page: Page = await context.newPage();
  const codings = new Map<string, string>();
  const acceptEncoding = new Map<string, string>();
  page.on("response", (response) => {
    const url = new URL(response.url());
    codings.set(url.pathname, response.headers()["content-encoding"] ?? "identity");
    void response
      .request()
      .allHeaders()
      .then((h) => acceptEncoding.set(url.pathname, h["accept-encoding"] ?? ""))
      .catch(() => undefined);
  });

  // 1. The first load, online, nothing cached.
  log("first load…");
  await page.goto("/admin/check-in");
  await page.getByLabel("Door name").fill(DOOR);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  const count = new RegExp(`Ready offline · list of (${ATTENDEES}|${ATTENDEES.toLocaleString("en-US")}) attendees`);
  const status = page.getByTestId("door-status");
  await status.filter({ hasText: count }).waitFor({ timeout: 180_000 });
  // The service worker has the page and its files, as at the door before the network drops.
  await until(page, `(async () => (await caches.keys()).length > 0 && Boolean(await caches.match("/admin/check-in")))()`, 60_000);
  await until(page, "performance.now() > 5000", 60_000);
  const resources = (await page.evaluate(
    `performance.getEntriesByType("resource").map((e) => ({ name: e.name, initiatorType: e.initiatorType, startTime: e.startTime, encodedBodySize: e.encodedBodySize, decodedBodySize: e.decodedBodySize, transferSize: e.transferSize }))`,
  )) as Resource[];
  const documentEntry = (await page.evaluate(
    `(() => { const e = performance.getEntriesByType("navigation")[0]; return { encodedBodySize: e.encodedBodySize, decodedBodySize: e.decodedBodySize, transferSize: e.transferSize }; })()`,
  )) as Pick<Resource, "encodedBodySize" | "decodedBodySize" | "transferSize">;
  const scripts: Script[] = [];
  for (const entry of resources.filter((e) => new URL(e.name).pathname.endsWith(".js"))) {
    const url = new URL(entry.name);
    scripts.push({
      ...entry,
      path: url.pathname,
      coding: codings.get(url.pathname) ?? "?",
      brotli: await served(`${server.url}${url.pathname}`, "br"),
      gzip: await served(`${server.url}${url.pathname}`, "gzip"),
    });
  }
  for (const s of scripts) {
    log(
      `  ${s.path} (${s.initiatorType}, at ${s.startTime.toFixed(0)} ms): ${s.coding} ${s.encodedBodySize} B, brotli ${s.brotli.bytes} B, ${s.decodedBodySize} B uncompressed`,
    );
  }
  const isJsqr = (s: Script) => /jsqr/i.test(s.path);
  const firstLoad = scripts.filter((s) => !isJsqr(s));
  const jsqr = scripts.filter(isJsqr);
  const sum = (list: Script[], pick: (s: Script) => number) => list.reduce((total, s) => total + pick(s), 0);
  const chromiumEncoding = acceptEncoding.get("/admin/check-in") ?? acceptEncoding.get(firstLoad[0]?.path ?? "") ?? "";
  const worker = {
    raw: await served(`${server.url}/door-sw.js`, "identity"),
    asServed: await served(`${server.url}/door-sw.js`, chromiumEncoding || "gzip, deflate, br, zstd"),
  };

  // 2. The list.
  const listUrl = `${server.url}/admin/check-in/list`;
  const listRaw = await served(listUrl, "identity", cookie);
  const listGzip = await served(listUrl, "gzip", cookie);
  const listBrowserHeader = acceptEncoding.get("/admin/check-in/list") || chromiumEncoding || "gzip, deflate, br, zstd";
  const listAsChromium = await served(listUrl, listBrowserHeader, cookie);
  const listBr = await served(listUrl, "br", cookie);
  const listInBrowser = resources.find((e) => new URL(e.name).pathname === "/admin/check-in/list");
  const listGzip9 = gzipSync(listRaw.body, { level: 9 }).length;
  const listBrotli11 = brotliCompressSync(listRaw.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length;

  // 3. Offline: the link cut (page and service worker alike) and the browser told so.
  log("offline lookups…");
  link.cut();
  await context.setOffline(true);
  await status.filter({ hasText: /^Offline/ }).waitFor({ timeout: 20_000 });
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: THROTTLE });

  /** Runs one kind of lookup, under the profiler with --cpu-profile. */
  const profiled = async (kind: string, run: () => Promise<void>) => {
    if (!PROFILE_DIR) return run();
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.start");
    await run();
    const { profile } = await cdp.send("Profiler.stop");
    writeFileSync(path.join(PROFILE_DIR, `door-${kind}.cpuprofile`), JSON.stringify(profile));
  };

  /**
   * A tap: the mouse pressed and released where the button is (page.mouse), without a locator
   * click's checks, which run in the page (its hit-target check) while the tap is being timed.
   */
  const tap = async (button: Locator) => {
    await button.scrollIntoViewIfNeeded();
    const deadline = Date.now() + 20_000;
    while (!(await button.isEnabled())) {
      if (Date.now() > deadline) throw new Error("the button stayed disabled");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const box = await button.boundingBox();
    if (!box) throw new Error("the button is not on screen");
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  };

  const field = page.getByRole("textbox", { name: "Ticket ID", exact: true });
  const checkIn = page.getByRole("button", { name: "Check in", exact: true });
  const typed: number[] = [];
  await profiled("typed", async () => {
    for (const ticketId of typedTickets) {
      await field.fill(ticketId);
      await page.evaluate(`__doorBench.arm(${JSON.stringify({ outcome: "checked-in", text: ticketId })})`);
      await tap(checkIn);
      typed.push((await page.evaluate(`__doorBench.settle()`)) as number);
    }
  });
  const scanned: number[] = [];
  await profiled("scan", async () => {
    for (const ticketId of scannedTickets) {
      // What the camera reads off the ticket: its page's address with the door code.
      const code = `${site}/tickets/${signDoorCode(ticketId, secret)}`;
      scanned.push((await page.evaluate(`__doorBench.scan(${JSON.stringify(code)}, ${JSON.stringify(ticketId)})`)) as number);
    }
  });
  const searchField = page.getByLabel("Name, phone number or ticket ID");
  const searchButton = page.getByRole("button", { name: "Search", exact: true });
  const found: number[] = [];
  await profiled("search", async () => {
    for (const name of searchNames) {
      await searchField.fill(plain(name));
      await page.evaluate(`__doorBench.arm(${JSON.stringify({ found: name })})`);
      await tap(searchButton);
      found.push((await page.evaluate(`__doorBench.settle()`)) as number);
    }
  });
  const none: number[] = [];
  await profiled("search-none", async () => {
    for (const name of nobody) {
      await searchField.fill(name);
      await page.evaluate(`__doorBench.arm(${JSON.stringify({ none: name })})`);
      await tap(searchButton);
      none.push((await page.evaluate(`__doorBench.settle()`)) as number);
    }
  });

  // The list into memory, once, and the signature check alone, by the door's own code (the probe).
  await page.evaluate(probe);
  const codes = scannedTickets.map((t) => signDoorCode(t, secret));
  // The lookups themselves, on people nobody has admitted yet (each a first admission).
  const fresh = people.slice(2 * TRIES, 4 * TRIES).map((p) => p.ticket_id);
  const freshCodes = fresh.slice(TRIES).map((t) => `${site}/tickets/${signDoorCode(t, secret)}`);
  const load = (await page.evaluate(
    `(async () => {
      const p = window.__doorProbe;
      const t0 = performance.now();
      const list = await p.readList();
      const t1 = performance.now();
      const snapshot = p.buildSnapshot(list, []);
      const t2 = performance.now();
      const checks = [];
      for (const code of ${JSON.stringify(codes)}) {
        const s = performance.now();
        const check = await p.checkDoorCode(code, list.keys);
        checks.push(performance.now() - s);
        if (check.kind !== "genuine") throw new Error("not genuine: " + code);
      }
      const time = async (inputs, run, ok) => {
        const times = [];
        for (const input of inputs) {
          const s = performance.now();
          const answer = await run(input);
          times.push(performance.now() - s);
          if (!ok(answer)) throw new Error("unexpected lookup answer for " + input + ": " + JSON.stringify(answer));
        }
        return times;
      };
      const typedLookups = await time(${JSON.stringify(fresh.slice(0, TRIES))}, (id) => p.decideTicketId(snapshot, id.toLowerCase()), (d) => d.outcome.status === "checked-in");
      const scanLookups = await time(${JSON.stringify(freshCodes)}, (code) => p.decideScan(snapshot, code), (d) => d.outcome.status === "checked-in");
      const searchLookups = await time(${JSON.stringify(searchNames.map(plain))}, (q) => p.searchOffline(snapshot, q), (m) => m.length > 0);
      const noneLookups = await time(${JSON.stringify(nobody)}, (q) => p.searchOffline(snapshot, q), (m) => m.length === 0);
      return { read: t1 - t0, build: t2 - t1, people: snapshot.people.size, checks, typedLookups, scanLookups, searchLookups, noneLookups };
    })()`,
  )) as {
    read: number;
    build: number;
    people: number;
    checks: number[];
    typedLookups: number[];
    scanLookups: number[];
    searchLookups: number[];
    noneLookups: number[];
  };
  if (load.people !== ATTENDEES) throw new Error(`the device's list holds ${load.people} people, not ${ATTENDEES}`);

  // The door reopened with no network: the page from the service worker, the list from IndexedDB.
  log("reopening offline…");
  await page.goto("/admin/check-in");
  await until(page, "Boolean(window.__doorBench && window.__doorBench.offlineReadyAt !== null)", 60_000);
  const reopened = (await page.evaluate(
    `({ ready: __doorBench.offlineReadyAt, response: performance.getEntriesByType("navigation")[0].responseEnd })`,
  )) as { ready: number; response: number };
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  const chromiumVersion = browser.version();

  // ---- Report ------------------------------------------------------------------------------
  const jsTransferred = sum(firstLoad, (s) => s.encodedBodySize);
  const jsBrotli = sum(firstLoad, (s) => s.brotli.bytes);
  const jsRaw = sum(firstLoad, (s) => s.decodedBodySize);
  const chromiumCodings = [...new Set(firstLoad.map((s) => s.coding))].join(", ");
  // As transferred: brotli, what Chromium asks for and the server sends (the larger of the two figures, should they differ).
  const jsOk = Math.max(jsBrotli, jsTransferred) <= BUDGET.jsKB * KB;
  const listOk = listAsChromium.bytes <= BUDGET.listKB * KB;
  type Row = { label: string; times: number[]; budget: boolean };
  const rows: Row[] = [
    { label: "Lookup: a typed ticket ID (decideTicketId)", times: load.typedLookups, budget: true },
    { label: "Lookup: a scanned code, its Ed25519 signature checked (decideScan)", times: load.scanLookups, budget: true },
    { label: "Lookup: a name search, 8 matches (searchOffline)", times: load.searchLookups, budget: true },
    { label: "Lookup: a name search, no one found: the whole list read (searchOffline)", times: load.noneLookups, budget: true },
    { label: "Signature check alone (checkDoorCode, WebCrypto Ed25519)", times: load.checks, budget: false },
    { label: "Whole answer, typed ID: Check in pressed → outcome card on screen", times: typed, budget: false },
    { label: "Whole answer, scanned code: decoded text submitted → card", times: scanned, budget: false },
    { label: "Whole answer, name search: Search pressed → first match on screen (8 matches)", times: found, budget: false },
    { label: "Whole answer, name search, no one found", times: none, budget: false },
  ];
  const lookupRows = rows.filter((r) => r.budget);
  const lookupsOk = lookupRows.every((r) => percentile(r.times, 95) <= BUDGET.lookupMs);
  const smoke = ATTENDEES !== BUDGET.listAttendees;
  const biggest = [...scripts].sort((a, b) => b.brotli.bytes - a.brotli.bytes).slice(0, 8);
  const name = (s: Script) => `\`${s.path.replace(/^\/assets\//, "")}\``;
  const loadAtEnd = loadavg()[0] ?? 0;

  const body = [
    ...(smoke
      ? [
          `> **Smoke run** with ${ATTENDEES.toLocaleString("en-US")} attendees and ${TRIES} tries: the budgets are for ${BUDGET.listAttendees.toLocaleString("en-US")}; run \`npm run bench:door\` for the real figures.`,
          "",
        ]
      : []),
    ...(PROFILE_DIR ? ["> **Profiled** (--cpu-profile): the lookups' timings include the profiler's overhead.", ""] : []),
    `- Date: ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC. Machine: ${machineDescription()}; 1-minute load average ${loadAtStart.toFixed(1)} at the start, ${loadAtEnd.toFixed(1)} at the end (the bench, its server and Chromium included). Chromium ${chromiumVersion} (/usr/bin/chromium, headless, Playwright), 360×640.`,
    `- Command: \`npm run bench:door\` (bench/door.ts${args.length ? ` ${args.join(" ")}` : ""}): ${ATTENDEES.toLocaleString("en-US")} generated attendees (bench/admin/attendee-data.ts; names with Hausa letters, Ɗanladi, Ƙasimu, Ƙaura), the production build (\`npm run build\`: assets precompressed, brotli q11 and gzip -9) on a fresh embedded database, signed in as a check-in account. The browser reaches the site through a TCP relay (tests/support/cuttable-link.ts) that the bench cuts for the offline part, so the page and its service worker lose the network alike, and \`context.setOffline(true)\` tells the page (navigator.onLine false).`,
    `- Budgets: the door's first load ≤ ${BUDGET.jsKB} KB of JavaScript as transferred; the list of ${BUDGET.listAttendees.toLocaleString("en-US")} attendees ≤ ${BUDGET.listKB} KB compressed; an offline lookup ≤ ${BUDGET.lookupMs} ms (p95) at ${THROTTLE}× CPU throttling (\`Emulation.setCPUThrottlingRate\`, Lighthouse's mobile setting; relative to this machine's CPU) with the whole list on the device. 1 KB = 1000 bytes.`,
    "",
    "### First load's JavaScript",
    "",
    `A fresh browser (nothing cached, no service worker yet) opens /admin/check-in signed in; every script file it fetched in its first 5 s and until the status line said it was ready offline (module preloads and lazy chunks included) counts, from the page's Resource Timing (body bytes as received, and decoded; the budget is judged on the bodies, the headers shown beside them). Chromium sent \`Accept-Encoding: ${chromiumEncoding || "?"}\` and got ${chromiumCodings || "?"}. jsQR, the camera's QR reader, is fetched by the page while online so that it is there offline, but only the camera needs it: it is on its own line. The HTML document carries the route data and inline scripts: on its own line too.`,
    "",
    "| What | Files | Transferred (as Chromium got it) | Brotli as served | Uncompressed | Budget |",
    "| --- | ---: | ---: | ---: | ---: | --- |",
    `| First load, jsQR aside | ${firstLoad.length} | ${kb(jsTransferred)} (${kb(sum(firstLoad, (s) => s.transferSize))} with HTTP headers) | ${kb(jsBrotli)} | ${kb(jsRaw)} | ≤ ${BUDGET.jsKB} KB: ${verdict(jsOk)} |`,
    `| jsQR (camera only, fetched online) | ${jsqr.length} | ${kb(sum(jsqr, (s) => s.encodedBodySize))} | ${kb(sum(jsqr, (s) => s.brotli.bytes))} | ${kb(sum(jsqr, (s) => s.decodedBodySize))} | — |`,
    `| /door-sw.js (the service worker, fetched by the browser) | 1 | — | ${kb(worker.asServed.bytes)} (${worker.asServed.encoding}, on the fly) | ${kb(worker.raw.bytes)} | — |`,
    `| The HTML document (inline scripts and route data) | 1 | ${kb(documentEntry.encodedBodySize)} | — | ${kb(documentEntry.decodedBodySize)} | — |`,
    "",
    "The biggest script files:",
    "",
    "| File | Brotli as served | gzip as served | Uncompressed |",
    "| --- | ---: | ---: | ---: |",
    ...biggest.map((s) => `| ${name(s)} | ${kb(s.brotli.bytes)} | ${kb(s.gzip.bytes)} | ${kb(s.decodedBodySize)} |`),
    "",
    "### The offline list",
    "",
    `GET /admin/check-in/list with the check-in account's session, ${ATTENDEES.toLocaleString("en-US")} attendees. The answer is made on each request (no-store, personal data), so the compression middleware compresses it on the fly (brotli quality 4, or gzip level 6, as the request accepts); the bytes below are those on the wire.`,
    "",
    "| Encoding | Bytes |",
    "| --- | ---: |",
    `| Raw JSON | ${kb(listRaw.bytes)} |`,
    `| gzip, as served (\`Accept-Encoding: gzip\`) | ${kb(listGzip.bytes)} (${listGzip.encoding}) |`,
    `| brotli, as served (\`Accept-Encoding: br\`) | ${kb(listBr.bytes)} (${listBr.encoding}) |`,
    `| As Chromium asks (\`Accept-Encoding: ${listBrowserHeader}\`) | ${kb(listAsChromium.bytes)} (${listAsChromium.encoding}): ≤ ${BUDGET.listKB} KB ${verdict(listOk)} |`,
    `| What the page received (Resource Timing) | ${listInBrowser ? `${kb(listInBrowser.encodedBodySize)} (${codings.get("/admin/check-in/list") ?? "?"})` : "—"} |`,
    `| For comparison: gzip -9 / brotli q11 of the same JSON | ${kb(listGzip9)} / ${kb(listBrotli11)} |`,
    "",
    "### Offline lookups",
    "",
    `Network cut, CPU ${THROTTLE}× slower, the list of ${ATTENDEES.toLocaleString("en-US")} on the device. **The lookups** (judged against the budget) are the door's own decision functions run in the page on the snapshot it works from: a typed ID found (any case), a scanned ticket address parsed and its Ed25519 signature checked, a name folded and searched; each on a ticket nobody has admitted yet. **The whole answers** are the same things as a volunteer does them, timed from the tap (the click event's time) to the first animation frame after the answer is in the page; every try admits a different ticket, so each is a first admission (queued in IndexedDB). A typed ID: Playwright fills "Ticket ID" and taps "Check in" (the mouse pressed and released on it). A scanned code: the text the camera decodes (the ticket page's address with its door code, signed as tickets are) submitted as the camera's fetcher does (intent scan, through the page's router and the route's client action, which checks the Ed25519 signature with WebCrypto); the camera and the QR decoding are not timed. A search: the name typed without its hooked letters (Ɗanladi Ƙaura as "danladi kaura") and Search tapped, until the first match is on screen; the seed repeats names, so most searches stop at their 8th match; a search for a name no one has reads the whole list, as a search for a rare name does. No warm-up: the first try is the first lookup after the page opened, shown on its own.`,
    "",
    "| Lookup | n | First | Median | p95 | Max | Budget (p95) |",
    "| --- | ---: | ---: | ---: | ---: | ---: | --- |",
    ...rows.map((r) => {
      const p95 = percentile(r.times, 95);
      const budget = r.budget ? `≤ ${BUDGET.lookupMs} ms: ${verdict(p95 <= BUDGET.lookupMs)}` : "—";
      return `| ${r.label} | ${r.times.length} | ${ms(r.times[0] ?? Number.NaN)} | ${ms(median(r.times))} | ${ms(p95)} | ${ms(Math.max(...r.times))} | ${budget} |`;
    }),
    "",
    "Loading the list, once, at the same throttling:",
    "",
    "| Step | Time |",
    "| --- | ---: |",
    `| IndexedDB: open and read the list (readList) | ${ms(load.read)} |`,
    `| Into memory: buildSnapshot (${load.people.toLocaleString("en-US")} people, names folded) | ${ms(load.build)} |`,
    `| The door reopened with no network: navigation → page from the service worker | ${ms(reopened.response)} |`,
    `| The door reopened with no network: navigation → status line "Offline — … waiting" (hydrated, list loaded) | ${ms(reopened.ready)} |`,
    "",
    "readList, buildSnapshot and checkDoorCode are the door's own modules (app/modules/checkin/offline), bundled by the bench with Vite from the same sources and run in the page on the list the page stored.",
    "",
    `Result: JavaScript ${verdict(jsOk)} (${kb(jsBrotli)} brotli; budget ${BUDGET.jsKB} KB), list ${verdict(listOk)} (${kb(listAsChromium.bytes)} ${listAsChromium.encoding}${smoke ? ` at ${ATTENDEES.toLocaleString("en-US")} attendees` : ""}; budget ${BUDGET.listKB} KB), offline lookups ${verdict(lookupsOk)} (worst p95 ${ms(Math.max(...lookupRows.map((r) => percentile(r.times, 95))))}; budget ${BUDGET.lookupMs} ms); the whole answer on screen, tap to card, median ${ms(Math.max(...rows.filter((r) => r.label.startsWith("Whole")).map((r) => percentile(r.times, 50))))} at worst (not a budget: see the analysis).`,
  ]
    .join("\n")
    .trim();
  process.stdout.write(`\n${body}\n`);
  if (!flag("no-write")) writeSection("## Offline door (npm run bench:door)", body);
} finally {
  await cleanup();
}
