import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { admin_users } from "~/db/schema";
import type { AuditActor } from "~/modules/audit/audit.server";

// Test helpers of this module (not app code): an admin to act as, without the cost of hashing a password.
export async function createTestActor(db: DbOrTx): Promise<AuditActor & { name: string }> {
  const email = `admin-${randomBytes(4).toString("hex")}@example.org`;
  const [row] = await db
    .insert(admin_users)
    .values({ email, name: "Test Admin", password_hash: "not-a-real-hash" })
    .returning({ id: admin_users.id, email: admin_users.email, name: admin_users.name });
  if (!row) throw new Error("admin insert returned no row");
  return row;
}

/** The tables with a row that mentions `needle` anywhere (any column, any case): where a person's data could hide. */
export async function tablesMentioning(db: DbOrTx, needle: string): Promise<string[]> {
  const tables = (await db.execute(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  )) as unknown as { rows: { name: string }[] };
  const found: string[] = [];
  for (const { name } of tables.rows) {
    const hits = (await db.execute(
      sql`select count(*)::int as n from ${sql.identifier(name)} t where position(lower(${needle}) in lower(t::text)) > 0`,
    )) as unknown as { rows: { n: number }[] };
    if ((hits.rows[0]?.n ?? 0) > 0) found.push(name);
  }
  return found;
}
