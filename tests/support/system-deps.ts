import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";

// Finds (and, as root with apt-get, installs) the system programs the tests need.
// Outside root it says exactly what to install; a missing component always fails
// the run, never skips silently.

const isRoot = () => process.getuid?.() === 0;
const hasAptGet = () => existsSync("/usr/bin/apt-get");
let aptUpdated = false;

function aptInstall(packages: string[]): void {
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  if (!aptUpdated) {
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
    aptUpdated = true;
  }
  execFileSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", ...packages], { stdio: "inherit", env });
}

/** `find()`'s answer; when it has none, installs Debian's `packages` (as root) and asks again, else throws saying what to install. */
export function ensure(what: string, packages: string[], find: () => string | undefined): string {
  const found = find();
  if (found) return found;
  if (isRoot() && hasAptGet()) {
    process.stderr.write(`[tests] ${what} is missing: installing Debian's ${packages.join(" ")}\n`);
    aptInstall(packages);
    const after = find();
    if (after) return after;
  }
  throw new Error(`[tests] ${what} is required but was not found. Install it with: sudo apt-get install ${packages.join(" ")}`);
}

/** The directory holding PostgreSQL's server binaries (initdb, pg_ctl, postgres). */
export function ensurePostgres(): string {
  return ensure("PostgreSQL server", ["postgresql"], () => {
    const root = "/usr/lib/postgresql";
    if (!existsSync(root)) return undefined;
    const versions = readdirSync(root)
      .filter((v) => existsSync(`${root}/${v}/bin/initdb`))
      .sort((a, b) => Number(b) - Number(a));
    return versions[0] ? `${root}/${versions[0]}/bin` : undefined;
  });
}

/**
 * Flags for Debian's Chromium on these machines (tests and benchmarks): headless, no
 * sandbox as root, and nothing that would reach out to the internet on its own.
 */
export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  // No GPU here: without this, a GPU process composites every frame in software anyway (about a
  // tenth of the browser tests' CPU); the browser process draws them itself instead.
  "--disable-gpu-compositing",
];

/** Path of Debian's Chromium. */
export function ensureChromium(): string {
  return ensure("Chromium", ["chromium"], () => {
    for (const candidate of [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"]) {
      if (candidate && existsSync(candidate)) return candidate;
    }
    return undefined;
  });
}

/** zbarimg decodes QR codes from images in the e-mail tests. */
export function ensureZbar(): string {
  return ensure("zbarimg", ["zbar-tools"], () => {
    const r = spawnSync("which", ["zbarimg"], { encoding: "utf8" });
    return r.status === 0 ? r.stdout.trim() : undefined;
  });
}

/**
 * libfaketime (Debian's faketime), preloaded into a server to move its clock (the retention
 * browser test: weeks pass in seconds). The library's path, for LD_PRELOAD.
 */
export function ensureFaketime(): string {
  return ensure("libfaketime", ["faketime"], () => {
    const lib = "/usr/lib";
    const dirs = existsSync(lib) ? readdirSync(lib).map((arch) => `${lib}/${arch}/faketime`) : [];
    return [`${lib}/faketime`, ...dirs].map((dir) => `${dir}/libfaketime.so.1`).find((candidate) => existsSync(candidate));
  });
}
