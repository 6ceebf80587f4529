import { existsSync, mkdirSync, readdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { ConfigError, parseConfig } from "~/config.server";
import { DataDirLockedError } from "~/db/client.server";
import { PgliteBackupError, restorePgliteSnapshot, snapshotDataDir } from "~/db/pglite-backup.server";
import { defaultBackupPath, writeBackupFile } from "./backup-file";
import { dumpPostgres, MissingToolError, NotEmptyDatabaseError, POSTGRES_INSTRUCTIONS, restorePostgres } from "./backup-postgres";
import { NoBackupServerError, requestBackup } from "./backup-socket";

// `npm run backup` and `npm run restore`. Success goes to stdout; every failure is one line on
// stderr (several for instructions) and a non-zero exit. The design: docs/decisions/007-backup-and-restore.md.

const USAGE = `Back up and restore the summit site's database.

Usage:
  npm run backup                               copy the database to DATA_DIR/backups/summit-<time>.tar.gz
  npm run backup -- <file>                     …or to <file>
  npm run restore -- <file>                    restore a backup into DATA_DIR, which must be new (empty)
  npm run restore -- <file> --data-dir <dir>   …or into <dir> (backup takes --data-dir too)

The embedded database is copied while the server runs (the server makes the copy), or directly
when it is stopped. A restore refuses a data directory in use or holding a database; the server
applies this version's migrations when it starts on it. Admin accounts stay, their sessions do not.

With DATABASE_URL, backup runs pg_dump --format=custom (file: summit-<time>.dump) and restore runs
pg_restore into DATABASE_URL, which must be an empty database.

Backups hold every attendee's personal data: they are written readable by their owner only.`;

class CliError extends Error {}

type Command = { name: "backup"; file?: string; dataDir?: string } | { name: "restore"; file: string; dataDir?: string };

function parseCommand(argv: string[]): Command | "help" {
  let parsed: { values: { "data-dir"?: string; help?: boolean }; positionals: string[] };
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { "data-dir": { type: "string" }, help: { type: "boolean", short: "h" } },
    });
  } catch (error) {
    throw new CliError(`${(error as Error).message}. Run: npm run backup -- --help`);
  }
  const [command, ...rest] = parsed.positionals;
  if (parsed.values.help || command === undefined || command === "help") return "help";
  const dataDir = parsed.values["data-dir"];
  if (rest.length > 1) throw new CliError(`Unexpected argument "${rest.slice(1).join(" ")}".`);
  if (command === "backup") return { name: "backup", file: rest[0], dataDir };
  if (command === "restore") {
    if (rest[0] === undefined) throw new CliError("Which backup? Usage: npm run restore -- <file> [--data-dir <dir>]");
    return { name: "restore", file: rest[0], dataDir };
  }
  throw new CliError(`Unknown command "${command}". Commands: backup, restore, help.`);
}

function settings(command: Command) {
  try {
    // parseConfig, not getConfig: getConfig would create DATA_DIR and a new session secret in it,
    // and a restore's target must stay empty.
    const config = parseConfig(process.env);
    return { dataDir: command.dataDir ? path.resolve(command.dataDir) : config.dataDir, databaseUrl: config.databaseUrl };
  } catch (error) {
    if (error instanceof ConfigError) throw new CliError(error.message);
    throw error;
  }
}

function displayPath(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative && !relative.startsWith("..") && !path.isAbsolute(relative) ? `./${relative}` : file;
}

