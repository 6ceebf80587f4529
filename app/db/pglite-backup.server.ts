import { existsSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { gunzip } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { lockDataDir } from "./data-dir-lock.server";

// Backups of the embedded database are gzipped tarballs of its data directory, made by PGlite
// itself (dumpDataDir) and loaded by it (loadDataDir). Why a tarball and not an SQL dump:
// docs/decisions/007-backup-and-restore.md.

/** A failure worth showing as is: no database to copy, a target in the way, a file that is not a backup. */
export class PgliteBackupError extends Error {}

/**
 * A consistent copy of the open embedded database. PGlite has one session, shared by the whole
 * process: running inside a transaction of our own holds PGlite's transaction lock, so every other
 * query and transaction of the server waits and the copy falls between two transactions, never
 * inside one. CHECKPOINT first writes every committed change into the data files, so the copy
 * opens without replaying the write-ahead log.
 */
export async function snapshotPglite(client: PGlite): Promise<Uint8Array> {
  const tarball = await client.transaction(async (tx) => {
    await tx.exec("CHECKPOINT");
    return client.dumpDataDir("gzip");
  });
  return new Uint8Array(await tarball.arrayBuffer());
}

/**
 * Copies a data directory that no process holds, without migrating it (the copy is of what is
 * there). It is locked meanwhile, like the server locks it: a server starting now waits for nothing
 * but is refused, and says why.
 */
export async function snapshotDataDir(dir: string): Promise<Uint8Array> {
  if (!existsSync(path.join(dir, "PG_VERSION"))) throw new PgliteBackupError(`There is no embedded database in ${dir}.`);
  const release = lockDataDir(dir);
  try {
    const client = await PGlite.create(dir);
    try {
      return await snapshotPglite(client);
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
}

export type RestoreSummary = { attendees: number; admins: number; sessionsEnded: number };

/**
 * Loads a backup into `dir`, which must be empty or absent, and ends every admin session in it:
 * a stolen backup then signs nobody in, while the accounts stay. The directory is locked meanwhile,
 * so a server on it refuses to start (and a server already on it makes this refuse). Migrations are
 * not run here: the server applies them at its next start, as after any upgrade. On failure
 * nothing is left behind in `dir`.
 */
export async function restorePgliteSnapshot(tarball: Uint8Array, dir: string): Promise<RestoreSummary> {
  const tar = await unpackable(tarball);
  const release = lockDataDir(dir);
  try {
    const present = readdirSync(dir);
    if (present.length > 0) {
      throw new PgliteBackupError(`${dir} is not empty (${present.slice(0, 3).join(", ")}…): restore into a new data directory.`);
    }
    try {
      return await loadAndSeal(tar, dir);
    } catch (error) {
      for (const entry of readdirSync(dir)) rmSync(path.join(dir, entry), { recursive: true, force: true });
      throw error;
    }
  } finally {
    release();
  }
}

/**
 * The tar inside the gzip, checked before PGlite sees it: PGlite's own unpacking reports a broken
 * file as an unhandled rejection besides the error, which would end the process with a stack trace.
 */
async function unpackable(tarball: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
  let tar: Uint8Array;
  try {
    tar = await promisify(gunzip)(tarball);
  } catch (error) {
    throw new PgliteBackupError(`This file is not a backup of the embedded database, or it is damaged (${(error as Error).message}).`);
  }
  // The first entry's header says "ustar" at byte 257.
  if (Buffer.from(tar.subarray(257, 262)).toString("latin1") !== "ustar") {
    throw new PgliteBackupError("This file is not a backup of the embedded database (not a tar archive inside).");
  }
  // Blob wants memory of its own (an ArrayBuffer, not a possibly shared one).
  return new Uint8Array(tar);
}

async function loadAndSeal(tar: Uint8Array<ArrayBuffer>, dir: string): Promise<RestoreSummary> {
  let client: PGlite;
  try {
    client = await PGlite.create(dir, { loadDataDir: new Blob([tar], { type: "application/x-tar" }) });
  } catch (error) {
    throw new PgliteBackupError(`This file is not a backup of the embedded database (${(error as Error).message}).`);
  }
  try {
    const [tables] = await client.exec("select to_regclass('public.attendees') is not null as ok");
    if (!tables?.rows[0]?.ok) throw new PgliteBackupError("This file holds a database, but not this site's: it has no attendees table.");
    const ended = await client.query("delete from admin_sessions");
    const counts = await client.query<{ attendees: number; admins: number }>(
      "select (select count(*)::int from attendees) as attendees, (select count(*)::int from admin_users) as admins",
    );
    const row = counts.rows[0] ?? { attendees: 0, admins: 0 };
    return { attendees: row.attendees, admins: row.admins, sessionsEnded: ended.affectedRows ?? 0 };
  } finally {
    await client.close();
  }
}
