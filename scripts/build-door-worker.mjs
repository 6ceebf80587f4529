#!/usr/bin/env node
// Runs after `react-router build` (npm run build): bundles the door's service worker
// (app/modules/checkin/offline/service-worker.ts, with idb) into build/client/door-sw.js, one
// classic script, as every browser that has service workers runs it. Its version is a hash of
// the client build, so each deploy whose files changed installs a new worker (the old one's
// cached files are dropped then); a build that changed nothing keeps the worker it had.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { build } from "vite";

const outDir = path.resolve(process.argv[2] ?? "build/client");
const hash = createHash("sha256");
for (const name of readdirSync(path.join(outDir, "assets")).sort()) hash.update(name);
hash.update(readFileSync("app/modules/checkin/offline/service-worker.ts"));
const version = hash.digest("hex").slice(0, 12);

await build({
  configFile: false,
  logLevel: "warn",
  define: { DOOR_VERSION: JSON.stringify(version) },
  build: {
    outDir,
    emptyOutDir: false,
    copyPublicDir: false,
    minify: true,
    target: "es2022",
    lib: { entry: "app/modules/checkin/offline/service-worker.ts", formats: ["iife"], name: "doorWorker", fileName: () => "door-sw.js" },
  },
});
process.stdout.write(`build-door-worker: build/client/door-sw.js (version ${version})\n`);
