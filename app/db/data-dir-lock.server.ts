import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { hostname } from "node:os";

export class DataDirLockedError extends Error {}

type Holder = { pid: number; host: string; since: string };

// The locks this process holds. A lock file naming our own PID that is not among them was
// left by an earlier process that had the same PID: in a container the server is often
// PID 1 (or another low number) after every restart, so after a kill -9 (out of memory)
// its successor finds its own PID in the lock and would otherwise refuse to start for good.
const held = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readHolder(lockPath: string): Holder | null {
  try {
    return JSON.parse(readFileSync(lockPath, "utf8")) as Holder;
  } catch {
    return null;
  }
}

/**
 * Takes an exclusive lock on an embedded data directory: a file created with O_EXCL
 * holding our PID. A lock whose process is gone (a crash) is taken over. Unlike an
 * mtime-refreshed lock, a busy event loop (PGlite start-up on a loaded machine) can
 * never make a live holder's lock look stale.
 */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const lockPath = `${dir}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, "wx", 0o600);
      const holder: Holder = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
      writeSync(fd, JSON.stringify(holder));
      closeSync(fd);
      held.add(lockPath);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        held.delete(lockPath);
        rmSync(lockPath, { force: true });
        process.off("exit", release);
      };
      // A normal exit (even without close()) leaves no lock behind.
      process.on("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = readHolder(lockPath);
      const ours = holder?.pid === process.pid;
      const stale = holder && holder.host === hostname() && (ours ? !held.has(lockPath) : !isAlive(holder.pid));
      if (stale || (holder === null && attempt === 0 && isEmptyOrGarbage(lockPath))) {
        rmSync(lockPath, { force: true });
        continue;
      }
      const who = holder ? ` (process ${holder.pid} on ${holder.host}, since ${holder.since})` : "";
      throw new DataDirLockedError(
        `The embedded database in ${dir} is in use by another process${who}. ` +
          "Stop the running server first (or point both at PostgreSQL with DATABASE_URL).",
      );
    }
  }
  throw new DataDirLockedError(`Could not lock ${dir}.`);
}

// A lock file left half-written by a crash between create and write.
function isEmptyOrGarbage(lockPath: string): boolean {
  try {
    return readFileSync(lockPath, "utf8").trim() === "";
  } catch {
    return true;
  }
}
