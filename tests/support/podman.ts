import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { ensure } from "./system-deps";

// Podman for the container tests (scripts/test-container.ts, tests/container/): installed from
// Debian when missing, set up for this kernel, and run as a person would run docker.

const CONTAINERS_CONF = "/etc/containers/containers.conf";
// This kernel's cgroups are hybrid and its limits fixed: crun refuses both, runc with cgroupfs
// and no default ulimits runs.
const SETTINGS = `[containers]
default_ulimits = []

[engine]
cgroup_manager = "cgroupfs"
runtime = "runc"
`;

const which = (program: string) => {
  const found = spawnSync("which", [program], { encoding: "utf8" });
  return found.status === 0 ? found.stdout.trim() : undefined;
};

/** Podman, runc and mmdebstrap, installed and configured (root only: it writes /etc/containers). */
export function ensurePodman(): void {
  // netavark and aardvark-dns: networks on which containers find each other by name (compose's way).
  // iptables: netavark sets up every network, even a build's RUN step, through it, and Debian's
  // podman only suggests it; without it each RUN fails with "netavark: No such file or directory".
  ensure("podman", ["podman", "runc", "netavark", "aardvark-dns", "iptables", "mmdebstrap"], () =>
    which("podman") &&
    which("runc") &&
    which("mmdebstrap") &&
    existsSync("/usr/lib/podman/aardvark-dns") &&
    existsSync("/usr/sbin/iptables")
      ? "ok"
      : undefined,
  );
  const current = existsSync(CONTAINERS_CONF) ? readFileSync(CONTAINERS_CONF, "utf8") : "";
  if (!current.includes('cgroup_manager = "cgroupfs"')) {
    if (current.trim() && !current.includes("summit")) {
      throw new Error(`${CONTAINERS_CONF} has settings of its own: add these to it by hand, then run again:\n${SETTINGS}`);
    }
    writeFileSync(CONTAINERS_CONF, `# Written by the summit's container test (tests/support/podman.ts).\n${SETTINGS}`);
  }
}

export type Result = { code: number; stdout: string; stderr: string };

/** Runs `program args…` with `input` on its standard input; what it said and its exit code (-1: killed after `timeoutMs`). */
export function runProgram(
  program: string,
  args: string[],
  options: { input?: string; timeoutMs?: number; env?: NodeJS.ProcessEnv; cwd?: string } = {},
): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ["pipe", "pipe", "pipe"], env: options.env, cwd: options.cwd });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 300_000);
    child.stdin.end(options.input ?? "");
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, stdout, stderr });
    });
  });
}

/** Runs `podman args…`; throws with its output when it fails, unless `allowFailure`. */
export async function podman(
  args: string[],
  options: { input?: string; allowFailure?: boolean; timeoutMs?: number } = {},
): Promise<Result> {
  const ran = await runProgram("podman", args, options);
  const result = { ...ran, stderr: withoutTimerNoise(ran.stderr) };
  if (result.code !== 0 && !options.allowFailure) {
    throw new Error(`podman ${args.join(" ")} exited ${result.code}\n${result.stdout}\n${result.stderr}`);
  }
  return result;
}

/**
 * Podman schedules health checks through systemd timers, which a machine without systemd lacks:
 * it says so on every run and stop. Tests run the check themselves (`podman healthcheck run`).
 */
function withoutTimerNoise(stderr: string): string {
  return stderr
    .split("\n")
    .filter((line) => !line.includes("unable to get systemd connection"))
    .join("\n");
}

export async function imageExists(image: string): Promise<boolean> {
  return (await podman(["image", "exists", image], { allowFailure: true })).code === 0;
}

/** The image's size in bytes, as podman counts it (the sum of its layers). */
export async function imageSize(image: string): Promise<number> {
  return Number((await podman(["image", "inspect", image, "--format", "{{.Size}}"])).stdout.trim());
}

/** Waits until `url` answers 200; the milliseconds it took. */
export async function waitForOk(url: string, timeoutMs = 90_000): Promise<number> {
  const started = Date.now();
  let last = "";
  while (Date.now() - started < timeoutMs) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return Date.now() - started;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms (last: ${last})`);
}

/** Removes the containers, volumes and networks whose names start with `prefix` (left by an earlier run). */
export async function removeAll(prefix: string): Promise<void> {
  const names = async (kind: "ps" | "volume" | "network") => {
    const listed = await podman(kind === "ps" ? ["ps", "-a", "--format", "{{.Names}}"] : [kind, "ls", "--format", "{{.Name}}"]);
    return listed.stdout.split("\n").filter((name) => name.startsWith(prefix));
  };
  const containers = await names("ps");
  if (containers.length > 0) await podman(["rm", "-f", "-t", "0", ...containers]);
  const volumes = await names("volume");
  if (volumes.length > 0) await podman(["volume", "rm", "-f", ...volumes]);
  const networks = await names("network");
  if (networks.length > 0) await podman(["network", "rm", "-f", ...networks]);
}

/**
 * docker-compose (Debian's, 1.29) talking to podman's Docker-compatible API, served on a socket of
 * its own until `stop()`: compose.yaml run as `docker compose` would run it.
 */
export async function startComposeApi(): Promise<{ env: NodeJS.ProcessEnv; stop: () => void }> {
  ensure("docker-compose", ["docker-compose"], () => which("docker-compose"));
  const socket = "/run/summit-ct-podman.sock";
  rmSync(socket, { force: true });
  const service = spawn("podman", ["system", "service", "--time=0", `unix://${socket}`], { stdio: "ignore" });
  const started = Date.now();
  while (!existsSync(socket)) {
    if (Date.now() - started > 15_000) throw new Error("podman system service did not open its socket");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    env: { ...process.env, DOCKER_HOST: `unix://${socket}`, COMPOSE_INTERACTIVE_NO_CLI: "1" },
    stop: () => {
      service.kill("SIGTERM");
      rmSync(socket, { force: true });
    },
  };
}
