import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createPostgresDatabaseUrl } from "#tests/support/test-database.ts";
import { DataDirLockedError, openDbConnection, projectRoot } from "./client.server";
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

describe("migrations on PostgreSQL", () => {
  it("several instances starting together on a new database: one migrates, the others wait for it, all start", {
    timeout: 120_000,
  }, async () => {
    const url = await createPostgresDatabaseUrl();
    const results = await Promise.allSettled(Array.from({ length: 4 }, () => openDbConnection({ kind: "postgres", url, poolSize: 2 })));
    const opened = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
    try {
      expect(results.filter((r) => r.status === "rejected")).toEqual([]);
      const journal = JSON.parse(readFileSync(path.join(projectRoot(), "drizzle/meta/_journal.json"), "utf8")) as { entries: unknown[] };
      const applied = await opened[0]?.db.select({ n: sql<number>`count(*)::int` }).from(sql`drizzle.__drizzle_migrations`);
      expect(applied?.[0]?.n).toBe(journal.entries.length);
    } finally {
      await Promise.all(opened.map((database) => database.close()));
    }
  });
});
