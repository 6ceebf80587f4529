#!/usr/bin/env node
// `npm test`: every layer of checks, in order, the same locally and in CI. Stops at
// the first failing layer. Ends with a summary and one plain line
// `N passed, N failed[, N skipped]` (vitest + Playwright tests) for CI to read.
//
//   node scripts/test.mjs                 all layers
//   node scripts/test.mjs vitest build    only the named layers, in the usual order
//   node scripts/test.mjs smoke           the browser tests tagged @smoke (not part of "all layers":
//                                         CI's second Node run, where the full browser suite would repeat)
import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const tmp = path.join(root, ".tmp");
const VITEST_JSON = path.join(tmp, "vitest.json");
const PLAYWRIGHT_JSON = path.join(tmp, "playwright.json");
const bin = (name) => path.join(root, "node_modules/.bin", name);
// Run JavaScript bins with this very node, so a run under another Node version is that version throughout.
const js = (name, ...args) => [process.execPath, bin(name), ...args];

const LAYERS = [
  {
    name: "system-deps",
    title: "system dependencies (Chromium, PostgreSQL, zbar)",
    steps: [[process.execPath, "--import", "tsx", "scripts/ensure-system-deps.ts"]],
  },
  {
    name: "typecheck",
    title: "typecheck (react-router typegen && tsc --noEmit)",
    steps: [js("react-router", "typegen"), js("tsc", "--noEmit")],
  },
  {
    name: "lint",
    title: "lint (biome check ., dependency rules: depcruise, unused code: knip, English outside the catalogues: lint-i18n)",
    steps: [
      js("biome", "check", "."),
      // The layering of docs/ARCHITECTURE.md, rules in .dependency-cruiser.cjs (npm run lint:deps).
      js("depcruise", "--config", ".dependency-cruiser.cjs", "--output-type", "err-long", "."),
      // Unused files, exports and dependencies, config in knip.jsonc (npm run lint:unused). knip follows
      // the route modules' `./+types/*` imports, so generate them first, as the typecheck layer does.
      js("react-router", "typegen"),
      js("knip"),
      // No English words in a public page, the door or an e-mail outside the catalogues (npm run lint:i18n).
      [process.execPath, "--import", "tsx", "scripts/lint-i18n.ts"],
    ],
  },
  {
    name: "audit",
    title: "dependency audit (npm audit --omit=dev: no high or critical)",
    steps: [[process.execPath, "scripts/audit.mjs"]],
  },
  {
    name: "vitest",
    title: "unit and integration tests (vitest run)",
    steps: [js("vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${VITEST_JSON}`)],
    before: () => rmSync(VITEST_JSON, { force: true }),
    counts: vitestCounts,
  },
  {
    name: "build",
    title: "production build (react-router build + the door's service worker + precompressed assets, as npm run build)",
    steps: [
      js("react-router", "build"),
      [process.execPath, "scripts/build-door-worker.mjs"],
      [process.execPath, "scripts/compress-assets.mjs"],
    ],
  },
  {
    name: "playwright",
    title: "end-to-end tests (playwright test)",
    steps: [js("playwright", "test")],
    before: () => rmSync(PLAYWRIGHT_JSON, { force: true }),
    counts: playwrightCounts,
  },
  {
    // The server's own paths on another Node version (registration with and without JavaScript, the
    // ticket picture, the door, sign-in, SMS/USSD, an upload through sharp, badges through pdfkit):
    // what could differ between Node versions, in minutes instead of the whole suite's half hour.
    name: "smoke",
    title: "end-to-end smoke tests (playwright test --grep @smoke --project desktop)",
    // At the desktop size only: a phone's width changes no server path.
    steps: [js("playwright", "test", "--grep", "@smoke", "--project", "desktop")],
    before: () => rmSync(PLAYWRIGHT_JSON, { force: true }),
    counts: playwrightCounts,
    onlyWhenNamed: true,
  },
];

const selected = process.argv.slice(2);
const unknown = selected.filter((name) => !LAYERS.some((layer) => layer.name === name));
if (unknown.length > 0) {
  process.stderr.write(`Unknown layer ${unknown.join(", ")}. Layers: ${LAYERS.map((l) => l.name).join(", ")}\n`);
  process.exit(2);
}
const layers =
  selected.length > 0 ? LAYERS.filter((layer) => selected.includes(layer.name)) : LAYERS.filter((layer) => !layer.onlyWhenNamed);

mkdirSync(tmp, { recursive: true });
// Every temp file of this run (PostgreSQL clusters, e2e data dirs, browser profiles) goes under one
// directory, so whatever a crashed layer leaves behind is found and removed without touching other runs.
const runTmp = mkdtempSync(path.join(tmpdir(), "summit-test-"));
chmodSync(runTmp, 0o755); // PostgreSQL runs as the postgres user when we are root: it must traverse this.
const env = {
  ...process.env,
  TMPDIR: runTmp,
  PATH: [path.dirname(process.execPath), path.join(root, "node_modules/.bin"), process.env.PATH].join(path.delimiter),
};

let current; // the running child, for signals
const results = [];
const started = Date.now();

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, async () => {
    process.stderr.write(`\n[test] ${signal}: stopping\n`);
    if (current) await killGroup(current.pid);
    cleanUp();
    process.exit(130);
  });
}

