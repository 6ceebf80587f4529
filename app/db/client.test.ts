import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DataDirLockedError, openDbConnection } from "./client.server";
import { createAttendee } from "./factories";
import { attendees } from "./schema";

describe("embedded database in a data directory", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "summit-db-"));
  const dbDir = path.join(dir, "nested", "db");
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("creates missing parents, keeps data across a restart, and refuses a second process while open", { timeout: 120_000 }, async () => {
    const first = await openDbConnection({ kind: "pglite", dir: dbDir });
    const row = await createAttendee(first.db, { full_name: "Persisted Person" });
    await expect(openDbConnection({ kind: "pglite", dir: dbDir })).rejects.toBeInstanceOf(DataDirLockedError);
    await first.close();

    const reopened = await openDbConnection({ kind: "pglite", dir: dbDir });
    try {
      const rows = await reopened.db.select().from(attendees);
      expect(rows.map((r) => r.id)).toEqual([row.id]);
    } finally {
      await reopened.close();
    }
  });
});
