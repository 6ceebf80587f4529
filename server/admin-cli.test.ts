import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, describe, it } from "vitest";
import { type CliResult, runCli } from "#tests/support/run-cli.ts";
import { createPostgresDatabaseUrl } from "#tests/support/test-database.ts";
import { type DbConnection, openDbConnection } from "~/db/client.server";
import { admin_sessions, admin_users, audit_log } from "~/db/schema";
import { createKeyring } from "~/keys.server";
import { getAdminByEmail, verifyAdminCredentials } from "~/modules/auth/accounts.server";
import { confirmEnrolment, hasTwoFactor, pendingEnrolment } from "~/modules/auth/two-factor.server";

// Runs the real command line, as `npm run admin` does, in child processes.
const tempDirs: string[] = [];

function tempDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "admin-cli-"));
  tempDirs.push(dir);
  return dir;
}

afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

function cli(env: { DATA_DIR: string; DATABASE_URL?: string }, args: string[], stdin = ""): Promise<CliResult> {
  return runCli("admin", args, env, stdin);
}

async function withDatabase<T>(open: () => Promise<DbConnection>, use: (database: DbConnection) => Promise<T>): Promise<T> {
  const database = await open();
  try {
    return await use(database);
  } finally {
    await database.close();
  }
}

async function addSession(database: DbConnection, email: string) {
  const [admin] = await database.db.select({ id: admin_users.id }).from(admin_users).where(eq(admin_users.email, email));
  if (!admin) throw new Error(`no admin ${email}`);
  await database.db
    .insert(admin_sessions)
    .values({ id: randomBytes(16).toString("hex"), admin_id: admin.id, expires_at: new Date(Date.now() + 3_600_000) });
  return admin.id;
}

async function sessionCount(database: DbConnection, adminId: string) {
  const [row] = await database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(admin_sessions)
    .where(eq(admin_sessions.admin_id, adminId));
  return row?.n ?? 0;
}

