import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startMailboxServer } from "./mailbox-server";
import { freePort } from "./postgres-server";
import { startSmtpCapture } from "./smtp-capture";

// Playwright's globalSetup: runs the PRODUCTION build (node server/start.js) on a
// fresh embedded database, with its mail going to an SMTP capture that test
// workers read through tests/support/mailbox-client.ts. Workers inherit the
// E2E_* variables set here. globalTeardown (e2e-global-teardown.ts) stops it all.

const root = path.resolve(import.meta.dirname, "../..");
export const E2E_ADMIN_EMAIL = "e2e-admin@example.org";

type E2eState = { stop: () => Promise<void> };
const holder = globalThis as unknown as { __summitE2e?: E2eState };

export default async function globalSetup() {
  ensureBuild();
  const dir = mkdtempSync(path.join(tmpdir(), "summit-e2e-"));
  const dataDir = path.join(dir, "data");
  const capture = await startSmtpCapture();
  const mailbox = await startMailboxServer(capture);
  let server: ChildProcess | undefined;
  const stop = async () => {
    if (server) await stopServer(server);
    await mailbox.stop();
    await capture.stop();
    if (!process.env.E2E_KEEP_DATA) rmSync(dir, { recursive: true, force: true });
  };
  holder.__summitE2e = { stop };

  try {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SMTP_URL: capture.url,
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: "warn",
    };
    // Not inherited from the developer's shell: the e2e server always uses its own embedded database.
    delete env.DATABASE_URL;
    delete env.SESSION_SECRET;

    // The admin CLI cannot open the data directory while the server holds its lock, so the account comes first.
    const password = `e2e-${randomBytes(12).toString("hex")}`;
    const admin = spawnSync(process.execPath, ["--import", "tsx", "server/admin-cli.ts", "add", E2E_ADMIN_EMAIL, "--name", "E2E Admin"], {
      cwd: root,
      env,
      input: `${password}\n`,
      encoding: "utf8",
      timeout: 120_000,
    });
    if (admin.status !== 0) {
      throw new Error(`creating the e2e admin failed (exit ${admin.status}): ${admin.stderr || admin.stdout || admin.error?.message}`);
    }

    const prepared = spawnSync(process.execPath, ["--import", "tsx", "tests/support/e2e-prepare-data.ts"], {
      cwd: root,
      env,
      encoding: "utf8",
      timeout: 120_000,
    });
    if (prepared.status !== 0) throw new Error(`preparing the e2e data failed: ${prepared.stderr || prepared.stdout}`);
    process.env.E2E_EVENT_DATE = prepared.stdout.trim();

    server = spawn(process.execPath, ["server/start.js"], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
    const output: string[] = [];
    const forward = (chunk: Buffer) => {
      output.push(chunk.toString());
      for (const line of chunk.toString().split("\n").filter(Boolean)) process.stderr.write(`[e2e server] ${line}\n`);
    };
    server.stdout?.on("data", forward);
    server.stderr?.on("data", forward);
    await waitForHealthy(baseUrl, server, output);

    process.env.E2E_BASE_URL = baseUrl;
    process.env.E2E_MAILBOX_URL = mailbox.url;
    process.env.E2E_DATA_DIR = dataDir;
    process.env.E2E_ADMIN_EMAIL = E2E_ADMIN_EMAIL;
    process.env.E2E_ADMIN_PASSWORD = password;
  } catch (error) {
    await stop();
    holder.__summitE2e = undefined;
    throw error;
  }
}

/** The e2e tests run the production build; `npm test` builds right before, a bare `playwright test` builds if there is none. */
function ensureBuild() {
  if (existsSync(path.join(root, "build/server/index.js")) && existsSync(path.join(root, "build/client"))) return;
  process.stderr.write("[e2e] no production build found: running npm run build\n");
  const build = spawnSync("npm", ["run", "build", "--silent"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) throw new Error(`npm run build failed (exit ${build.status})`);
}

async function waitForHealthy(baseUrl: string, server: ChildProcess, output: string[], timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(`the e2e server exited (${server.exitCode ?? server.signalCode}) before it was healthy:\n${output.join("")}`);
    }
    try {
      const response = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(5_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the e2e server at ${baseUrl} was not healthy within ${timeoutMs} ms:\n${output.join("")}`);
}

/** SIGTERM for a clean shutdown (it releases the data-dir lock), SIGKILL if it hangs. */
async function stopServer(server: ChildProcess) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));
  server.kill("SIGTERM");
  const timer = setTimeout(() => server.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

export async function stopE2eEnvironment() {
  const state = holder.__summitE2e;
  holder.__summitE2e = undefined;
  await state?.stop();
}
