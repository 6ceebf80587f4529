import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir } from "./data-dir-lock.server";

// The embedded database's lock after a crash: a server killed with kill -9 leaves its lock
// file behind, and its successor must start. The whole story over HTTP:
// tests/e2e/crash-recovery.spec.ts.

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const dataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "data-dir-lock-"));
  dirs.push(dir);
  return path.join(dir, "db");
};
const leaveLock = (dir: string, pid: number) =>
  writeFileSync(`${dir}.lock`, JSON.stringify({ pid, host: hostname(), since: "2025-01-01T00:00:00.000Z" }));

describe("lockDataDir", () => {
  it("refuses a second holder, in this process or while the first one lives", () => {
    const dir = dataDir();
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
    lockDataDir(dir)();
  });

  it("refuses a lock of another live process", () => {
    const dir = dataDir();
    leaveLock(dir, process.ppid);
    expect(() => lockDataDir(dir)).toThrow(/in use by another process \(process \d+/);
  });

  it("takes over the lock of a process that is gone", () => {
    const dir = dataDir();
    // PIDs stop well below this on Linux (pid_max is at most 2^22).
    leaveLock(dir, 2 ** 22 + 1);
    const release = lockDataDir(dir);
    expect(JSON.parse(readFileSync(`${dir}.lock`, "utf8"))).toMatchObject({ pid: process.pid });
    release();
  });

  it("takes over a lock naming this process's PID that this process does not hold (a container's PID 1 after a restart)", () => {
    const dir = dataDir();
    leaveLock(dir, process.pid);
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    release();
  });
});
