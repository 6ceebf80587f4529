import { asc, eq, type SQL } from "drizzle-orm";
import { type DbOrTx, pgConstraint, pgErrorCode } from "~/db/client.server";
import { type ADMIN_ROLES, admin_sessions, admin_users, emailEquals } from "~/db/schema";
import { DUMMY_PASSWORD_HASH, hashPassword, MIN_PASSWORD_LENGTH, verifyPassword } from "./password.server";
import { emailSchema } from "./schemas";

// Admin accounts are the allow-list: there is no sign-up, only
// these functions, reached from the command line (server/admin-cli.ts).

export type AdminRole = (typeof ADMIN_ROLES)[number];
/** An admin account as the rest of the app sees it: never the password hash. */
export type Admin = { id: string; email: string; name: string; role: AdminRole; created_at: Date };

export const DEFAULT_ADMIN_NAME = "Admin User";

/** Base class: its message is one line fit to show the operator as is. */
export class AdminAccountError extends Error {
  override name = "AdminAccountError";
}
export class InvalidAdminEmailError extends AdminAccountError {
  override name = "InvalidAdminEmailError";
  constructor(email: string) {
    super(`Not a valid e-mail address: ${JSON.stringify(email)}`);
  }
}
export class PasswordTooShortError extends AdminAccountError {
  override name = "PasswordTooShortError";
  constructor() {
    super(`The password must be at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
}
export class DuplicateAdminError extends AdminAccountError {
  override name = "DuplicateAdminError";
  constructor(email: string) {
    super(`An admin account for ${email} already exists.`);
  }
}

const adminColumns = {
  id: admin_users.id,
  email: admin_users.email,
  name: admin_users.name,
  role: admin_users.role,
  created_at: admin_users.created_at,
};

// The same expression as the admin_users_email_key index, so lookups use it.
const byEmail = (email: string): SQL => emailEquals(admin_users.email, email);

/** The trimmed, lower-cased e-mail; throws InvalidAdminEmailError. */
export function parseAdminEmail(email: string): string {
  const result = emailSchema.safeParse(email);
  if (!result.success) throw new InvalidAdminEmailError(email.trim());
  return result.data;
}

export function assertPasswordLength(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) throw new PasswordTooShortError();
}

export async function createAdmin(db: DbOrTx, input: { email: string; name?: string; password: string; role?: AdminRole }): Promise<Admin> {
  const email = parseAdminEmail(input.email);
  assertPasswordLength(input.password);
  const name = input.name?.trim() || DEFAULT_ADMIN_NAME;
  const password_hash = await hashPassword(input.password);
  try {
    const [row] = await db
      .insert(admin_users)
      .values({ email, name, password_hash, role: input.role ?? "organiser" })
      .returning(adminColumns);
    if (!row) throw new Error("admin insert returned no row");
    return row;
  } catch (error) {
    // The unique index decides, so two concurrent adds cannot both succeed.
    if (pgErrorCode(error) === "23505" && pgConstraint(error) === "admin_users_email_key") throw new DuplicateAdminError(email);
    throw error;
  }
}

export async function getAdminByEmail(db: DbOrTx, email: string): Promise<Admin | null> {
  const [row] = await db.select(adminColumns).from(admin_users).where(byEmail(email)).limit(1);
  return row ?? null;
}

export async function getAdminById(db: DbOrTx, id: string): Promise<Admin | null> {
  const [row] = await db.select(adminColumns).from(admin_users).where(eq(admin_users.id, id)).limit(1);
  return row ?? null;
}

/** All accounts, oldest first. */
export async function listAdmins(db: DbOrTx): Promise<Omit<Admin, "id">[]> {
  return db
    .select({ email: admin_users.email, name: admin_users.name, role: admin_users.role, created_at: admin_users.created_at })
    .from(admin_users)
    .orderBy(asc(admin_users.created_at), asc(admin_users.email));
}

/** Deletes the account and ends its sessions at once; false when no such account existed. */
export async function removeAdmin(db: DbOrTx, email: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [admin] = await tx.select({ id: admin_users.id }).from(admin_users).where(byEmail(email)).for("update");
    if (!admin) return false;
    // Explicit rather than left to the foreign key's cascade: ending the sessions is the point.
    await tx.delete(admin_sessions).where(eq(admin_sessions.admin_id, admin.id));
    await tx.delete(admin_users).where(eq(admin_users.id, admin.id));
    return true;
  });
}

/** Sets a new password and ends every session of the account (a reset logs out other devices); false when unknown. */
export async function resetAdminPassword(db: DbOrTx, email: string, password: string): Promise<boolean> {
  assertPasswordLength(password);
  const password_hash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [admin] = await tx
      .update(admin_users)
      .set({ password_hash, updated_at: new Date() })
      .where(byEmail(email))
      .returning({ id: admin_users.id });
    if (!admin) return false;
    await tx.delete(admin_sessions).where(eq(admin_sessions.admin_id, admin.id));
    return true;
  });
}

/** The account when e-mail and password match, else null; an unknown e-mail costs as much time as a wrong password. */
export async function verifyAdminCredentials(db: DbOrTx, email: string, password: string): Promise<Admin | null> {
  const [row] = await db
    .select({ ...adminColumns, password_hash: admin_users.password_hash })
    .from(admin_users)
    .where(byEmail(email))
    .limit(1);
  if (!row) {
    await verifyPassword(DUMMY_PASSWORD_HASH, password);
    return null;
  }
  if (!(await verifyPassword(row.password_hash, password))) return null;
  const { password_hash: _, ...admin } = row;
  return admin;
}
