import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

// Another deploy of this checkout's build, for tests of what happens when a new version goes
// live: a project directory whose build is this one with a new door service worker (another
// DOOR_VERSION, as a build with changed files gets), everything else linked. Start a server in
// it with startPrivateSite's startServer({ dir }).

const root = path.resolve(import.meta.dirname, "../..");

export function nextDeploy(): { dir: string; version: string; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), "summit-deploy-"));
  for (const entry of readdirSync(root)) if (entry !== "build") symlinkSync(path.join(root, entry), path.join(dir, entry));
  mkdirSync(path.join(dir, "build"));
  symlinkSync(path.join(root, "build/server"), path.join(dir, "build/server"));
  cpSync(path.join(root, "build/client"), path.join(dir, "build/client"), { recursive: true });
  const worker = path.join(dir, "build/client/door-sw.js");
  const source = readFileSync(worker, "utf8");
  const current = /door-([0-9a-f]{12})/.exec(source)?.[1];
  if (!current) throw new Error("the door's service worker names no version");
  const version = [...current].reverse().join("") === current ? "0".repeat(12) : [...current].reverse().join("");
  writeFileSync(worker, source.replaceAll(current, version));
  return { dir, version, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
