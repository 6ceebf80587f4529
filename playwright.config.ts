import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_FLAGS, ensureChromium } from "./tests/support/system-deps";

// End-to-end tests against the production build with Debian's Chromium (never a
// downloaded browser). globalSetup starts the server and sets E2E_BASE_URL before
// the workers load this file, so they see the URL; `npm test` runs these last.
const ci = process.env.CI === "true" || process.env.CI === "1";

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  globalSetup: "./tests/support/e2e-global-setup.ts",
  globalTeardown: "./tests/support/e2e-global-teardown.ts",
  // Three on two cores: much of a test is waiting (for a server, a page, a clock), and two workers
  // left the cores 15 % idle. Measured on this 2-core machine, the whole suite took 18.6 min with
  // three against 24.7 with two (docs/DEVELOPERS.md, "The suite's time"); `--workers` overrides.
  workers: 3,
  retries: ci ? 1 : 0,
  forbidOnly: ci,
  timeout: 30_000,
  expect: { timeout: 7_500 },
  reporter: [["list"], ["json", { outputFile: ".tmp/playwright.json" }]],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    // The doors' "yes" to checking in before the event's day (written by globalSetup).
    storageState: process.env.E2E_STORAGE_STATE,
    screenshot: "only-on-failure",
    // A trace records every action's snapshots and screencast frames, for every test, to keep only the
    // failures': that was a quarter of the suite's CPU (docs/DEVELOPERS.md, "The suite's time"). CI
    // retries a failed test once, with a trace; locally, ask for one: `--trace retain-on-failure`.
    trace: "on-first-retry",
    launchOptions: {
      executablePath: ensureChromium(),
      args: CHROMIUM_FLAGS,
    },
  },
  projects: [
    { name: "desktop", use: { browserName: "chromium", viewport: { width: 1280, height: 800 } } },
    // The attack suite (npm run test:attacks): each attack of docs/SECURITY.md against the production
    // build, on the embedded database and on PostgreSQL, with a genuine person getting through.
    { name: "attacks", testDir: "tests/attacks", use: { browserName: "chromium", viewport: { width: 1280, height: 800 } } },
    // Phones: what people use on a phone (the public pages, the ticket, the door) and every page's
    // layout at 360 px (accessibility.spec.ts). The organisers' office screens, the server's
    // behaviour and the attacks do not change with the width: they run once, on the desktop, and
    // so do the tests of the specs below tagged @desktop-only (a server's answer, an office screen).
    {
      name: "mobile",
      grepInvert: /@desktop-only/,
      testMatch: [
        "accessibility.spec.ts",
        "admin-on-a-phone.spec.ts",
        "check-in.spec.ts",
        "corrections.spec.ts",
        "door-and-desk.spec.ts",
        "editions-archive.spec.ts",
        "foundation.spec.ts",
        "landing.spec.ts",
        "page-weight.spec.ts",
        "personal-data.spec.ts",
        "registration-flow.spec.ts",
        "ticket-cancel.spec.ts",
        "ticket-page.spec.ts",
      ],
      use: {
        browserName: "chromium",
        userAgent: devices["Pixel 5"].userAgent,
        viewport: { width: 360, height: 740 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
      },
    },
  ],
});
