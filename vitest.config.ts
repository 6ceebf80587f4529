import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { defineConfig } from "vitest/config";

const INCLUDE = ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts", "bench/**/*.test.ts"];

// A test file that replaces a module (vi.mock), spies on one, moves the clock or changes the
// environment changes what every later file in its process would see: it runs in a process of
// its own (vitest's default isolation). The others share their worker's modules, loaded once:
// loading the app's modules again for each of the ~190 files was two fifths of the run
// (docs/DEVELOPERS.md, "The suite's time"). Each file still builds its own data and database.
const CHANGES_SHARED_STATE = /\bvi\.(mock|doMock|spyOn|useFakeTimers|setSystemTime|stubEnv|stubGlobal)\(|process\.env\.\w+\s*=[^=]/;
const root = import.meta.dirname;
// The folders INCLUDE's globs start from, read whole: a test file is one that ends in .test.ts(x).
const testRoots = [...new Set(INCLUDE.map((glob) => glob.split("/")[0] ?? glob))];
const ownProcess = testRoots
  .flatMap((dir) => readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" }).map((file) => path.join(dir, file)))
  .filter((file) => /\.test\.tsx?$/.test(file) && CHANGES_SHARED_STATE.test(readFileSync(path.join(root, file), "utf8")));

export default defineConfig({
  resolve: { alias: { "~": path.resolve(root, "app") } },
  test: {
    globalSetup: ["./tests/support/vitest-global-setup.ts"],
    setupFiles: ["./tests/support/vitest-i18n-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Vitest's default is one worker fewer than the cores: one, here. Many tests wait on another process
    // (PostgreSQL's server, a CLI, a spawned server), so two files at once leave the cores a seventh idle:
    // three fill them (docs/DEVELOPERS.md).
    maxWorkers: 3,
    projects: [
      { extends: true, test: { name: "shared", include: INCLUDE, exclude: ownProcess, isolate: false } },
      { extends: true, test: { name: "own-process", include: ownProcess.length > 0 ? ownProcess : ["no-such-file"], isolate: true } },
    ],
  },
});
