import { types } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite } from "./pglite-client.server";

describe("PGlite with Drizzle's parsers given once", () => {
  let opened: Awaited<ReturnType<typeof openPglite>>;
  beforeAll(async () => {
    opened = await openPglite({});
    await opened.raw.exec("create table t (at timestamptz, day date, n numeric, span interval, label text)");
    await opened.raw.exec("insert into t values ('2026-08-12 09:30:00+01', '2026-08-12', 1.50, '2 hours', 'Gusau ɗ ƙ ƴ ɓ ʼ')");
  });
  afterAll(() => opened.raw.close());

  it("gives Drizzle the rows its own per-query parsers gave: dates and times as PostgreSQL wrote them", async () => {
    const db = drizzle(opened.client);
    const result = (await db.execute(sql`select at, day, span, label from t`)) as unknown as { rows: Record<string, unknown>[] };
    expect(result.rows).toEqual([{ at: "2026-08-12 08:30:00+00", day: "2026-08-12", span: "02:00:00", label: "Gusau ɗ ƙ ƴ ɓ ʼ" }]);
  });

  it("works the same inside a transaction, and a rollback still rolls back", async () => {
    const db = drizzle(opened.client);
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into t (label) values ('kept?')`);
        const rows = (await tx.execute(sql`select count(*)::int as n from t`)) as unknown as { rows: { n: number }[] };
        expect(rows.rows[0]?.n).toBe(2);
        throw new Error("undo");
      }),
    ).rejects.toThrow("undo");
    const after = (await db.execute(sql`select count(*)::int as n from t`)) as unknown as { rows: { n: number }[] };
    expect(after.rows[0]?.n).toBe(1);
  });

  it("keeps a caller's own parsers for other types", async () => {
    const result = await opened.client.query<{ label: string }>("select label from t", [], {
      parsers: { [types.TEXT]: (value: string) => value.toUpperCase() },
    });
    expect(result.rows).toEqual([{ label: "GUSAU Ɗ Ƙ Ƴ Ɓ ʼ" }]);
  });
});
