import { randomBytes } from "node:crypto";
import { parseOptions } from "@node-rs/argon2";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection, DbOrTx } from "~/db/client.server";
import { admin_sessions, admin_users } from "~/db/schema";
import {
  createAdmin,
  DuplicateAdminError,
  getAdminByEmail,
  InvalidAdminEmailError,
  listAdmins,
  PasswordTooShortError,
  removeAdmin,
  resetAdminPassword,
  verifyAdminCredentials,
} from "./accounts.server";
import * as password from "./password.server";
import { emailSchema, loginSchema } from "./schemas";

// Wraps verifyPassword so a test can see that an unknown e-mail still pays for a hash check.
vi.mock("./password.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("./password.server")>();
  return { ...actual, verifyPassword: vi.fn(actual.verifyPassword) };
});

const PASSWORD = "correct horse battery";
const unique = () => `admin-${randomBytes(4).toString("hex")}@example.org`;

async function addSession(db: DbOrTx, adminId: string) {
  await db
    .insert(admin_sessions)
    .values({ id: randomBytes(16).toString("hex"), admin_id: adminId, expires_at: new Date(Date.now() + 3_600_000) });
}

async function sessionCount(db: DbOrTx, adminId: string) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(admin_sessions).where(eq(admin_sessions.admin_id, adminId));
  return row?.n ?? 0;
}

describe("password hashing", () => {
  it("hashes with argon2id; the dummy hash has the same cost as real ones", async () => {
    const hash = await password.hashPassword(PASSWORD);
    expect(hash.startsWith("$argon2id$")).toBe(true);
    expect(parseOptions(password.DUMMY_PASSWORD_HASH)).toEqual(parseOptions(hash));
    expect(await password.verifyPassword(hash, PASSWORD)).toBe(true);
    expect(await password.verifyPassword(hash, `${PASSWORD}!`)).toBe(false);
    expect(await password.verifyPassword("not a hash", PASSWORD)).toBe(false);
    expect(password.MIN_PASSWORD_LENGTH).toBe(12);
  });
});

describe("e-mail schemas", () => {
  it("trims and lower-cases, and refuses what does not look like an e-mail with the spec's messages", () => {
    expect(emailSchema.parse("  Ada@Example.ORG ")).toBe("ada@example.org");
    expect(emailSchema.safeParse("").error?.issues[0]?.message).toBe("Email address is required");
    for (const bad of ["ada", "ada@example", "a da@example.org", "@example.org"]) {
      expect(emailSchema.safeParse(bad).error?.issues[0]?.message).toBe("Please enter a valid email address");
    }
    expect(loginSchema.safeParse({ email: "ada@example.org", password: "" }).success).toBe(false);
    expect(loginSchema.parse({ email: " ADA@example.org", password: "x" })).toEqual({ email: "ada@example.org", password: "x" });
  });
});

