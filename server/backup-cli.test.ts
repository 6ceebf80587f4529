import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CliResult, runCli } from "#tests/support/run-cli.ts";
import { createPostgresDatabaseUrl, createTestDatabase } from "#tests/support/test-database.ts";
import { type DbConnection, openDbConnection } from "~/db/client.server";
import { createAttendee } from "~/db/factories";
import { admin_sessions, admin_users, attendees } from "~/db/schema";
import { createAdmin } from "~/modules/auth/accounts.server";
import { createSession } from "~/modules/auth/session.server";

// Runs the real commands, as `npm run backup` and `npm run restore` do, in child processes.
const ROOT = path.resolve(import.meta.dirname, "..");
const HOLDER = path.resolve(import.meta.dirname, "fixtures/backup-holder.ts");
/** What fixtures/backup-holder.ts writes its attendees as, two per transaction. */
const WRITER_ORGANIZATION = "Concurrent writer";

const tempDirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "backup-"));
  tempDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

function cli([tool, ...args]: ["backup" | "restore", ...string[]], env: { DATA_DIR: string; DATABASE_URL?: string }): Promise<CliResult> {
  return runCli(tool, args, env);
}

/** The backup files in a folder (no temporary files may be left beside them). */
function filesIn(dir: string): string[] {
  return readdirSync(dir).map((name) => path.join(dir, name));
}

async function seed(database: DbConnection) {
  const people = [];
  for (let i = 0; i < 12; i++) people.push(await createAttendee(database.db, { full_name: `Seeded Person ${i}` }));
  const admin = await createAdmin(database.db, { email: "organiser@example.org", password: "a-long-enough-password" });
  await createSession(database.db, admin.id, { now: new Date() });
  await createSession(database.db, admin.id, { now: new Date() });
  return { attendeeIds: people.map((p) => p.id).sort(), adminEmail: admin.email };
}

async function contents(database: DbConnection) {
  const rows = await database.db.select({ id: attendees.id, organization: attendees.organization }).from(attendees);
  const [sessions] = await database.db.select({ n: sql<number>`count(*)::int` }).from(admin_sessions);
  const admins = await database.db.select({ email: admin_users.email }).from(admin_users);
  return {
    ids: rows.map((r) => r.id),
    writerRows: rows.filter((r) => r.organization === WRITER_ORGANIZATION).length,
    sessions: sessions?.n,
    admins: admins.map((a) => a.email),
  };
}

/** The stand-in server: holds DATA_DIR's database, answers backups, keeps writing. */
function startHolder(dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", HOLDER], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "silent" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    child.on("exit", (code) => reject(new Error(`the holder exited (${code}) before it was ready`)));
    child.stdout?.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("ready")) resolve(child);
    });
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

describe("npm run backup / restore on the embedded database", { timeout: 300_000 }, () => {
  const source = tempDir();
  let seeded: Awaited<ReturnType<typeof seed>>;
  let holder: ChildProcess | undefined;

  beforeAll(async () => {
    const database = await openDbConnection({ kind: "pglite", dir: path.join(source, "db") });
    try {
      seeded = await seed(database);
    } finally {
      await database.close();
    }
    holder = await startHolder(source);
  }, 300_000);
  afterAll(async () => {
    if (holder) await stop(holder);
  });

  it("copies the database while a server holds it and writes, and restores it into a new data directory without sessions", async () => {
    const backup = await cli(["backup"], { DATA_DIR: source });
    expect(backup.stderr).toBe("");
    expect(backup.stdout).toMatch(/copied by the running server/);
    expect(backup.code).toBe(0);
    const [file, ...others] = filesIn(path.join(source, "backups"));
    expect(others).toEqual([]);
    expect(path.basename(file ?? "")).toMatch(/^summit-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz$/);
    expect(statSync(file ?? "").mode & 0o777).toBe(0o600);

    // Into the data directory the server runs on: refused, whatever it holds.
    const intoRunning = await cli(["restore", file ?? ""], { DATA_DIR: source });
    expect(intoRunning.code).toBe(1);
    expect(intoRunning.stderr).toMatch(/in use by a running server/);

    const target = path.join(tempDir(), "restored");
    const restore = await cli(["restore", file ?? "", "--data-dir", target], { DATA_DIR: source });
    expect(restore.stderr).toBe("");
    expect(restore.code).toBe(0);
    expect(restore.stdout).toMatch(/Restored \d+ attendees and 1 admin account \(2 admin sessions ended\)/);
    expect(restore.stdout).toMatch(/holds no session secret/);

    // Restoring again into it: it now holds a database.
    const again = await cli(["restore", file ?? "", "--data-dir", target], { DATA_DIR: source });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/is not empty/);

    // The server's next start: migrations apply as usual, every attendee is there, no session is.
    const restored = await openDbConnection({ kind: "pglite", dir: path.join(target, "db") });
    try {
      const found = await contents(restored);
      expect(found.ids).toEqual(expect.arrayContaining(seeded.attendeeIds));
      expect(found.writerRows).toBeGreaterThan(0);
      expect(found.writerRows % 2).toBe(0);
      expect(found.ids.length).toBe(seeded.attendeeIds.length + found.writerRows);
      expect(found.sessions).toBe(0);
      expect(found.admins).toEqual([seeded.adminEmail]);
    } finally {
      await restored.close();
    }
  });

  it("refuses a target data directory that holds anything but a session secret and backups", async () => {
    const [file] = filesIn(path.join(source, "backups"));
    const target = tempDir();
    writeFileSync(path.join(target, "session-secret"), `${"s".repeat(64)}\n`);
    mkdirSync(path.join(target, "mail"));
    const refused = await cli(["restore", file ?? "", "--data-dir", target], { DATA_DIR: source });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/is not a new data directory \(it holds mail\)/);
    expect(readdirSync(target).sort()).toEqual(["mail", "session-secret"]);

    const notBackup = path.join(target, "notes.txt");
    writeFileSync(notBackup, "hello");
    const wrongFile = await cli(["restore", notBackup, "--data-dir", tempDir()], { DATA_DIR: source });
    expect(wrongFile.code).toBe(1);
    expect(wrongFile.stderr).toMatch(/is not a backup made by npm run backup/);
  });

  it("copies the database itself when no server runs, to the file given", async () => {
    if (holder) await stop(holder);
    holder = undefined;
    const file = path.join(tempDir(), "nested", "copy.tar.gz");
    const backup = await cli(["backup", file], { DATA_DIR: source });
    expect(backup.stderr).toBe("");
    expect(backup.stdout).toMatch(/the server was not running/);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const target = tempDir();
    writeFileSync(path.join(target, "session-secret"), `${"s".repeat(64)}\n`);
    const restore = await cli(["restore", file, "--data-dir", target], { DATA_DIR: source });
    expect(restore.code).toBe(0);
    expect(restore.stdout).not.toMatch(/session secret/);

    const [original, restored] = await Promise.all([
      openDbConnection({ kind: "pglite", dir: path.join(source, "db") }),
      openDbConnection({ kind: "pglite", dir: path.join(target, "db") }),
    ]);
    try {
      const [before, after] = await Promise.all([contents(original), contents(restored)]);
      expect(after.ids.sort()).toEqual(before.ids.sort());
      // The copy is session-less; the original keeps its sessions.
      expect(after.sessions).toBe(0);
      expect(before.sessions).toBe(2);
    } finally {
      await Promise.all([original.close(), restored.close()]);
    }
  });
});

