import path from "node:path";
import readline from "node:readline";
import { parseArgs } from "node:util";
import type { DbConnection } from "~/db/client.server";
import { MIN_PASSWORD_LENGTH } from "~/modules/auth/password.server";
import { emailSchema } from "~/modules/auth/schemas";

// The database layer is imported only once a command needs it: help and
// argument errors then answer without loading PGlite.
const loadDatabaseModules = () =>
  Promise.all([
    import("~/config.server"),
    import("~/db/client.server"),
    import("~/modules/auth/accounts.server"),
    import("~/modules/auth/two-factor.server"),
  ]);
type Modules = Awaited<ReturnType<typeof loadDatabaseModules>>;

// `npm run admin -- <command>`: manages the admin accounts, which are the
// site's only allow-list. Success goes to stdout; every failure
// is one line on stderr and a non-zero exit.

const USAGE = `Manage the admin accounts of the summit site.

Usage:
  npm run admin -- add <email> --name "<name>"   add an organiser account (asks for its password)
      [--role checkin]                           …or an account for the door: check-in only
  npm run admin -- list                          show all accounts
  npm run admin -- remove <email>                delete an account and end its sessions
  npm run admin -- reset-password <email>        set a new password and end its sessions
  npm run admin -- reset-two-factor <email>      remove a lost authenticator and its recovery codes,
                                                 end its sessions (recorded in the Activity log)
  npm run admin -- help                          show this text

Passwords are at least ${MIN_PASSWORD_LENGTH} characters. In a terminal they are asked for twice,
without echo; otherwise the first line of standard input is the password:
  printf 'a-long-password\\n' | npm run admin -- add ada@example.org --name "Ada"

Uses the same database as the server: DATABASE_URL when set, else DATA_DIR/db.
The embedded database (DATA_DIR/db) cannot be changed while the server runs on it.`;

/** A failure whose message is shown as is. */
class CliError extends Error {}
class Interrupted extends Error {}

const ROLES = ["organiser", "checkin"] as const;
type Role = (typeof ROLES)[number];
type Command =
  | { name: "add"; email: string; adminName?: string; role: Role }
  | { name: "list" }
  | { name: "remove" | "reset-password" | "reset-two-factor"; email: string };

function parseCommand(argv: string[]): Command | "help" {
  let parsed: { values: { name?: string; role?: string; help?: boolean }; positionals: string[] };
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { name: { type: "string" }, role: { type: "string" }, help: { type: "boolean", short: "h" } },
    });
  } catch (error) {
    throw new CliError(`${(error as Error).message}. Run: npm run admin -- help`);
  }
  const [command, ...rest] = parsed.positionals;
  if (parsed.values.help || command === undefined || command === "help") return "help";
  const known = ["add", "list", "remove", "reset-password", "reset-two-factor"];
  if (!known.includes(command)) throw new CliError(`Unknown command "${command}". Commands: ${known.join(", ")}, help.`);
  if (parsed.values.name !== undefined && command !== "add") throw new CliError(`--name only applies to add.`);
  if (parsed.values.role !== undefined && command !== "add") throw new CliError(`--role only applies to add.`);
  const role = parsed.values.role ?? "organiser";
  if (!(ROLES as readonly string[]).includes(role)) throw new CliError(`Unknown role "${role}". Roles: ${ROLES.join(", ")}.`);
  if (command === "list") {
    if (rest.length > 0) throw new CliError(`list takes no arguments (got "${rest.join(" ")}").`);
    return { name: "list" };
  }
  const usage = command === "add" ? `add <email> --name "<name>"` : `${command} <email>`;
  const [rawEmail, ...extra] = rest;
  if (rawEmail === undefined) throw new CliError(`Missing e-mail address. Usage: npm run admin -- ${usage}`);
  if (extra.length > 0) throw new CliError(`Unexpected argument "${extra.join(" ")}". Usage: npm run admin -- ${usage}`);
  const parsedEmail = emailSchema.safeParse(rawEmail);
  if (!parsedEmail.success) throw new CliError(`Not a valid e-mail address: ${JSON.stringify(rawEmail.trim())}`);
  const email = parsedEmail.data;
  if (command === "add") return { name: "add", email, adminName: parsed.values.name, role: role as Role };
  return { name: command as "remove" | "reset-password" | "reset-two-factor", email };
}

/** Opens the server's database; a data directory in use by the server is refused without touching it. */
async function openConfiguredDatabase([
  { getConfig },
  { dbConnectionOptions, openDbConnection, DataDirLockedError },
]: Modules): Promise<DbConnection> {
  const options = dbConnectionOptions(getConfig());
  try {
    return await openDbConnection(options);
  } catch (error) {
    if (error instanceof DataDirLockedError && options.kind === "pglite") {
      throw new CliError(
        `Cannot open ${displayPath(options.dir)}: the server (or another admin command) is running on this data directory. ` +
          "Stop it first, or run this against DATABASE_URL.",
      );
    }
    throw error;
  }
}

function displayPath(dir: string): string {
  const relative = path.relative(process.cwd(), dir);
  return relative && !relative.startsWith("..") && !path.isAbsolute(relative) ? `./${relative}` : dir;
}

/** The new password: asked twice without echo in a terminal, else the first line of stdin. */
async function readNewPassword(assertPasswordLength: (password: string) => void): Promise<string> {
  if (!process.stdin.isTTY) {
    const line = await readFirstLine(process.stdin);
    if (line === undefined || line === "") throw new CliError("No password given: pipe it as the first line of standard input.");
    assertPasswordLength(line);
    return line;
  }
  const password = await promptHidden(`Password (at least ${MIN_PASSWORD_LENGTH} characters): `);
  assertPasswordLength(password);
  if ((await promptHidden("Repeat the password: ")) !== password) throw new CliError("The passwords do not match; nothing was changed.");
  return password;
}

