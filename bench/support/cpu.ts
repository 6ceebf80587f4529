import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";

// CPU seconds spent by processes, read from /proc (Linux). On a shared, noisy
// machine, CPU time per registration is steadier than registrations per second.

const TICKS_PER_SECOND = 100; // USER_HZ, 100 on Linux

function stat(pid: number): { ppid: number; cpu: number } | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name, which sits in parentheses and may contain spaces.
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]); // utime + stime
    return { ppid: Number(fields[1]), cpu: ticks / TICKS_PER_SECOND };
  } catch {
    return undefined;
  }
}

/** CPU seconds of one process (0 when it is gone or /proc is missing). */
function processCpuSeconds(pid: number): number {
  return stat(pid)?.cpu ?? 0;
}

/** CPU seconds of a process and its children (a cluster primary and its server processes). */
export function processTreeCpuSeconds(pid: number): number {
  let total = processCpuSeconds(pid);
  let pids: number[] = [];
  try {
    pids = readdirSync("/proc")
      .filter((d) => /^\d+$/.test(d))
      .map(Number);
  } catch {
    return total;
  }
  for (const child of pids) {
    const s = stat(child);
    if (s?.ppid === pid) total += s.cpu;
  }
  return total;
}

/** CPU seconds of a PostgreSQL cluster: the postmaster listening on `port` and its children (backends). */
export function postgresCpuSeconds(port: number): number {
  let pids: number[];
  try {
    pids = readdirSync("/proc")
      .filter((d) => /^\d+$/.test(d))
      .map(Number);
  } catch {
    return 0;
  }
  const postmaster = pids.find((pid) => {
    try {
      return hasPortFlag(readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0"), port);
    } catch {
      return false;
    }
  });
  if (!postmaster) return 0;
  let total = processCpuSeconds(postmaster);
  for (const pid of pids) {
    const s = stat(pid);
    if (s?.ppid === postmaster) total += s.cpu;
  }
  return total;
}

// The postmaster's command line is `…/postgres -D <dir> -p <port> …` (see tests/support/postgres-server.ts).
function hasPortFlag(args: string[], port: number): boolean {
  if (!args[0]?.endsWith("postgres")) return false;
  const i = args.indexOf("-p");
  return i !== -1 && args[i + 1] === String(port);
}

/** The 1-minute load average, to flag runs disturbed by other work on the machine. */
export function loadAverage(): number {
  return os.loadavg()[0] ?? 0;
}