describe("npm run admin while a server holds the embedded database", { timeout: 300_000 }, () => {
  it("is carried out by the server over its socket: adds (password from the terminal's side), refuses a duplicate before asking, lists, removes", async () => {
    const dataDir = tempDir();
    const server = await startHolder(dataDir);
    try {
      const env = { DATA_DIR: dataDir };
      const added = await runCli("admin", ["add", "ada@example.org", "--name", "Ada"], env, "a-long-password\n");
      expect(added).toMatchObject({ code: 0, stdout: "Added admin ada@example.org (Ada)\n", stderr: "" });
      // Refused before the password is asked for: none is given here.
      const duplicate = await runCli("admin", ["add", "ada@example.org"], env, "");
      expect(duplicate).toMatchObject({ code: 1, stderr: "An admin account for ada@example.org already exists.\n" });
      const short = await runCli("admin", ["add", "bo@example.org"], env, "short\n");
      expect(short.code).toBe(1);
      expect(short.stderr).toMatch(/at least \d+ characters/);
      const listed = await runCli("admin", ["list"], env);
      expect(listed.stdout).toMatch(/^ada@example\.org\s+Ada\s+organiser/m);
      expect(listed.stdout).toContain("1 admin account.");
      const removed = await runCli("admin", ["remove", "ada@example.org"], env);
      expect(removed).toMatchObject({ code: 0, stdout: "Removed admin ada@example.org; their sessions have ended.\n" });
    } finally {
      await stop(server);
    }
    // The server wrote them: with it stopped, the command opens the database itself and finds them gone.
    const after = await runCli("admin", ["list"], { DATA_DIR: dataDir });
    expect(after.stdout).toContain("No admin accounts yet.");
  });
});

describe("npm run backup / restore with DATABASE_URL (pg_dump, pg_restore)", { timeout: 120_000 }, () => {
  it("dumps the database and restores it into an empty one, without sessions; refuses one with tables", async () => {
    const dataDir = tempDir();
    const source = await createTestDatabase("postgres");
    let seeded: Awaited<ReturnType<typeof seed>>;
    try {
      seeded = await seed(source);
    } finally {
      await source.close();
    }
    const backup = await cli(["backup"], { DATA_DIR: dataDir, DATABASE_URL: source.url });
    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    const [file, ...others] = filesIn(path.join(dataDir, "backups"));
    expect(others).toEqual([]);
    expect(file).toMatch(/summit-[\dT-]+Z\.dump$/);
    expect(statSync(file ?? "").mode & 0o777).toBe(0o600);

    const intoUsed = await cli(["restore", file ?? ""], { DATA_DIR: dataDir, DATABASE_URL: source.url });
    expect(intoUsed.code).toBe(1);
    expect(intoUsed.stderr).toMatch(/is not empty: restore into a new database/);

    const targetUrl = await createPostgresDatabaseUrl();
    const restore = await cli(["restore", file ?? ""], { DATA_DIR: dataDir, DATABASE_URL: targetUrl });
    expect(restore.stderr).toBe("");
    expect(restore.stdout).toMatch(/Restored 12 attendees and 1 admin account \(2 admin sessions ended\)/);

    const restored = await openDbConnection({ kind: "postgres", url: targetUrl });
    try {
      const found = await contents(restored);
      expect(found.ids.sort()).toEqual(seeded.attendeeIds);
      expect(found.sessions).toBe(0);
      const [admin] = await restored.db.select().from(admin_users).where(eq(admin_users.email, seeded.adminEmail));
      expect(admin?.email).toBe(seeded.adminEmail);
    } finally {
      await restored.close();
    }
  });
});
