import { z } from "zod";
import type { DbConnection } from "~/db/client.server";
import { ADMIN_ROLES } from "~/db/schema";
import {
  AdminAccountError,
  assertPasswordLength,
  createAdmin,
  DuplicateAdminError,
  getAdminByEmail,
  listAdmins,
  removeAdmin,
  resetAdminPassword,
} from "~/modules/auth/accounts.server";
import { emailSchema } from "~/modules/auth/schemas";
import { resetTwoFactor } from "~/modules/auth/two-factor.server";
import type { AdminAnswer, AdminCommandHandler } from "./backup-socket";

// What `npm run admin` does to the accounts, given a database: in the command's own process when
// it can open the database, or inside the running server, asked over its socket
// (server/backup-socket.ts), when the server holds the embedded database. Either way the same code.

export const adminCommandSchema = z.discriminatedUnion("name", [
  z.object({ name: z.literal("add"), email: emailSchema, adminName: z.string().optional(), role: z.enum(ADMIN_ROLES) }),
  z.object({ name: z.literal("list") }),
  z.object({ name: z.enum(["remove", "reset-password", "reset-two-factor"]), email: emailSchema }),
]);
export type AdminCommand = z.infer<typeof adminCommandSchema>;

/** A failure whose message is shown to the operator as it is. */
export class AdminCommandError extends Error {}

/** A failure the operator can act on (its message says how), as opposed to a bug or an outage. */
export function isKnownFailure(error: unknown): error is Error {
  return error instanceof AdminCommandError || error instanceof AdminAccountError;
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

/**
 * Runs `command` on `database`; what to print. `newPassword` is asked only once the command knows
 * it will use one (an address already taken is refused before anyone types a password in vain).
 */
export async function runAdminCommand(command: AdminCommand, database: DbConnection, newPassword: () => Promise<string>): Promise<string> {
  const { db } = database;
  switch (command.name) {
    case "list": {
      const admins = await listAdmins(db);
      return admins.length === 0
        ? `No admin accounts yet. Add one with: npm run admin -- add <email> --name "<name>"`
        : formatTable(admins);
    }
    case "add": {
      // Checked before asking for a password; the unique index still decides.
      if (await getAdminByEmail(db, command.email)) throw new DuplicateAdminError(command.email);
      const admin = await createAdmin(db, {
        email: command.email,
        name: command.adminName,
        role: command.role,
        password: await newPassword(),
      });
      return admin.role === "checkin"
        ? `Added check-in account ${admin.email} (${admin.name}): it can use /admin/check-in and nothing else`
        : `Added admin ${admin.email} (${admin.name})`;
    }
    case "remove": {
      if (!(await removeAdmin(db, command.email)))
        throw new AdminCommandError(`No admin account for ${command.email}; nothing was removed.`);
      return `Removed admin ${command.email}; their sessions have ended.`;
    }
    case "reset-password": {
      const notFound = `No admin account for ${command.email}; no password was changed.`;
      if (!(await getAdminByEmail(db, command.email))) throw new AdminCommandError(notFound);
      if (!(await resetAdminPassword(db, command.email, await newPassword()))) throw new AdminCommandError(notFound);
      return `Reset the password of ${command.email}; they are signed out everywhere.`;
    }
    case "reset-two-factor": {
      if (!(await resetTwoFactor(db, command.email, CLI_ACTOR))) {
        throw new AdminCommandError(`No admin account for ${command.email}; nothing was changed.`);
      }
      return `Removed the second factor of ${command.email}; they are signed out everywhere. They sign in with their password next, and set up a new authenticator app on the Account security page (at once, when REQUIRE_TWO_FACTOR=organisers).`;
    }
  }
}

/**
 * The running server's side of `npm run admin` over its socket: `ask` gets the password from the
 * operator's terminal. Every failure becomes an answer, the way the command would print it.
 */
export function serveAdminCommands(database: DbConnection): AdminCommandHandler {
  return async (request, ask): Promise<AdminAnswer> => {
    try {
      const command = adminCommandSchema.parse(request);
      const output = await runAdminCommand(command, database, async () => {
        const password = await ask("password");
        assertPasswordLength(password);
        return password;
      });
      return { ok: true, output };
    } catch (error) {
      const message = (error as Error).message?.split("\n")[0] || String(error);
      return { ok: false, error: isKnownFailure(error) ? message : `Error: ${message}` };
    }
  };
}
