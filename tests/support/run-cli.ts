import { spawn } from "node:child_process";
import path from "node:path";

// Runs one of the project's command-line tools (`npm run admin|backup|restore`, server/cli.js) as a
// person would, with its own DATA_DIR (and DATABASE_URL or not, never the caller's), and collects
// what it said. The tests' NODE_ENV is not production, so the tool runs from the sources.

const ROOT = path.resolve(import.meta.dirname, "../..");

export type CliResult = { code: number | null; stdout: string; stderr: string };

export function runCli(
  tool: "admin" | "backup" | "restore",
  args: string[],
  env: { DATA_DIR: string; DATABASE_URL?: string },
  stdin?: string,
): Promise<CliResult> {
  const { DATABASE_URL: _, ...inherited } = process.env;
  const child = spawn(process.execPath, ["server/cli.js", tool, ...args], {
    cwd: ROOT,
    env: { ...inherited, ...env, LOG_LEVEL: "silent" },
    stdio: [stdin === undefined ? "ignore" : "pipe", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    stderr += chunk;
  });
  if (stdin !== undefined) child.stdin?.end(stdin);
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}