async function readFirstLine(input: NodeJS.ReadableStream): Promise<string | undefined> {
  const lines = readline.createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY, terminal: false });
  try {
    for await (const line of lines) return line;
    return undefined;
  } finally {
    lines.close();
  }
}

/** Reads one line from the terminal in raw mode, echoing nothing. */
function promptHidden(question: string): Promise<string> {
  const stdin = process.stdin;
  // Echo goes off before the prompt shows, so nothing typed after it is ever displayed.
  stdin.setEncoding("utf8");
  stdin.setRawMode(true);
  process.stdout.write(question);
  return new Promise((resolve, reject) => {
    let value = "";
    const finish = () => {
      stdin.off("data", onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stdout.write("\n");
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === "\r" || char === "\n" || (char === "\u0004" && value === "")) {
          finish();
          resolve(value);
          return;
        }
        if (char === "\u0003") {
          finish();
          reject(new Interrupted());
          return;
        }
        if (char === "\u007f" || char === "\b") value = Array.from(value).slice(0, -1).join("");
        // An escape sequence (arrow keys and the like) arrives as one chunk: drop all of it.
        else if (char === "\u001b") break;
        else if (char >= " ") value += char;
      }
    };
    stdin.resume();
    stdin.on("data", onData);
  });
}

function formatTable(rows: { email: string; name: string; role: string; created_at: Date }[]): string {
  const table = [
    ["E-mail", "Name", "Role", "Created (UTC)"],
    ...rows.map((r) => [r.email, r.name, r.role, r.created_at.toISOString().slice(0, 16).replace("T", " ")]),
  ];
  const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
  const line = (row: string[]) =>
    row
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join("  ")
      .trimEnd();
  const rule = widths.map((w) => "-".repeat(w)).join("  ");
  const count = `${rows.length} admin account${rows.length === 1 ? "" : "s"}.`;
  return [line(table[0]!), rule, ...table.slice(1).map(line), "", count].join("\n");
}

/** Who the Activity log names for what this command line did. */
const CLI_ACTOR = { id: null, email: "Command line (npm run admin)" };

async function run(command: Command, database: DbConnection, accounts: Modules[2], twoFactor: Modules[3]): Promise<string> {
  const { db } = database;
  const { createAdmin, DuplicateAdminError, getAdminByEmail, listAdmins, removeAdmin, resetAdminPassword, assertPasswordLength } = accounts;
  switch (command.name) {
    case "list": {
      const admins = await listAdmins(db);
      return admins.length === 0
        ? `No admin accounts yet. Add one with: npm run admin -- add <email> --name "<name>"`
        : formatTable(admins);
    }
    case "add": {
      // Checked before asking for a password the operator would type in vain; the unique index still decides.
      if (await getAdminByEmail(db, command.email)) throw new DuplicateAdminError(command.email);
      const admin = await createAdmin(db, {
        email: command.email,
        name: command.adminName,
        role: command.role,
        password: await readNewPassword(assertPasswordLength),
      });
      return admin.role === "checkin"
        ? `Added check-in account ${admin.email} (${admin.name}): it can use /admin/check-in and nothing else`
        : `Added admin ${admin.email} (${admin.name})`;
    }
    case "remove": {
      if (!(await removeAdmin(db, command.email))) throw new CliError(`No admin account for ${command.email}; nothing was removed.`);
      return `Removed admin ${command.email}; their sessions have ended.`;
    }
    case "reset-password": {
      const notFound = `No admin account for ${command.email}; no password was changed.`;
      if (!(await getAdminByEmail(db, command.email))) throw new CliError(notFound);
      if (!(await resetAdminPassword(db, command.email, await readNewPassword(assertPasswordLength)))) throw new CliError(notFound);
      return `Reset the password of ${command.email}; they are signed out everywhere.`;
    }
    case "reset-two-factor": {
      if (!(await twoFactor.resetTwoFactor(db, command.email, CLI_ACTOR))) {
        throw new CliError(`No admin account for ${command.email}; nothing was changed.`);
      }
      return `Removed the second factor of ${command.email}; they are signed out everywhere. They sign in with their password next, and set up a new authenticator app on the Account security page (at once, when REQUIRE_TWO_FACTOR=organisers).`;
    }
  }
}

/** Runs one command; the exit code it answers with (server/cli.js exits with it). */
export async function runAdminCli(argv: string[]): Promise<number> {
  let database: DbConnection | undefined;
  let modules: Modules | undefined;
  try {
    const command = parseCommand(argv);
    if (command === "help") {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    modules = await loadDatabaseModules();
    database = await openConfiguredDatabase(modules);
    process.stdout.write(`${await run(command, database, modules[2], modules[3])}\n`);
    return 0;
  } catch (error) {
    if (error instanceof Interrupted) return 130;
    const known = error instanceof CliError || (modules !== undefined && error instanceof modules[2].AdminAccountError);
    const message = (error as Error).message?.split("\n")[0] || String(error);
    process.stderr.write(known ? `${message}\n` : `Error: ${message}\n`);
    return 1;
  } finally {
    // Releases the data directory's lock before the process ends.
    await database?.close().catch((error: Error) => process.stderr.write(`Could not close the database: ${error.message}\n`));
  }
}
