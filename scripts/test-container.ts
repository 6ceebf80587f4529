// `npm run test:container`: builds the image from the project's Dockerfile, unchanged, with
// podman, and runs it as a person would run it with docker (tests/container/). On these machines,
// which reach no container registry, it first builds stand-ins for the base images
// (tests/support/container-stand-ins.ts). Ends with the figures: image size and what it adds over
// its base, build time, cold start, the rush, the stop during a burst.
//
//   npm run test:container                 a cold build (--no-cache), as on a fresh machine
//   CONTAINER_BUILD_CACHE=1 npm run …      reuse podman's layer cache (while working on the specs)
//   npm run test:container -- compose      only the specs matching (Playwright's filter)
//   npm run test:container -- --build-only build the image and stop (CI builds it while other tests run)
//   npm run test:container -- --no-build   try the image built before (by --build-only), without building
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { ensureStandIns, NODE_IMAGE } from "../tests/support/container-stand-ins";
import { ensurePodman, imageSize, podman, removeAll } from "../tests/support/podman";
import { ensureChromium } from "../tests/support/system-deps";

const root = path.resolve(import.meta.dirname, "..");
const IMAGE = "localhost/youth-summit:test";
const figuresFile = path.join(root, ".tmp/container-figures.jsonl");
const log = (line: string) => process.stdout.write(`[container] ${line}\n`);
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

if (process.getuid?.() !== 0) {
  log("needs root (podman's networks and /etc/containers); run it as root or in CI");
  process.exit(1);
}
const flags = new Set<string>(process.argv.slice(2).filter((arg) => arg === "--build-only" || arg === "--no-build"));
const filters = process.argv.slice(2).filter((arg) => !flags.has(arg));
const started = Date.now();
ensurePodman();
ensureChromium();
await removeAll("summit-ct-");
await ensureStandIns(log);

let buildMs: number | null = null;
const cache = process.env.CONTAINER_BUILD_CACHE === "1" ? [] : ["--no-cache"];
if (flags.has("--no-build")) {
  if ((await podman(["image", "exists", IMAGE], { allowFailure: true })).code !== 0) {
    log(`${IMAGE} is not built: run with --build-only first`);
    process.exit(1);
  }
} else {
  log(`building ${IMAGE} from ./Dockerfile`);
  const buildStarted = Date.now();
  const build = spawnSync("podman", ["build", "--pull=never", "--format", "docker", ...cache, "-t", IMAGE, "."], {
    cwd: root,
    stdio: "inherit",
  });
  if (build.status !== 0) {
    log("the image did not build");
    process.exit(1);
  }
  buildMs = Date.now() - buildStarted;
  // Intermediate stages (the builder with every dev dependency) are left untagged: drop them.
  await podman(["image", "prune", "-f"]);
}
if (flags.has("--build-only")) {
  log(`${IMAGE} built in ${((buildMs ?? 0) / 1000).toFixed(1)} s`);
  process.exit(0);
}

mkdirSync(path.dirname(figuresFile), { recursive: true });
rmSync(figuresFile, { force: true });
rmSync(path.join(root, ".tmp/container-playwright.json"), { force: true });
const specs = spawnSync(
  process.execPath,
  [path.join(root, "node_modules/@playwright/test/cli.js"), "test", "--config", "tests/container/playwright.config.ts", ...filters],
  { cwd: root, stdio: "inherit", env: { ...process.env, CONTAINER_IMAGE: IMAGE, CONTAINER_FIGURES: figuresFile } },
);

const [size, base] = [await imageSize(IMAGE), await imageSize(NODE_IMAGE)];
const figures = existsSync(figuresFile)
  ? readFileSync(figuresFile, "utf8")
      .trim()
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { name: string; value: unknown })
  : [];
log("figures:");
log(`  image ${IMAGE}: ${mb(size)}; its base ${NODE_IMAGE} (stand-in): ${mb(base)}; added: ${mb(size - base)}`);
if (buildMs !== null) log(`  build, ${cache.length ? "no cache" : "with podman's cache"}: ${(buildMs / 1000).toFixed(1)} s`);
for (const { name, value } of figures) log(`  ${name}: ${JSON.stringify(value)}`);
log(`container test ${specs.status === 0 ? "passed" : "FAILED"} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
// The plain closing line .ci/run adds to the other runs' (as scripts/test.mjs ends).
const report = path.join(root, ".tmp/container-playwright.json");
if (existsSync(report)) {
  const { stats } = JSON.parse(readFileSync(report, "utf8")) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  };
  const skipped = stats.skipped ? `, ${stats.skipped} skipped` : "";
  process.stdout.write(`${stats.expected + stats.flaky} passed, ${stats.unexpected} failed${skipped}\n`);
}
process.exit(specs.status ?? 1);
