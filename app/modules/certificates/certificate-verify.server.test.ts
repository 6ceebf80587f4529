import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { takeVerifySlot, VERIFY_CEILING } from "./certificate-verify.server";

// /verify is throttled per network, counted in the database so every server process shares it.
describe("the verification page's throttle", () => {
  let database: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
  });
  afterAll(async () => database?.close());

  it("takes 60 checks per 10 minutes from one network, then says when to come back; other networks are not held up", async () => {
    const now = new Date("2027-08-13T10:03:00Z");
    for (let i = 0; i < VERIFY_CEILING; i++) expect(await takeVerifySlot(database.db, "102.89.1.7", now)).toEqual({ ok: true });
    // Another address is another network; the next window starts afresh.
    expect(await takeVerifySlot(database.db, "102.89.1.7", now)).toEqual({ ok: false, retryAfter: 420 });
    expect(await takeVerifySlot(database.db, "102.89.1.8", now)).toEqual({ ok: true });
    expect(await takeVerifySlot(database.db, "102.89.1.7", new Date("2027-08-13T10:10:00Z"))).toEqual({ ok: true });
  });
});