describe.each(DATABASE_KINDS)("admin accounts on %s", (kind) => {
  let database: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("creates an account with a normalised e-mail, a default name and a hashed password", async () => {
    const email = unique();
    const admin = await createAdmin(database.db, { email: `  ${email.toUpperCase()} `, password: PASSWORD });
    expect(admin).toEqual({ id: expect.any(String), email, name: "Admin User", role: "organiser", created_at: expect.any(Date) });
    const [row] = await database.db.select().from(admin_users).where(eq(admin_users.id, admin.id));
    expect(row?.password_hash).toMatch(/^\$argon2id\$/);
    expect(row?.password_hash).not.toContain(PASSWORD);

    const named = await createAdmin(database.db, { email: unique(), name: "  Ada Lovelace ", password: PASSWORD });
    expect(named.name).toBe("Ada Lovelace");
  });

  it("refuses a duplicate e-mail in another case, a short password and an invalid e-mail", async () => {
    const email = unique();
    await createAdmin(database.db, { email, password: PASSWORD });
    await expect(createAdmin(database.db, { email: ` ${email.toUpperCase()}`, password: PASSWORD })).rejects.toBeInstanceOf(
      DuplicateAdminError,
    );
    await expect(createAdmin(database.db, { email: unique(), password: "eleven char" })).rejects.toBeInstanceOf(PasswordTooShortError);
    await expect(createAdmin(database.db, { email: "not an e-mail", password: PASSWORD })).rejects.toBeInstanceOf(InvalidAdminEmailError);
    // The failed adds left nothing behind.
    const rows = await database.db.select({ email: admin_users.email }).from(admin_users).where(eq(admin_users.email, email));
    expect(rows).toHaveLength(1);
  });

  it("lists accounts oldest first without password hashes", async () => {
    const first = await createAdmin(database.db, { email: unique(), name: "First", password: PASSWORD });
    const second = await createAdmin(database.db, { email: unique(), name: "Second", password: PASSWORD });
    const admins = await listAdmins(database.db);
    const emails = admins.map((a) => a.email);
    expect(emails.indexOf(first.email)).toBeLessThan(emails.indexOf(second.email));
    expect(admins.find((a) => a.email === second.email)).toEqual({
      email: second.email,
      name: "Second",
      role: "organiser",
      created_at: expect.any(Date),
    });
    expect(JSON.stringify(admins)).not.toContain("argon2");
  });

  it("verifies credentials: the account for the right password, null otherwise", async () => {
    const email = unique();
    const admin = await createAdmin(database.db, { email, name: "Ada", password: PASSWORD });
    expect(await verifyAdminCredentials(database.db, ` ${email.toUpperCase()} `, PASSWORD)).toEqual(admin);
    expect(await verifyAdminCredentials(database.db, email, "wrong password!")).toBeNull();
    expect(await verifyAdminCredentials(database.db, email, "")).toBeNull();
  });

  it("still runs a hash check against the dummy hash when the e-mail is unknown", async () => {
    const verify = vi.mocked(password.verifyPassword);
    verify.mockClear();
    expect(await verifyAdminCredentials(database.db, unique(), PASSWORD)).toBeNull();
    expect(verify).toHaveBeenCalledTimes(1);
    expect(verify).toHaveBeenCalledWith(password.DUMMY_PASSWORD_HASH, PASSWORD);
  });

  it("removes an account and its sessions; false for an unknown one", async () => {
    const admin = await createAdmin(database.db, { email: unique(), password: PASSWORD });
    const other = await createAdmin(database.db, { email: unique(), password: PASSWORD });
    await addSession(database.db, admin.id);
    await addSession(database.db, admin.id);
    await addSession(database.db, other.id);

    expect(await removeAdmin(database.db, admin.email.toUpperCase())).toBe(true);
    expect(await getAdminByEmail(database.db, admin.email)).toBeNull();
    expect(await sessionCount(database.db, admin.id)).toBe(0);
    expect(await sessionCount(database.db, other.id)).toBe(1);
    expect(await removeAdmin(database.db, admin.email)).toBe(false);
  });

  it("resets a password and ends that account's sessions only; false for an unknown one", async () => {
    const admin = await createAdmin(database.db, { email: unique(), password: PASSWORD });
    const other = await createAdmin(database.db, { email: unique(), password: PASSWORD });
    await addSession(database.db, admin.id);
    await addSession(database.db, other.id);

    expect(await resetAdminPassword(database.db, admin.email, "a brand new password")).toBe(true);
    expect(await verifyAdminCredentials(database.db, admin.email, "a brand new password")).toEqual(admin);
    expect(await verifyAdminCredentials(database.db, admin.email, PASSWORD)).toBeNull();
    expect(await sessionCount(database.db, admin.id)).toBe(0);
    expect(await sessionCount(database.db, other.id)).toBe(1);

    await expect(resetAdminPassword(database.db, admin.email, "short")).rejects.toBeInstanceOf(PasswordTooShortError);
    expect(await resetAdminPassword(database.db, unique(), "a brand new password")).toBe(false);
  });
});
