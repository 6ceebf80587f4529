import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { e2eAdmin } from "./admin-session";
import { startProductionServer } from "./production-server";

// A production server of a test's own, on a fresh data directory, with the e2e admin's
// account (same e-mail and password, so signInAsAdmin works against it). For tests that
// change what the whole site shows (the event settings): on the shared server they
// would change it under every other test running at that moment.

const root = path.resolve(import.meta.dirname, "../..");

/** `dataDir`: its mail is written to dataDir/mail (no SMTP). */
export type PrivateSite = { url: string; dataDir: string; stop: () => Promise<void> };

function run(args: string[], env: NodeJS.ProcessEnv, input?: string): string {
  const result = spawnSync(process.execPath, ["--import", "tsx", ...args], { cwd: root, env, input, encoding: "utf8", timeout: 120_000 });
  if (result.status !== 0) throw new Error(`${args.join(" ")} failed (exit ${result.status}): ${result.stderr || result.stdout}`);
  return result.stdout;
}

export async function startPrivateSite(): Promise<PrivateSite> {
  const dir = mkdtempSync(path.join(tmpdir(), "summit-private-"));
  const dataDir = path.join(dir, "data");
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn" };
  delete env.DATABASE_URL;
  delete env.SESSION_SECRET;
  try {
    const { email, password } = e2eAdmin();
    run(["server/admin-cli.ts", "add", email, "--name", "E2E Admin"], env, `${password}\n`);
    run(["tests/support/e2e-prepare-data.ts"], env);
    const server = await startProductionServer({ dataDir });
    return {
      url: server.url,
      dataDir,
      stop: async () => {
        await server.stop();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
