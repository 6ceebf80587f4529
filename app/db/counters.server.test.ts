import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "./client.server";
import { countHit, countHitsAcross, sweepCounters } from "./counters.server";
import { rate_counters } from "./schema";

const MINUTE = 60_000;

describe.each(DATABASE_KINDS)("rate counters on %s", (kind) => {
  let database: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.close());
  beforeEach(async () => {
    await database.db.delete(rate_counters);
  });

  it("counts several keys in their own windows in one call, each hit once", async () => {
    const { db } = database;
    const at = new Date("2026-11-29T10:00:10.000Z");
    const hits = [
      { key: "reg:net:2001:db8:1::/64", windowMs: MINUTE, sliding: true },
      { key: "reg:domain:gmail.com", windowMs: 10 * MINUTE },
      { key: "reg:all", windowMs: MINUTE },
    ];
    expect(await countHitsAcross(db, hits, at)).toEqual([1, 1, 1]);
    expect(await countHitsAcross(db, hits, at)).toEqual([2, 2, 2]);
    // The single-key counter sees the same rows.
    expect(await countHit(db, "reg:all", MINUTE, at)).toBe(3);
    // A key named twice is counted once (an upsert may not touch a row twice in one statement).
    expect(await countHitsAcross(db, [hits[2]!, hits[2]!], at)).toEqual([4, 4]);
  });

  it("slides: the previous window still counts for the part of it within a minute of now", async () => {
    const { db } = database;
    const key = "reg:net:ƙ-ɗ-ʼ-network";
    const sliding = [{ key, windowMs: MINUTE, sliding: true }];
    const fixed = [{ key, windowMs: MINUTE }];
    const previousMinute = new Date("2026-11-29T10:00:30.000Z");
    for (let i = 0; i < 10; i++) await countHitsAcross(db, fixed, previousMinute);
    // 15 s into the next minute: 45 s of the previous one are within a minute, 3/4 of its 10.
    const next = new Date("2026-11-29T10:01:15.000Z");
    expect(await countHitsAcross(db, sliding, next)).toEqual([1 + Math.ceil(10 * 0.75)]);
    // A fixed window starts again from nothing.
    expect(await countHitsAcross(db, [{ key: "other", windowMs: MINUTE }], next)).toEqual([1]);
    // A minute on, only the one hit of 10:01 is the previous window: the ten of 10:00 are out of reach.
    expect(await countHitsAcross(db, sliding, new Date("2026-11-29T10:02:15.000Z"))).toEqual([1 + Math.ceil(1 * 0.75)]);
    await sweepCounters(db, MINUTE, new Date("2026-11-29T10:05:00.000Z"));
    expect(await db.select().from(rate_counters)).toEqual([]);
  });

  it("counts exactly when many posts count the same keys at once", async () => {
    const { db } = database;
    const at = new Date("2026-11-29T11:00:00.000Z");
    const hits = [
      { key: "reg:all", windowMs: MINUTE },
      { key: "reg:net:10.0.0.1", windowMs: MINUTE, sliding: true },
    ];
    const all = await Promise.all(Array.from({ length: 25 }, () => countHitsAcross(db, hits, at)));
    expect(all.map(([overall]) => overall).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(await countHitsAcross(db, [], at)).toEqual([]);
  });
});
