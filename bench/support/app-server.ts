import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "#tests/support/postgres-server.ts";

export type AppServer = { url: string; port: number; pid: number; stop: () => Promise<void> };

const root = path.resolve(import.meta.dirname, "../..");

/** The registration path and the database layer under it (which must match node_modules). */
const HEAD_OVERLAY = ["app/routes/register.tsx", "app/modules/registration", "app/db"];

/** Which source the production bundle is built from. */
export type BuildSource = "worktree" | "head";

/**
 * Builds the production bundle in a private copy of the project, so builds by
 * others in the same tree (which replace build/) cannot swap chunks under the
 * running server, and build/ is left alone. "worktree" copies the project as it
 * is on disk; "head" takes the last commit, the files not yet committed and
 * HEAD_OVERLAY as on disk, for when changes in progress elsewhere do not build.
 */
export function prepareAppBuild(source: BuildSource): { dir: string; dispose: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), "summit-bench-app-"));
  const dispose = () => rmSync(dir, { recursive: true, force: true });
  try {
    const git = (args: string[]) => execFileSync("git", args, { cwd: root, maxBuffer: 64 * 1024 * 1024 });
    let files: string[];
    if (source === "head") {
      execFileSync("tar", ["-x", "-C", dir], { input: git(["archive", "--format=tar", "HEAD"]) });
      // New files the commit may already import, and the registration path as on disk.
      files = [
        ...git(["ls-files", "--others", "--exclude-standard"]).toString().split("\n"),
        ...git(["ls-files", "--cached", "--others", "--exclude-standard", ...HEAD_OVERLAY])
          .toString()
          .split("\n"),
      ];
    } else {
      files = git(["ls-files", "--cached", "--others", "--exclude-standard"]).toString().split("\n");
    }
    for (const file of files.filter(Boolean)) {
      if (!existsSync(path.join(root, file))) continue; // deleted but not yet staged
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      cpSync(path.join(root, file), path.join(dir, file));
    }
    symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"), "dir");
    process.stderr.write(`[bench] building the production bundle from the ${source} in ${dir}…\n`);
    execFileSync("npx", ["react-router", "build"], { cwd: dir, stdio: ["ignore", "ignore", "inherit"] });
    return { dir, dispose };
  } catch (error) {
    dispose();
    throw error;
  }
}

/**
 * Starts `node server/start.js` as in production, on a free loopback port, and
 * waits until /healthz answers. Extra node flags (e.g. --cpu-prof) go in nodeArgs.
 */
export async function startAppServer(options: {
  /** the directory prepared by prepareAppBuild */
  appDir: string;
  dataDir: string;
  databaseUrl?: string;
  smtpUrl: string;
  nodeArgs?: string[];
  /** WEB_CONCURRENCY: server processes (PostgreSQL only) */
  processes?: number;
}): Promise<AppServer> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    LOG_LEVEL: "warn",
    DATA_DIR: options.dataDir,
    SMTP_URL: options.smtpUrl,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  };
  delete env.DATABASE_URL;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  if (options.processes && options.processes > 1) env.WEB_CONCURRENCY = String(options.processes);
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), "server/start.js"], {
    cwd: options.appDir,
    env,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
    if (stderr.length > 20_000) stderr = stderr.slice(-10_000);
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealthy(url, child, () => stderr);
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }
  return {
    url,
    port,
    pid: child.pid ?? 0,
    stop: () => stopChild(child),
  };
}

async function waitForHealthy(url: string, child: ChildProcess, stderr: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${stderr()}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not become healthy within 60 s: ${stderr()}`);
}

/** SIGTERM (the server closes its database cleanly, writing a --cpu-prof profile), SIGKILL after 20 s. */
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
