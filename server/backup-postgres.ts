import { spawn } from "node:child_process";
import type { FileHandle } from "node:fs/promises";
import pg from "pg";

// With DATABASE_URL, backups are PostgreSQL's own: pg_dump's custom format, restored with
// pg_restore. PostgreSQL serves many sessions, so pg_dump copies a consistent snapshot while the
// servers run; nothing of the site is involved but the sessions cleared after a restore.

/** pg_dump or pg_restore is not installed (not on PATH). */
export class MissingToolError extends Error {}

/** The target database already holds tables. */
export class NotEmptyDatabaseError extends Error {}

/**
 * The URL without its password, which goes in PGPASSWORD instead: a command line is visible to
 * every user of the machine (ps), the environment only to the process's owner.
 */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return { dbname: parsed.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

function run(tool: string, args: string[], env: NodeJS.ProcessEnv, stdout: number | "ignore"): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ["ignore", stdout, "pipe"] });
    let stderr = "";
    child.stderr?.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", (error: NodeJS.ErrnoException) =>
      reject(error.code === "ENOENT" ? new MissingToolError(`${tool} is not installed (or not on PATH).`) : error),
    );
    child.on("close", (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${tool} failed (exit ${code}): ${stderr.trim().split("\n").slice(-3).join(" ")}`));
    });
  });
}

/** pg_dump --format=custom of the whole database into the open file. */
export async function dumpPostgres(url: string, file: FileHandle): Promise<void> {
  const { dbname, env } = connection(url);
  await run("pg_dump", ["--format=custom", `--dbname=${dbname}`], env, file.fd);
}

export type PostgresRestoreSummary = { attendees: number; admins: number; sessionsEnded: number };

/**
 * pg_restore into an empty database (a new one: createdb), in one transaction, then ends every
 * admin session, as a restore of the embedded database does.
 */
export async function restorePostgres(url: string, file: string): Promise<PostgresRestoreSummary> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
    );
    if ((rows[0]?.n ?? 0) > 0) {
      throw new NotEmptyDatabaseError(
        "The database in DATABASE_URL is not empty: restore into a new database (createdb) and point DATABASE_URL at it.",
      );
    }
    const { dbname, env } = connection(url);
    await run(
      "pg_restore",
      ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", `--dbname=${dbname}`, file],
      env,
      "ignore",
    );
    const ended = await client.query("delete from admin_sessions");
    const counts = await client.query<{ attendees: number; admins: number }>(
      "select (select count(*)::int from attendees) as attendees, (select count(*)::int from admin_users) as admins",
    );
    const row = counts.rows[0] ?? { attendees: 0, admins: 0 };
    return { attendees: row.attendees, admins: row.admins, sessionsEnded: ended.rowCount ?? 0 };
  } finally {
    await client.end();
  }
}

/** What to run by hand when pg_dump is not installed here (e.g. PostgreSQL on another machine). */
export const POSTGRES_INSTRUCTIONS = `With DATABASE_URL, back up and restore with PostgreSQL's own tools (package postgresql-client):

  pg_dump --format=custom --file=summit.dump "$DATABASE_URL"
  createdb summit_restored
  pg_restore --no-owner --no-privileges --exit-on-error --single-transaction --dbname=<URL of summit_restored> summit.dump
  psql <URL of summit_restored> -c 'delete from admin_sessions'

pg_dump copies a consistent snapshot while the servers run. See docs/OPERATORS.md, "Running it for real".
The container image has no pg_dump: with compose.yaml, use the postgres container's own, which
matches the server's version (docs/OPERATORS.md, "Deploy with containers"):

  docker compose exec -T postgres pg_dump --format=custom -U summit summit > summit.dump`;
