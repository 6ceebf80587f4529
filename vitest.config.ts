import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts", "bench/**/*.test.ts"],
    globalSetup: ["./tests/support/vitest-global-setup.ts"],
    setupFiles: ["./tests/support/vitest-i18n-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Vitest's default is one worker fewer than the cores: one, here. Many tests wait on another process
    // (PostgreSQL's server, a CLI, a spawned server), so two files at once leave the cores a seventh idle:
    // three fill them (on 2 cores, 340 s instead of 440 s for the whole run; docs/DEVELOPERS.md).
    maxWorkers: 3,
  },
});
