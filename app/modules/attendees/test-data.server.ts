import { randomBytes } from "node:crypto";
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
