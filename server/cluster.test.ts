import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "#tests/support/postgres-server.ts";

const FIXTURE = path.resolve(import.meta.dirname, "fixtures/cluster-app.ts");
let primary: ChildProcess | undefined;
afterEach(() => primary?.kill("SIGKILL"));

/** Starts the fixture cluster; resolves with a function that waits for the n-th worker to listen. */
function startCluster(processes: number, port: number) {
  primary = spawn(process.execPath, ["--import", "tsx", FIXTURE], {
    env: { ...process.env, PROCESSES: String(processes), PORT: String(port) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const pids: number[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  primary.stdout?.on("data", (chunk: Buffer) => {
    for (const match of chunk.toString().matchAll(/listening (\d+)/g)) pids.push(Number(match[1]));
    for (const waiter of waiters.filter((w) => pids.length >= w.count)) waiter.resolve();
  });
  const listening = (count: number) =>
    new Promise<number[]>((resolve) => {
      if (pids.length >= count) return resolve([...pids]);
      waiters.push({ count, resolve: () => resolve([...pids]) });
    });
  return { process: primary, listening };
}

describe("runClusterPrimary (WEB_CONCURRENCY)", () => {
  it("runs N processes on one port, replaces one that dies, and stops them all on SIGTERM", async () => {
    const port = await freePort();
    const cluster = startCluster(2, port);
    const first = await cluster.listening(2);
    expect(new Set(first).size).toBe(2);
    const answer = await (await fetch(`http://127.0.0.1:${port}/`)).text();
    expect(first).toContain(Number(answer));

    process.kill(first[0] ?? 0, "SIGKILL");
    const after = await cluster.listening(3);
    expect(after[2]).not.toBe(first[0]);

    const exited = new Promise<number | null>((resolve) => cluster.process.on("exit", (code) => resolve(code)));
    cluster.process.kill("SIGTERM");
    expect(await exited).toBe(0);
  }, 60_000);
});