function describeSize(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

async function backup(command: Extract<Command, { name: "backup" }>): Promise<string> {
  const { dataDir, databaseUrl } = settings(command);
  if (databaseUrl) {
    const file = command.file ? path.resolve(command.file) : defaultBackupPath(dataDir, ".dump");
    try {
      await writeBackupFile(file, (handle) => dumpPostgres(databaseUrl, handle));
    } catch (error) {
      if (error instanceof MissingToolError) throw new CliError(`${error.message}\n\n${POSTGRES_INSTRUCTIONS}`);
      throw error;
    }
    return `Backed up the PostgreSQL database (pg_dump, custom format) to ${displayPath(file)}`;
  }
  const dbDir = path.join(dataDir, "db");
  const file = command.file ? path.resolve(command.file) : defaultBackupPath(dataDir, ".tar.gz");
  let copy: Uint8Array;
  let how: string;
  try {
    copy = await snapshotDataDir(dbDir);
    how = "the server was not running";
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    // The server holds the data directory: it makes the copy.
    try {
      copy = await requestBackup(dataDir);
    } catch (socketError) {
      if (!(socketError instanceof NoBackupServerError)) throw socketError;
      throw new CliError(
        `${displayPath(dbDir)} is in use by a process that does not answer backup requests (${socketError.message}): ` +
          "an admin command, or a server of an older version. Try again when it has finished, or stop it.",
      );
    }
    how = "copied by the running server";
  }
  await writeBackupFile(file, (handle) => handle.writeFile(copy));
  return `Backed up ${displayPath(dbDir)} to ${displayPath(file)} (${describeSize(copy.byteLength)}; ${how})`;
}

// What a new data directory may already hold: the session secret copied from the old one (so the
// tickets already sent still verify), the backups folder (the file may be in it), and the
// database's own folder and lock, which the restore itself checks under the lock.
const ALLOWED_IN_TARGET = new Set(["session-secret", "backups", "run", "db", "db.lock"]);

async function restore(command: Extract<Command, { name: "restore" }>): Promise<string> {
  const { dataDir, databaseUrl } = settings(command);
  const file = path.resolve(command.file);
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    throw new CliError(`Cannot read ${displayPath(file)}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  const isPostgresDump = bytes.subarray(0, 5).toString("latin1") === "PGDMP";
  const isTarball = bytes[0] === 0x1f && bytes[1] === 0x8b;
  if (!isPostgresDump && !isTarball) throw new CliError(`${displayPath(file)} is not a backup made by npm run backup.`);

  if (databaseUrl) {
    if (!isPostgresDump) {
      throw new CliError("This is a backup of the embedded database; unset DATABASE_URL to restore it into a data directory.");
    }
    const summary = await restorePostgres(databaseUrl, file);
    return `${restored(summary)} into the PostgreSQL database in DATABASE_URL.`;
  }
  if (!isTarball) throw new CliError("This is a PostgreSQL backup (pg_dump): set DATABASE_URL to the empty database to restore it into.");
  const inTheWay = existsSync(dataDir) ? readdirSync(dataDir).filter((entry) => !ALLOWED_IN_TARGET.has(entry)) : [];
  if (inTheWay.length > 0) {
    throw new CliError(`${displayPath(dataDir)} is not a new data directory (it holds ${inTheWay.join(", ")}): restore into an empty one.`);
  }
  // A new data directory is private to its owner: it is about to hold everyone's personal data.
  if (!existsSync(dataDir)) mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const summary = await restorePgliteSnapshot(bytes, path.join(dataDir, "db"));
  const secretNote = existsSync(path.join(dataDir, "session-secret"))
    ? ""
    : "\nThe backup holds no session secret: set SESSION_SECRET, or copy session-secret from the old data directory into " +
      `${displayPath(dataDir)}, before starting the server, or the tickets already sent will not verify.`;
  return `${restored(summary)} into ${displayPath(dataDir)}. The server applies any newer migrations when it starts.${secretNote}`;
}

function restored(summary: { attendees: number; admins: number; sessionsEnded: number }): string {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  return (
    `Restored ${plural(summary.attendees, "attendee")} and ${plural(summary.admins, "admin account")} ` +
    `(${plural(summary.sessionsEnded, "admin session")} ended)`
  );
}

/** Runs one command; the exit code it answers with (server/cli.js exits with it). */
export async function runBackupCli(argv: string[]): Promise<number> {
  try {
    const command = parseCommand(argv);
    if (command === "help") {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    process.stdout.write(`${command.name === "backup" ? await backup(command) : await restore(command)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      process.stderr.write(
        "The data directory is in use by a running server (or an admin command): stop it, or restore into a new directory.\n",
      );
      return 1;
    }
    const known = error instanceof CliError || error instanceof PgliteBackupError || error instanceof NotEmptyDatabaseError;
    const message = known ? (error as Error).message : `Error: ${(error as Error).message?.split("\n")[0] || String(error)}`;
    process.stderr.write(`${message}\n`);
    return 1;
  }
}
