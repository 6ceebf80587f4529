import type { Db } from "~/db/client.server";

// The app's database, replaced by one a test made (route tests that call loaders and actions as
// React Router does): `vi.mock("~/db/db.server", () => import("#tests/support/held-db.ts"))`,
// then `heldDb.db = await createTestDatabase(…)`.

export const heldDb: { db?: Db } = {};

export const getDb = async () => heldDb.db;

export const getDbConnection = async () => ({ db: heldDb.db, kind: "memory", close: async () => {} });
