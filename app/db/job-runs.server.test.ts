import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "./client.server";
import { forgetJobs, jobDoneFor, markJobDone } from "./job-runs.server";
import { job_runs } from "./schema";

describe.each(DATABASE_KINDS)("job runs on %s", (kind) => {
  let database: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.close());
  beforeEach(async () => {
    await database.db.delete(job_runs);
  });

  it("claims a job's date once, however many transactions mark it at the same time", async () => {
    const { db } = database;
    expect(await jobDoneFor(db, "auto-reminder", "2026-12-24")).toBe(false);
    const claims = await Promise.all([1, 2, 3].map(() => db.transaction((tx) => markJobDone(tx, "auto-reminder", "2026-12-24"))));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await jobDoneFor(db, "auto-reminder", "2026-12-24")).toBe(true);
    // Another job's record is its own.
    expect(await jobDoneFor(db, "auto-certificates", "2026-12-24")).toBe(false);
  });

  it("remembers the date the job last ran for: an event moved away and back runs it again", async () => {
    const { db } = database;
    await markJobDone(db, "auto-reminder", "2026-12-24");
    await markJobDone(db, "auto-reminder", "2027-01-10");
    expect(await jobDoneFor(db, "auto-reminder", "2027-01-10")).toBe(true);
    expect(await jobDoneFor(db, "auto-reminder", "2026-12-24")).toBe(false);
  });

  it("forgets only the jobs named", async () => {
    const { db } = database;
    await markJobDone(db, "auto-reminder", "2026-12-24");
    await markJobDone(db, "personal-data-purge", "2026-12-24");
    await markJobDone(db, "auto-certificates", "2026-12-24");
    await db.transaction((tx) => forgetJobs(tx, ["auto-reminder", "personal-data-purge"]));
    expect(await db.select({ job: job_runs.job }).from(job_runs)).toEqual([{ job: "auto-certificates" }]);
  });
});