process.stdout.write(`[test] node ${process.version}, layers: ${layers.map((l) => l.name).join(", ")}\n`);
for (const layer of layers) {
  header(layer.title);
  layer.before?.();
  const layerStart = Date.now();
  let ok = true;
  for (const [command, ...args] of layer.steps) {
    const code = await run(command, args);
    if (code !== 0) {
      ok = false;
      break;
    }
  }
  const result = { layer, ok, ms: Date.now() - layerStart, counts: layer.counts?.() };
  results.push(result);
  process.stdout.write(`\n[test] ${layer.name}: ${ok ? "ok" : "FAILED"} in ${duration(result.ms)}\n`);
  if (!ok) break;
}

cleanUp();
summary();

function run(command, args) {
  return new Promise((resolve) => {
    // Its own process group, so any server it leaves running is stopped with it.
    const child = spawn(command, args, { cwd: root, env, stdio: "inherit", detached: true });
    current = child;
    child.on("error", (error) => {
      process.stderr.write(`[test] cannot run ${command}: ${error.message}\n`);
      resolve(127);
    });
    child.on("exit", async (code, signal) => {
      await killGroup(child.pid);
      current = undefined;
      resolve(code ?? (signal ? 128 : 1));
    });
  });
}

async function killGroup(pid) {
  if (!pid) return;
  const alive = () => {
    try {
      process.kill(-pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (!alive()) return;
  try {
    process.kill(-pid, "SIGTERM");
  } catch {}
  for (let i = 0; i < 50 && alive(); i++) await new Promise((r) => setTimeout(r, 100));
  if (alive()) {
    try {
      process.kill(-pid, "SIGKILL");
    } catch {}
  }
}

/** Stops PostgreSQL clusters a crashed vitest left in this run's temp dir (pg_ctl detaches them), then removes it. */
function cleanUp() {
  if (!existsSync(runTmp)) return;
  for (const pidFile of findFiles(runTmp, "postmaster.pid", 4)) {
    const pid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
    if (!pid) continue;
    try {
      process.kill(pid, "SIGQUIT"); // immediate shutdown
      process.stderr.write(`[test] stopped a leftover PostgreSQL (pid ${pid})\n`);
    } catch {}
  }
  rmSync(runTmp, { recursive: true, force: true });
}

function findFiles(dir, name, depth) {
  if (depth < 0) return [];
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return findFiles(full, name, depth - 1);
    return entry.name === name ? [full] : [];
  });
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

function vitestCounts() {
  const report = readJson(VITEST_JSON);
  if (!report) return undefined;
  return {
    passed: report.numPassedTests ?? 0,
    failed: report.numFailedTests ?? 0,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    files: report.numTotalTestSuites,
  };
}

function playwrightCounts() {
  const stats = readJson(PLAYWRIGHT_JSON)?.stats;
  if (!stats) return undefined;
  return {
    passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
    failed: stats.unexpected ?? 0,
    skipped: stats.skipped ?? 0,
    flaky: stats.flaky ?? 0,
  };
}

function summary() {
  const totals = { passed: 0, failed: 0, skipped: 0 };
  const lines = [];
  for (const layer of layers) {
    const result = results.find((r) => r.layer === layer);
    if (!result) {
      lines.push(`  ${layer.name.padEnd(12)} not run`);
      continue;
    }
    let detail = "";
    if (result.counts) {
      const c = result.counts;
      totals.passed += c.passed;
      totals.failed += c.failed;
      totals.skipped += c.skipped;
      detail = `${c.passed} passed, ${c.failed} failed${c.skipped ? `, ${c.skipped} skipped` : ""}${c.flaky ? ` (${c.flaky} flaky)` : ""}`;
    } else if (layer.counts) {
      detail = "no report";
    }
    // A failed layer counts as a failure even when it failed before any test did (a crash, a type error),
    // so the closing line never reads "0 failed" for a failed run.
    if (!result.ok && (!result.counts || result.counts.failed === 0)) totals.failed += 1;
    lines.push(
      `  ${layer.name.padEnd(12)} ${(result.ok ? "ok" : "FAILED").padEnd(7)}${duration(result.ms).padStart(9)}   ${detail}`.trimEnd(),
    );
  }
  const ok = results.length === layers.length && results.every((r) => r.ok);
  header(`summary: ${ok ? "all layers passed" : `FAILED at ${results.find((r) => !r.ok)?.layer.name ?? "?"}`}`);
  process.stdout.write(`${lines.join("\n")}\n  ${"total".padEnd(12)} ${"".padEnd(7)}${duration(Date.now() - started).padStart(9)}\n\n`);
  process.stdout.write(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ""}\n`);
  process.exitCode = ok ? 0 : 1;
}

function header(title) {
  process.stdout.write(`\n${"=".repeat(8)} ${title} ${"=".repeat(Math.max(4, 70 - title.length))}\n\n`);
}

function duration(ms) {
  const s = ms / 1000;
  if (s < 60) return `${s.toFixed(1)}s`;
  return `${Math.floor(s / 60)}m${String(Math.floor(s % 60)).padStart(2, "0")}s`;
}
