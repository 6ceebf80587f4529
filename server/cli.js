// `npm run admin|backup|restore`: the command-line tools. In production (the container image, a
// server started with `npm run serve`) they run from the server bundle that `npm run build`
// compiled, as the server does: a production install has no TypeScript runner. Elsewhere they run
// from the sources through tsx, so a change needs no build first.
import { existsSync } from "node:fs";

const [tool = "", ...args] = process.argv.slice(2);
const RUNNERS = { admin: "runAdminCli", backup: "runBackupCli", restore: "runBackupCli" };
const SOURCES = { runAdminCli: "./admin-cli.ts", runBackupCli: "./backup-cli.ts" };

const runner = RUNNERS[tool];
if (!runner) {
  process.stderr.write(`Unknown tool "${tool}": expected admin, backup or restore.\n`);
  process.exit(2);
}
// backup-cli.ts takes its command (backup or restore) as its first argument.
const argv = runner === "runBackupCli" ? [tool, ...args] : args;

let tools;
if (process.env.NODE_ENV === "production") {
  const bundle = new URL("../build/server/index.js", import.meta.url);
  if (!existsSync(bundle)) {
    process.stderr.write("The server is not built: run `npm run build` first.\n");
    process.exit(1);
  }
  tools = await import(bundle.href);
} else {
  const { tsImport } = await import("tsx/esm/api");
  tools = await tsImport(SOURCES[runner], import.meta.url);
}
process.exit(await tools[runner](argv));
