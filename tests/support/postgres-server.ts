import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { ensurePostgres } from "./system-deps";

export type PostgresServer = {
  url: string;
  port: number;
  /** Stops the server for good and deletes its data. */
  stop: () => void;
  /** Stops the server as an operator's restart does (`pg_ctl stop -m fast`: sessions are ended), keeping its data. */
  shutDown: () => void;
  /** Starts it again after shutDown: the same data, the same port. */
  startAgain: () => void;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

let template: string | undefined;
/** A fresh cluster's data directory, made once per process (removed when it exits). */
function clusterTemplate(run: (cmd: string, args: string[]) => void): string {
  if (template) return template;
  const dir = mkdtempSync(path.join(tmpdir(), "summit-pg-template-"));
  if (process.getuid?.() === 0) {
    chmodSync(dir, 0o777);
    execFileSync("chown", ["postgres:postgres", dir]);
  }
  const dataDir = path.join(dir, "data");
  run("initdb", ["-D", dataDir, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8", "--locale=C"]);
  process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
  template = dataDir;
  return dataDir;
}

/**
 * A throw-away PostgreSQL cluster: initdb in a temp dir, listening on a loopback
 * port only, fsync off. PostgreSQL refuses to run as root, so as root it runs as
 * the `postgres` user that Debian's package creates.
 */
export async function startPostgres(): Promise<PostgresServer> {
  const bin = ensurePostgres();
  const dir = mkdtempSync(path.join(tmpdir(), "summit-pg-"));
  const dataDir = path.join(dir, "data");
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    chmodSync(dir, 0o777);
    execFileSync("chown", ["postgres:postgres", dir]);
  }
  const run = (cmd: string, args: string[]) => {
    const argv = asRoot ? ["-u", "postgres", "--", path.join(bin, cmd), ...args] : args;
    const r = spawnSync(asRoot ? "runuser" : path.join(bin, cmd), argv, { encoding: "utf8" });
    if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr || r.stdout}`);
  };
  // A copy of this process's first initdb: seconds saved on each cluster after the first.
  const template = clusterTemplate(run);
  execFileSync("cp", ["-a", template, dataDir]);
  let running = false;
  const start = () => {
    run("pg_ctl", [
      "-D",
      dataDir,
      "-l",
      path.join(dir, "server.log"),
      "-w",
      "-o",
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`,
      "start",
    ]);
    running = true;
  };
  const halt = (mode: "fast" | "immediate") => {
    if (!running) return;
    run("pg_ctl", ["-D", dataDir, "-m", mode, "-w", "stop"]);
    running = false;
  };
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop: () => {
      try {
        halt("immediate");
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    shutDown: () => halt("fast"),
    startAgain: start,
  };
}
