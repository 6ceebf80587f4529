import path from "node:path";
import readline from "node:readline";
import { parseArgs } from "node:util";
import type { DbConnection } from "~/db/client.server";
import { ADMIN_ROLES } from "~/db/schema";
import { MIN_PASSWORD_LENGTH } from "~/modules/auth/password.server";
import { emailSchema } from "~/modules/auth/schemas";
import type { AdminCommand } from "./admin-commands";

// The database layer is imported only once a command needs it: help and
// argument errors then answer without loading PGlite.
const loadDatabaseModules = () =>
  Promise.all([
    import("~/config.server"),
    import("~/db/client.server"),
    import("~/modules/auth/accounts.server"),
    import("./admin-commands"),
    import("./backup-socket"),
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

Uses the same database as the server: DATABASE_URL when set, else DATA_DIR/db. While the server
runs on the embedded database (DATA_DIR/db), the command is carried out by that server, asked over
its socket in DATA_DIR/run (the same user only).`;

/** A failure whose message is shown as is. */
class CliError extends Error {}
class Interrupted extends Error {}

type Role = (typeof ADMIN_ROLES)[number];

function parseCommand(argv: string[]): AdminCommand | "help" {
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
  if (!(ADMIN_ROLES as readonly string[]).includes(role)) throw new CliError(`Unknown role "${role}". Roles: ${ADMIN_ROLES.join(", ")}.`);
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

/**
 * Opens the server's database, or "held" when the running server holds the embedded one (a data
 * directory in use is never touched): the command then goes to that server over its socket.
 */
async function openConfiguredDatabase([{ getConfig }, { dbConnectionOptions, openDbConnection, DataDirLockedError }]: Modules): Promise<
  DbConnection | "held"
> {
  const options = dbConnectionOptions(getConfig());
  try {
    return await openDbConnection(options);
  } catch (error) {
    if (error instanceof DataDirLockedError && options.kind === "pglite") return "held";
    throw error;
  }
}

/** The command, carried out by the server that holds the embedded database; what it printed. */
async function runInServer(command: AdminCommand, [{ getConfig }, , accounts, , { requestAdminCommand, NoBackupServerError }]: Modules) {
  const { dataDir } = getConfig();
  try {
    const answer = await requestAdminCommand(dataDir, command, () => readNewPassword(accounts.assertPasswordLength));
    if (!answer.ok) throw new CliError(answer.error);
    return answer.output;
  } catch (error) {
    if (!(error instanceof NoBackupServerError)) throw error;
    throw new CliError(
      `Cannot open ${displayPath(path.join(dataDir, "db"))}: another admin command, or a server that takes no admin commands, ` +
        "is running on this data directory. Stop it first, or run this against DATABASE_URL.",
    );
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

/** Runs one command; the exit code it answers with (server/cli.js exits with it). */
export async function runAdminCli(argv: string[]): Promise<number> {
  let database: DbConnection | "held" | undefined;
  let modules: Modules | undefined;
  try {
    const command = parseCommand(argv);
    if (command === "help") {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    modules = await loadDatabaseModules();
    const [, , accounts, { runAdminCommand }] = modules;
    database = await openConfiguredDatabase(modules);
    const output =
      database === "held"
        ? await runInServer(command, modules)
        : await runAdminCommand(command, database, () => readNewPassword(accounts.assertPasswordLength));
    process.stdout.write(`${output}\n`);
    return 0;
  } catch (error) {
    if (error instanceof Interrupted) return 130;
    const known = error instanceof CliError || modules?.[3].isKnownFailure(error) === true;
    const message = (error as Error).message?.split("\n")[0] || String(error);
    process.stderr.write(known ? `${message}\n` : `Error: ${message}\n`);
    return 1;
  } finally {
    // Releases the data directory's lock before the process ends.
    if (database && database !== "held") {
      await database.close().catch((error: Error) => process.stderr.write(`Could not close the database: ${error.message}\n`));
    }
  }
}
