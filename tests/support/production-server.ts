import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { appendFileSync, existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { freePort } from "./postgres-server";

// The production server as the browser tests and every benchmark run it: the build in
// `<dir>/build`, started with `node server/start.js` on a free loopback port, ready once
// /healthz answers, stopped with SIGTERM (it closes its database and writes any
// --cpu-prof profile) and SIGKILL if that hangs.

const root = path.resolve(import.meta.dirname, "../..");

export type ProductionServer = { url: string; port: number; pid: number; stop: () => Promise<void> };

export type ProductionServerOptions = {
  /** the project directory whose build/ runs; default this checkout */
  dir?: string;
  dataDir: string;
  /** unset: the embedded database in dataDir (a DATABASE_URL of the caller's shell is never inherited) */
  databaseUrl?: string;
  /** unset: mail goes to dataDir/mail */
  smtpUrl?: string;
  /** WEB_CONCURRENCY: server processes (PostgreSQL only) */
  processes?: number;
  /** node flags before the script, e.g. --cpu-prof */
  nodeArgs?: string[];
  /** "forward": the server's output goes to this process's stderr, each line prefixed; default: kept for error messages */
  output?: "capture" | "forward";
  /** every line the server writes (stdout and stderr) is appended to this file too, uncut (tests/attacks/logs.spec.ts reads it) */
  logFile?: string;
  /** how long to wait for /healthz (a loaded 2-core machine may need over a minute to migrate) */
  readyTimeoutMs?: number;
  /** more environment for the server, e.g. a configuration variable or a fake clock (private-site.ts) */
  env?: Record<string, string>;
  /**
   * A nice value for the server, every thread of it: a test that floods its own server (a burst of
   * registrations) then leaves the cores to the shared server, whose pages other tests are waiting
   * on; the door gives up on a server after six seconds and answers from the phone.
   */
  nice?: number;
};

export async function startProductionServer(options: ProductionServerOptions): Promise<ProductionServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    PUBLIC_URL: url,
    LOG_LEVEL: "warn",
    DATA_DIR: options.dataDir,
  };
  // Each run gets its own database, mailbox and secret, whatever the developer's shell exports.
  for (const key of ["DATABASE_URL", "SMTP_URL", "SESSION_SECRET", "WEB_CONCURRENCY"]) delete env[key];
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  if (options.smtpUrl) env.SMTP_URL = options.smtpUrl;
  if (options.processes && options.processes > 1) env.WEB_CONCURRENCY = String(options.processes);
  Object.assign(env, options.env);

  const argv = [...(options.nodeArgs ?? []), "server/start.js"];
  // `nice` execs node: the same process (and pid), at that priority from its first thread on.
  const [command, ...args] = options.nice ? ["nice", "-n", String(options.nice), process.execPath, ...argv] : [process.execPath, ...argv];
  const child = spawn(command ?? process.execPath, args, {
    cwd: options.dir ?? root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const onOutput = (chunk: Buffer) => {
    const text = chunk.toString();
    if (options.output === "forward") {
      for (const line of text.split("\n").filter(Boolean)) process.stderr.write(`[server] ${line}\n`);
    }
    if (options.logFile) appendFileSync(options.logFile, text);
    output += text;
    if (output.length > 20_000) output = output.slice(-10_000);
  };
  child.stdout?.on("data", onOutput);
  child.stderr?.on("data", onOutput);
  const stop = () => stopChild(child);
  try {
    await waitForHealthy(url, child, () => output, options.readyTimeoutMs ?? 60_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, port, pid: child.pid ?? 0, stop };
}

async function waitForHealthy(url: string, child: ChildProcess, output: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before it was healthy:\n${output()}`);
    }
    try {
      const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server at ${url} was not healthy within ${timeoutMs} ms:\n${output()}`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

const BUILD_OUTPUT = path.join(root, "build/server/index.js");
const BUILD_INPUTS = [
  "app",
  "server",
  "vite.config.ts",
  "react-router.config.ts",
  "package.json",
  "scripts/compress-assets.mjs",
  "scripts/build-door-worker.mjs",
];

/** True when this checkout has a production build. */
export function hasProductionBuild(): boolean {
  return existsSync(BUILD_OUTPUT) && existsSync(path.join(root, "build/client"));
}

/**
 * Runs `npm run build` (react-router build + precompressed assets) when asked:
 * "if-missing" (no build yet), "if-stale" (a source is newer than the build), "always" or "never".
 */
export function ensureProductionBuild(when: "if-missing" | "if-stale" | "always" | "never"): void {
  const needed =
    when === "always" ||
    (when === "if-missing" && !hasProductionBuild()) ||
    (when === "if-stale" && (!hasProductionBuild() || newestSource() > statSync(BUILD_OUTPUT).mtimeMs));
  if (!needed) return;
  process.stderr.write("[build] npm run build\n");
  const build = spawnSync("npm", ["run", "build", "--silent"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) throw new Error(`npm run build failed (exit ${build.status})`);
}

function newestSource(): number {
  const newest = (entry: string): number => {
    if (!existsSync(entry)) return 0;
    const stat = statSync(entry);
    if (!stat.isDirectory()) return stat.mtimeMs;
    return Math.max(0, ...readdirSync(entry).map((name) => newest(path.join(entry, name))));
  };
  return Math.max(...BUILD_INPUTS.map((source) => newest(path.join(root, source))));
}
