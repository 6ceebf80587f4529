import { createServer, type Server, type Socket } from "node:net";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PostgresServer, startPostgres } from "#tests/support/postgres-server.ts";
import { type DbConnection, openDbConnection } from "./client.server";
import { attendeeValues } from "./factories";
import { createPostgresPool } from "./postgres-pool.server";
import { attendees, mail_outbox } from "./schema";

// PostgreSQL of its own, stopped and started again under an open connection: the shared
// test server cannot be. Any unhandled 'error' event would end this test process, which
// vitest reports as a failure: surviving the stop is the first thing these tests check.

const until = async (condition: () => boolean, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe("the PostgreSQL pool when PostgreSQL stops and starts again", () => {
  let server: PostgresServer;
  let database: DbConnection;
  beforeAll(async () => {
    server = await startPostgres();
    database = await openDbConnection({ kind: "postgres", url: server.url, poolSize: 4 });
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    server?.stop();
  });

  it("survives, fails fast while away, and works again by itself; a transaction cut off leaves nothing", { timeout: 60_000 }, async () => {
    const { db, availability } = database;
    // Idle connections in the pool, and one inside a transaction that is between statements.
    await Promise.all([1, 2, 3].map(() => db.execute(sql`select pg_sleep(0.05)`)));
    const email = `half-saved-${Date.now()}@example.com`;
    const person = attendeeValues({ full_name: "Half Saved", email });
    let cut: () => void = () => {};
    const paused = new Promise<void>((resolve) => {
      cut = resolve;
    });
    let inside: () => void = () => {};
    const entered = new Promise<void>((resolve) => {
      inside = resolve;
    });
    const transaction = db.transaction(async (tx) => {
      await tx.insert(attendees).values(person);
      inside();
      await paused;
      await tx.insert(mail_outbox).values({ to_address: email, subject: "Ticket", html: "", text: "", kind: "ticket" });
    });
    await entered;

    server.shutDown();
    cut();
    await expect(transaction).rejects.toThrow();
    await until(() => availability?.isDown() === true, 2_000);

    // Away: a query fails at once (nothing listens), with the error the tracker knows.
    const started = performance.now();
    await expect(db.execute(sql`select 1`)).rejects.toThrow();
    expect(performance.now() - started).toBeLessThan(1_000);

    server.startAgain();
    const back = performance.now();
    await until(() => availability?.isDown() === false, 5_000);
    expect(performance.now() - back).toBeLessThan(5_000);
    await db.execute(sql`select 1`);
    expect(await db.select().from(attendees).where(eq(attendees.email, email))).toEqual([]);
    expect(await db.select().from(mail_outbox).where(eq(mail_outbox.to_address, email))).toEqual([]);
  });
});

describe("the PostgreSQL pool against a host that accepts and then says nothing", () => {
  let silent: Server;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it("gives up connecting after the connect timeout and marks the database down", { timeout: 30_000 }, async () => {
    const address = silent.address();
    const port = typeof address === "object" && address ? address.port : 0;
    const { pool, availability } = createPostgresPool(`postgres://postgres@127.0.0.1:${port}/postgres`, 2);
    try {
      const started = performance.now();
      await expect(pool.query("select 1")).rejects.toThrow("timeout expired");
      const took = performance.now() - started;
      expect(took).toBeGreaterThan(4_000);
      expect(took).toBeLessThan(8_000);
      expect(availability.isDown()).toBe(true);
    } finally {
      availability.close();
      await pool.end();
    }
  });
});
