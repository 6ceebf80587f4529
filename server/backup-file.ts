import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { type FileHandle, open, rename, rm } from "node:fs/promises";
import path from "node:path";

// Backup files hold every attendee's personal data: they are created readable by their owner
// only (0600, whatever the umask), and appear under their name only once complete (written to a
// temporary file, flushed, then renamed), so a crash or a full disk never leaves a truncated file
// that looks like a backup.

/** DATA_DIR/backups/summit-2026-05-01T09-30-00Z.tar.gz: ISO time in UTC, with '-' for ':' (not allowed in file names everywhere). */
export function defaultBackupPath(dataDir: string, extension: string, now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replaceAll(":", "-");
  return path.join(dataDir, "backups", `summit-${stamp}${extension}`);
}

/** Writes `file` atomically with mode 0600; `fill` writes the content into the open temporary file. */
export async function writeBackupFile(file: string, fill: (handle: FileHandle) => Promise<void>): Promise<void> {
  const dir = path.dirname(file);
  // A new folder for backups is private too; an existing one is left as its owner set it.
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const temporary = path.join(dir, `.${path.basename(file)}.${randomBytes(4).toString("hex")}.partial`);
  const handle = await open(temporary, "wx", 0o600);
  try {
    await fill(handle);
    await handle.sync();
    await handle.close();
    await rename(temporary, file);
  } catch (error) {
    await handle.close().catch(() => {});
    await rm(temporary, { force: true });
    throw error;
  }
  // The rename itself reaches the disk once the directory is flushed.
  const directory = await open(dir, "r");
  try {
    await directory.sync();
  } finally {
    await directory.close();
  }
}
