import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hostileString } from "#tests/support/hostile-input.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { listAdmins } from "~/modules/auth/accounts.server";
import { serveAdminCommands } from "./admin-commands";

// What the running server does with what arrives on its socket as an admin command: only the
// commands the CLI can send are carried out; anything else is refused as an answer, never thrown.

describe("serveAdminCommands", () => {
  let database: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
  });
  afterAll(() => database.close());

  let asks = 0;
  const neverAsked = async (): Promise<string> => {
    asks++;
    throw new Error("asked for a password");
  };

  it("refuses requests that are not a command the CLI sends, without asking for a password or writing", async () => {
    const serve = serveAdminCommands(database);
    const requests: unknown[] = [
      null,
      "add",
      [],
      { name: "drop" },
      { name: "add", email: "ada@example.org", role: "root" },
      { name: "add", email: "A<victim@example.com>", role: "organiser" },
      { name: "add", email: "ada@example.org" },
      { name: "remove" },
      { name: "reset-password", email: "ada@example.org\u0000" },
    ];
    for (const request of requests) {
      expect(await serve(request, neverAsked), JSON.stringify(request)).toEqual({ ok: false, error: expect.stringMatching(/^Error: /) });
    }
    // Hostile text where the address goes: refused before any password is asked for.
    for (const email of fc.sample(hostileString, { numRuns: 50, seed: 42 })) {
      expect((await serve({ name: "reset-password", email }, neverAsked)).ok).toBe(false);
    }
    expect(asks, "passwords asked for").toBe(0);
    expect(await listAdmins(database.db)).toEqual([]);
  });

  it("asks for the password only once the command needs one, and answers a short one with the CLI's message", async () => {
    const serve = serveAdminCommands(database);
    const asked: string[] = [];
    const answer = await serve({ name: "add", email: "bo@example.org", role: "organiser" }, async (question) => {
      asked.push(question);
      return "short";
    });
    expect(asked).toEqual(["password"]);
    expect(answer).toEqual({ ok: false, error: expect.stringMatching(/at least \d+ characters/) });
    expect(await serve({ name: "remove", email: "nobody@example.org" }, neverAsked)).toEqual({
      ok: false,
      error: "No admin account for nobody@example.org; nothing was removed.",
    });
    expect(asks, "passwords asked for").toBe(0);
  });
});
