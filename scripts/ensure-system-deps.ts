import { spawnSync } from "node:child_process";
import { ensureChromium, ensureFaketime, ensurePostgres, ensureZbar } from "#tests/support/system-deps.ts";

// First layer of `npm test`: the programs the tests drive. As root with apt-get the
// missing ones are installed from Debian; otherwise this fails naming the package.
// A missing component fails the run (CI included), it is never skipped.

const checks: [string, () => string, (found: string) => string[]][] = [
  ["Chromium", ensureChromium, (found) => [found, "--version"]],
  ["PostgreSQL", ensurePostgres, (found) => [`${found}/postgres`, "--version"]],
  ["zbarimg", ensureZbar, (found) => [found, "--version"]],
  // The library has no version flag; the faketime program beside it has.
  ["libfaketime", ensureFaketime, () => ["faketime", "--version"]],
];

let failed = false;
for (const [name, ensure, versionCommand] of checks) {
  try {
    const found = ensure();
    const [command, ...args] = versionCommand(found);
    const version = spawnSync(command!, args, { encoding: "utf8", timeout: 30_000 });
    const shown = `${version.stdout || version.stderr}`.trim().split("\n")[0];
    process.stdout.write(`  ${name.padEnd(11)} ${found}${shown ? `  (${shown})` : ""}\n`);
  } catch (error) {
    failed = true;
    process.stderr.write(`  ${name.padEnd(11)} MISSING: ${(error as Error).message}\n`);
  }
}
if (failed) process.exit(1);