describe.concurrent("admin CLI", () => {
  it("on PGlite: adds, refuses a duplicate and a short password, lists, resets, removes, and keeps off a data directory in use", {
    timeout: 400_000,
  }, async ({ expect }) => {
    const dataDir = tempDataDir();
    const env = { DATA_DIR: dataDir };
    const open = () => openDbConnection({ kind: "pglite", dir: path.join(dataDir, "db") });

    const added = await cli(env, ["add", " Ada@Example.org ", "--name", "Ada Lovelace"], "a-long-password\nignored second line\n");
    expect(added).toMatchObject({ code: 0, stdout: "Added admin ada@example.org (Ada Lovelace)\n", stderr: "" });

    const duplicate = await cli(env, ["add", "ADA@example.org", "--name", "Ada again"], "another-long-password\n");
    expect(duplicate).toMatchObject({ code: 1, stdout: "", stderr: "An admin account for ada@example.org already exists.\n" });

    const badRole = await cli(env, ["add", "door@example.org", "--role", "superuser"], "a-long-password\n");
    expect(badRole).toMatchObject({ code: 1, stderr: 'Unknown role "superuser". Roles: organiser, checkin.\n' });

    const short = await cli(env, ["add", "bob@example.org"], "too-short\n");
    expect(short).toMatchObject({ code: 1, stderr: "The password must be at least 12 characters.\n" });

    const sessionId = await withDatabase(open, (database) => addSession(database, "ada@example.org"));

    const listed = await cli(env, ["list"]);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^E-mail\s+Name\s+Role\s+Created \(UTC\)\n/);
    expect(listed.stdout).toMatch(/ada@example\.org\s+Ada Lovelace\s+organiser\s+\d{4}-\d\d-\d\d \d\d:\d\d\n/);
    expect(listed.stdout).toContain("1 admin account.");
    expect(listed.stdout).not.toContain("bob@example.org");
    expect(listed.stdout).not.toContain("argon2");

    const reset = await cli(env, ["reset-password", "ada@example.org"], "a-new-long-password\n");
    expect(reset).toMatchObject({ code: 0, stdout: "Reset the password of ada@example.org; they are signed out everywhere.\n" });

    const secondSession = await withDatabase(open, async (database) => {
      expect(await verifyAdminCredentials(database.db, "ada@example.org", "a-new-long-password")).toMatchObject({ name: "Ada Lovelace" });
      expect(await verifyAdminCredentials(database.db, "ada@example.org", "a-long-password")).toBeNull();
      expect(await sessionCount(database, sessionId)).toBe(0);
      return addSession(database, "ada@example.org");
    });

    const removed = await cli(env, ["remove", "ada@example.org"]);
    expect(removed).toMatchObject({ code: 0, stdout: "Removed admin ada@example.org; their sessions have ended.\n" });

    const again = await cli(env, ["remove", "ada@example.org"]);
    expect(again).toMatchObject({ code: 1, stderr: "No admin account for ada@example.org; nothing was removed.\n" });

    await withDatabase(open, async (database) => {
      expect(await database.db.select().from(admin_users)).toEqual([]);
      expect(await sessionCount(database, secondSession)).toBe(0);

      // While this process holds the embedded database and answers no admin commands (a running
      // server does: backup-cli.test.ts), the CLI must not open it.
      const locked = await cli(env, ["add", "ada@example.org"], "a-long-password\n");
      expect(locked).toMatchObject({
        code: 1,
        stdout: "",
        stderr:
          `Cannot open ${path.join(dataDir, "db")}: another admin command, or a server that takes no admin commands, ` +
          "is running on this data directory. Stop it first, or run this against DATABASE_URL.\n",
      });
      expect(await database.db.select().from(admin_users)).toEqual([]);
    });
  });

  it("on PostgreSQL: uses DATABASE_URL instead of the data directory", { timeout: 300_000 }, async ({ expect }) => {
    const env = { DATA_DIR: tempDataDir(), DATABASE_URL: await createPostgresDatabaseUrl() };

    const empty = await cli(env, ["list"]);
    expect(empty).toMatchObject({ code: 0, stdout: `No admin accounts yet. Add one with: npm run admin -- add <email> --name "<name>"\n` });

    const added = await cli(env, ["add", "grace@example.org"], "a-long-password\n");
    expect(added).toMatchObject({ code: 0, stdout: "Added admin grace@example.org (Admin User)\n" });
    const door = await cli(env, ["add", "door@example.org", "--name", "Door Team", "--role", "checkin"], "a-long-password\n");
    expect(door).toMatchObject({
      code: 0,
      stdout: "Added check-in account door@example.org (Door Team): it can use /admin/check-in and nothing else\n",
    });

    await withDatabase(
      () => openDbConnection({ kind: "postgres", url: env.DATABASE_URL }),
      async (database) => {
        expect(await verifyAdminCredentials(database.db, "grace@example.org", "a-long-password")).toMatchObject({
          name: "Admin User",
          role: "organiser",
        });
        expect(await verifyAdminCredentials(database.db, "door@example.org", "a-long-password")).toMatchObject({ role: "checkin" });
      },
    );
    // Nothing was created in the data directory's embedded database.
    expect(existsSync(path.join(env.DATA_DIR, "db"))).toBe(false);

    // A lost phone: grace has an authenticator and a session; the reset removes both and says so in the Activity log.
    const openPostgres = () => openDbConnection({ kind: "postgres", url: env.DATABASE_URL });
    const keyring = createKeyring("cli-test-secret-cli-test-secret-cli-test");
    const graceId = await withDatabase(openPostgres, async (database) => {
      const grace = await getAdminByEmail(database.db, "grace@example.org");
      if (!grace) throw new Error("no grace");
      const enrolment = await pendingEnrolment(database.db, grace, keyring);
      const code = TOTP.generate({ secret: Secret.fromBase32(enrolment?.secret.replace(/\s/g, "") ?? ""), timestamp: Date.now() });
      expect((await confirmEnrolment(database.db, grace.id, code, new Date(), keyring, null)).status).toBe("ok");
      await addSession(database, "grace@example.org");
      return grace.id;
    });
    const resetTwoFactor = await cli(env, ["reset-two-factor", "Grace@Example.org"]);
    expect(resetTwoFactor).toMatchObject({ code: 0, stderr: "" });
    expect(resetTwoFactor.stdout).toMatch(/^Removed the second factor of grace@example\.org; they are signed out everywhere\./);
    await withDatabase(openPostgres, async (database) => {
      expect(await hasTwoFactor(database.db, graceId)).toBe(false);
      expect(await sessionCount(database, graceId)).toBe(0);
      const entries = await database.db.select().from(audit_log).where(eq(audit_log.entity_id, graceId));
      expect(entries).toMatchObject([
        {
          action: "admin.two-factor.reset",
          admin_email: "Command line (npm run admin)",
          details: { account: "grace@example.org", hadTwoFactor: true },
        },
      ]);
    });
    const unknownReset = await cli(env, ["reset-two-factor", "nobody@example.org"]);
    expect(unknownReset).toMatchObject({ code: 1, stderr: "No admin account for nobody@example.org; nothing was changed.\n" });
  });

  it("explains usage and refuses bad arguments with one line each", { timeout: 300_000 }, async ({ expect }) => {
    const env = { DATA_DIR: tempDataDir() };
    const [help, none, unknown, missing, invalid, extra] = await Promise.all([
      cli(env, ["help"]),
      cli(env, []),
      cli(env, ["frobnicate"]),
      cli(env, ["remove"]),
      cli(env, ["add", "not-an-email", "--name", "X"]),
      cli(env, ["list", "everything"]),
    ]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain(`npm run admin -- add <email> --name "<name>"`);
    expect(none).toEqual(help);
    expect(unknown).toMatchObject({
      code: 1,
      stderr: `Unknown command "frobnicate". Commands: add, list, remove, reset-password, reset-two-factor, help.\n`,
    });
    expect(missing).toMatchObject({ code: 1, stderr: "Missing e-mail address. Usage: npm run admin -- remove <email>\n" });
    expect(invalid).toMatchObject({ code: 1, stderr: `Not a valid e-mail address: "not-an-email"\n` });
    expect(extra).toMatchObject({ code: 1, stderr: `list takes no arguments (got "everything").\n` });
  });
});
