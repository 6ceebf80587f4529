import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync, constants as zlibConstants } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { ensureProductionBuild, type ProductionServer, startProductionServer } from "#tests/support/production-server.ts";
import { CHROMIUM_FLAGS, ensureChromium } from "#tests/support/system-deps.ts";
import { startControlServer } from "./pages/control-page";
import { KB, PAGES, type Page, type Run, report, TICKET_TOKEN } from "./pages/report";
import { measureShareImage, SHARE_IMAGE_HEADING, shareImageReport } from "./pages/share-image";
import { writeSection, writeSubsection } from "./support/docs-section";

// `npm run bench:pages`: Lighthouse (mobile emulation, simulated throttling) on the
// production build, medians of N runs: `/` and `/register` with the demo content, each in
// English and in Hausa (`?lang=ha`; the report adds a table of JavaScript per page per language),
// and `/` with a full programme of photos and logos (a second site, bench/pages/landing-content.server.ts),
// and one attendee's ticket page (/tickets/<their own link's token>, ADR 015); first, a static
// control page (bench/pages/control-page.ts), the TBT the others are judged against.
// Options: --runs N (default 3), --build (always rebuild), --no-build, --no-write
// (skip docs/BENCHMARKS.md), --json FILE (raw results, for before/after comparisons),
// --save-lhr DIR (every full Lighthouse report, for digging into one run), --site demo|content
// (only that site's pages, while iterating; implies --no-write), --share-image (only the share
// image: its cold drawing and its serving from the cache, bench/pages/share-image.ts; no Lighthouse).

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const RUNS = Number(option("--runs") ?? 3);
const ONLY_SITE = option("--site");
const SHARE_IMAGE_ONLY = flag("--share-image");
const pages = SHARE_IMAGE_ONLY ? [] : PAGES.filter((p) => !ONLY_SITE || p.site === ONLY_SITE);
const SECTION = "## Public pages (npm run bench:pages)";
const loadAtStart = loadavg()[0]!.toFixed(1);
const servers: Pick<ProductionServer, "stop">[] = [];
let chrome: chromeLauncher.LaunchedChrome | undefined;
const tempDirs: string[] = [];
/** The demo site's attendee's self-service token, for the ticket page's path (report.ts TICKET_TOKEN). */
let ticketToken = "";
const pathOf = (page: Page) => page.path.replace(TICKET_TOKEN, encodeURIComponent(ticketToken));

async function cleanup() {
  if (chrome) await Promise.resolve(chrome.kill()).catch(() => {});
  chrome = undefined;
  await Promise.all(servers.splice(0).map((server) => server.stop()));
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => void cleanup().finally(() => process.exit(130)));
}

async function startServer(site: Page["site"]): Promise<string> {
  const tempDir = mkdtempSync(path.join(tmpdir(), `summit-bench-pages-${site}-`));
  tempDirs.push(tempDir);
  const dataDir = path.join(tempDir, "data");
  // Seed first; the server takes the data directory's lock afterwards. The server keeps its
  // embedded database in <data dir>/db (a seed written to the data directory itself is never read).
  const { openDbConnection } = await import("~/db/client.server");
  const database = await openDbConnection({ kind: "pglite", dir: path.join(dataDir, "db") });
  try {
    if (site === "demo") {
      const { seedDemo } = await import("~/modules/content/demo-seed.server");
      await seedDemo(database.db, { today: new Date() });
      // One attendee, and the secret the server will sign with (it keeps the one it finds), so the
      // bench can write their own ticket link as their e-mail would carry it.
      const { createAttendee } = await import("~/db/factories");
      const { signSelfServiceToken } = await import("~/modules/tickets/ticket-token.server");
      const secret = randomBytes(32).toString("hex");
      mkdirSync(dataDir, { recursive: true });
      writeFileSync(path.join(dataDir, "session-secret"), `${secret}\n`, { mode: 0o600 });
      const attendee = await createAttendee(database.db, { full_name: "Ƙasimu Ɗanladi Ɓello" });
      ticketToken = signSelfServiceToken(attendee.id, secret);
    } else {
      const { seedLandingContent } = await import("./pages/landing-content.server");
      await seedLandingContent(database.db, new Date());
    }
  } finally {
    await database.close();
  }
  // No SMTP_URL: mail goes to the data directory; a minute and more is normal for a first start on a loaded machine.
  const server = await startProductionServer({ dataDir, output: "forward", readyTimeoutMs: 180_000 });
  servers.push(server);
  return server.url;
}

/** Every image address in the page's HTML (src and srcset), so a warm-up can request each once. */
function imageUrls(html: string, base: string): string[] {
  const urls = new Set<string>();
  for (const [, attr, value] of html.matchAll(/\s(src|srcset)="([^"]*)"/g)) {
    const candidates = attr === "srcset" ? value!.split(",").map((c) => c.trim().split(/\s+/)[0]!) : [value!];
    for (const url of candidates) if (url.startsWith("/media/")) urls.add(base + url.replaceAll("&amp;", "&"));
  }
  return [...urls];
}

/** The server's first render and resized images are made once; the bench measures the steady state after. */
async function warm(base: string, pagePath: string): Promise<void> {
  let html = "";
  for (let i = 0; i < 3; i++) html = await (await fetch(base + pagePath)).text();
  for (const url of imageUrls(html, base)) await fetch(url).then((r) => r.arrayBuffer());
}

