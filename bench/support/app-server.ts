import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

/** The registration path and the database layer under it (which must match node_modules). */
const HEAD_OVERLAY = ["app/routes/register.tsx", "app/modules/registration", "app/db"];

/** Which source the production bundle is built from: the worktree, HEAD, or an earlier commit ({ ref }). */
export type BuildSource = "worktree" | "head" | { ref: string };

/**
 * Builds the production bundle in a private copy of the project, so builds by
 * others in the same tree (which replace build/) cannot swap chunks under the
 * running server, and build/ is left alone. "worktree" copies the project as it
 * is on disk; "head" takes the last commit, the files not yet committed and
 * HEAD_OVERLAY as on disk, for when changes in progress elsewhere do not build.
 */
export function prepareAppBuild(source: BuildSource): { dir: string; dispose: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), "summit-bench-app-"));
  const dispose = () => rmSync(dir, { recursive: true, force: true });
  try {
    const git = (args: string[]) => execFileSync("git", args, { cwd: root, maxBuffer: 64 * 1024 * 1024 });
    let files: string[];
    if (typeof source === "object") {
      // An earlier commit as it was, to measure before and after on the same machine.
      execFileSync("tar", ["-x", "-C", dir], { input: git(["archive", "--format=tar", source.ref]) });
      files = [];
    } else if (source === "head") {
      execFileSync("tar", ["-x", "-C", dir], { input: git(["archive", "--format=tar", "HEAD"]) });
      // New files the commit may already import, and the registration path as on disk.
      files = [
        ...git(["ls-files", "--others", "--exclude-standard"]).toString().split("\n"),
        ...git(["ls-files", "--cached", "--others", "--exclude-standard", ...HEAD_OVERLAY])
          .toString()
          .split("\n"),
      ];
    } else {
      files = git(["ls-files", "--cached", "--others", "--exclude-standard"]).toString().split("\n");
    }
    for (const file of files.filter(Boolean)) {
      if (!existsSync(path.join(root, file))) continue; // deleted but not yet staged
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      cpSync(path.join(root, file), path.join(dir, file));
    }
    symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"), "dir");
    const named = typeof source === "object" ? `commit ${source.ref}` : source;
    process.stderr.write(`[bench] building the production bundle from the ${named} in ${dir}…\n`);
    execFileSync("npx", ["react-router", "build"], { cwd: dir, stdio: ["ignore", "ignore", "inherit"] });
    return { dir, dispose };
  } catch (error) {
    dispose();
    throw error;
  }
}
