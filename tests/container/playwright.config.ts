import { defineConfig } from "@playwright/test";
import { CHROMIUM_FLAGS, ensureChromium } from "../support/system-deps";

// The container test (`npm run test:container`, scripts/test-container.ts): the image built from
// the project's Dockerfile, run with podman as a person would run it with docker. One worker: the
// containers take the machine's two cores.
export default defineConfig({
  testDir: ".",
  outputDir: "../../test-results/container",
  workers: 1,
  retries: 0,
  timeout: 300_000,
  expect: { timeout: 15_000 },
  reporter: [["list"], ["json", { outputFile: "../../.tmp/container-playwright.json" }]],
  use: {
    screenshot: "only-on-failure",
    launchOptions: { executablePath: ensureChromium(), args: CHROMIUM_FLAGS },
  },
});