const scriptSizes = new Map<string, { gzip9: number; brotli: number }>();
/** gzip -9 and brotli q11 of a script exactly as served uncompressed (what a precompressed build could send). */
async function compressedSizes(url: string) {
  const cached = scriptSizes.get(url);
  if (cached) return cached;
  const body = Buffer.from(await (await fetch(url, { headers: { "accept-encoding": "identity" } })).arrayBuffer());
  const sizes = {
    gzip9: gzipSync(body, { level: 9 }).length,
    brotli: brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
  scriptSizes.set(url, sizes);
  return sizes;
}

/** The full version (the user agent string reports only the major one). */
async function chromiumVersion(port: number): Promise<string> {
  const info = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as { Browser?: string };
  return info.Browser?.replace(/^\D*\//, "") ?? "unknown";
}

type Item = { url: string; resourceType?: string; transferSize?: number };
let environment = { chromium: "", benchmarkIndex: [] as number[] };

async function measure(url: string): Promise<Run> {
  if (!chrome) throw new Error("Chrome is not running");
  const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  const saveDir = option("--save-lhr");
  if (saveDir) writeFileSync(path.join(saveDir, `${url.replace(/\W+/g, "_")}-${Date.now()}.json`), JSON.stringify(lhr));
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  environment = {
    chromium: environment.chromium || (await chromiumVersion(chrome.port)),
    benchmarkIndex: [...environment.benchmarkIndex, lhr.environment.benchmarkIndex],
  };
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const items = ((lhr.audits["network-requests"]?.details as { items?: Item[] } | undefined)?.items ?? []) as Item[];
  const scripts = items.filter((item) => item.resourceType === "Script");
  const images = items.filter((item) => item.resourceType === "Image");
  let jsGzip9 = 0;
  let jsBrotli = 0;
  for (const script of scripts) {
    const sizes = await compressedSizes(script.url);
    jsGzip9 += sizes.gzip9;
    jsBrotli += sizes.brotli;
  }
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcp: audit("largest-contentful-paint"),
    tbt: audit("total-blocking-time"),
    cls: audit("cumulative-layout-shift"),
    totalBytes: audit("total-byte-weight"),
    imageBytes: images.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    images: images.length,
    jsBytes: scripts.reduce((sum, s) => sum + (s.transferSize ?? 0), 0),
    jsGzip9,
    jsBrotli,
  };
}

/** The share image's figures, printed and (unless --no-write) written as their own subsection. */
async function shareImage(demoSite: string) {
  const figures = await measureShareImage(demoSite);
  const date = `${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`;
  const body = shareImageReport(figures, { date, load: loadavg()[0]!.toFixed(1) });
  process.stdout.write(`\n${SHARE_IMAGE_HEADING}\n\n${body}\n`);
  if (!flag("--no-write") && !ONLY_SITE) writeSubsection(SECTION, SHARE_IMAGE_HEADING, body);
}

async function main() {
  ensureProductionBuild(flag("--no-build") ? "never" : flag("--build") ? "always" : "if-stale");
  if (SHARE_IMAGE_ONLY) return shareImage(await startServer("demo"));
  const sites = [...new Set(pages.map((p) => p.site))];
  const urls = new Map(await Promise.all(sites.map(async (site) => [site, await startServer(site)] as const)));
  const demoUrl = urls.get("demo");
  const control = demoUrl && pages.some((p) => p.control) ? await startControlServer(demoUrl) : undefined;
  if (control) servers.push(control);
  const urlOf = (p: Page) => (p.control ? control!.url : urls.get(p.site)!) + pathOf(p);
  for (const p of pages) if (!p.control) await warm(urls.get(p.site)!, pathOf(p));
  chrome = await chromeLauncher.launch({ chromePath: ensureChromium(), chromeFlags: CHROMIUM_FLAGS });
  const results: Run[][] = [];
  for (const p of pages) {
    const runs: Run[] = [];
    results.push(runs);
    for (let i = 0; i < RUNS; i++) {
      const run = await measure(urlOf(p));
      runs.push(run);
      process.stderr.write(
        `[bench] ${p.label} run ${i + 1}: score ${run.score}, LCP ${run.lcp.toFixed(0)} ms, TBT ${run.tbt.toFixed(0)} ms,` +
          ` ${(run.totalBytes / KB).toFixed(1)} KB (${run.images} images, ${(run.imageBytes / KB).toFixed(1)} KB)\n`,
      );
    }
  }
  const date = new Date().toISOString().slice(0, 16).replace("T", " ");
  const section = report(pages, results, {
    runs: RUNS,
    date: `${date} UTC`,
    loadAtStart,
    loadAtEnd: loadavg()[0]!.toFixed(1),
    chromium: environment.chromium,
    benchmarkIndex: environment.benchmarkIndex,
  });
  process.stdout.write(`\n${section}\n`);
  const json = option("--json");
  if (json) writeFileSync(json, JSON.stringify({ date, environment, pages: PAGES, results }, null, 2));
  if (!flag("--no-write") && !ONLY_SITE) writeSection(SECTION, section, undefined, [SHARE_IMAGE_HEADING]);
  if (urls.has("demo")) await shareImage(urls.get("demo")!);
}

try {
  await main();
} finally {
  await cleanup();
}
