import { sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from "vitest";
import { createTestDatabase } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { mail_outbox } from "~/db/schema";
import { enqueueMail } from "./outbox.server";
import { GIVE_WAY_AT_MOST_MS, startOutboxWorker } from "./outbox-worker.server";
import type { MailTransport } from "./transport.server";

// The event loop stays busy (a registration rush): every wait for a quiet loop gives up.
// The worker waits after each round while its mail is on time, so the sends between two
// waits are one round; each wait is noted with how long the worker offered to wait.
const rounds: number[] = [0];
const offered: number[] = [];
vi.mock("./quiet-loop.server", () => ({
  waitForQuietLoop: async ({ maxWaitMs }: { maxWaitMs: number }) => {
    rounds.push(0);
    offered.push(maxWaitMs);
    return { waitedMs: maxWaitMs, busy: true };
  },
}));

let database: DbConnection;
beforeAll(async () => {
  database = await createTestDatabase("pglite");
});
afterAll(async () => {
  await database?.close();
});
beforeEach(() => {
  rounds.splice(0, rounds.length, 0);
  offered.splice(0);
});
afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * Queues `count` messages, all due at one moment; stops the clock `lateMs` after it (the
 * embedded database reads the same clock, so the mail stays due); runs a worker until all of
 * them are sent. Returns the sizes of its rounds.
 */
async function sendAll(count: number, lateMs: number, ownThread = false): Promise<number[]> {
  const ids = new Set<string>();
  for (let n = 0; n < count; n++) {
    ids.add(await enqueueMail(database.db, { to: `p${n}@example.com`, subject: "s", html: "<p>h</p>", text: "t", kind: "test" }));
  }
  const [due] = await database.db.update(mail_outbox).set({ next_attempt_at: sql`now()` }).returning({ at: mail_outbox.next_attempt_at });
  vi.spyOn(Date, "now").mockReturnValue(due!.at.getTime() + lateMs);
  const sent = new Set<string>();
  const transport: MailTransport = {
    kind: "smtp",
    send: async (message) => {
      rounds[rounds.length - 1]! += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      sent.add(message.id);
      return { messageId: `<${message.id}@test>` };
    },
    close: () => {},
  };
  const worker = startOutboxWorker({ db: database.db, transport, log: pino({ level: "silent" }), pollMs: 10, batchSize: 25, ownThread });
  try {
    await vi.waitFor(() => expect([...ids].every((id) => sent.has(id))).toBe(true), { timeout: 10_000 });
  } finally {
    await worker.stop();
  }
  return rounds.filter((n) => n > 0);
}

it("gives way to a busy event loop while its mail is on time: a few messages a round, and every message still goes", async () => {
  // The first round, before the loop was seen busy, is the whole batch; then five at a time.
  expect(await sendAll(40, 0)).toEqual([25, 5, 5, 5]);
  // Each wait offers the whole time the mail can spare.
  expect(offered).toEqual([GIVE_WAY_AT_MOST_MS, GIVE_WAY_AT_MOST_MS, GIVE_WAY_AT_MOST_MS, GIVE_WAY_AT_MOST_MS]);
});

it("gives way only for the time its mail can spare", async () => {
  expect(await sendAll(10, GIVE_WAY_AT_MOST_MS - 400)).toEqual([10]);
  expect(offered).toEqual([400]);
});

it("stops giving way once its mail is late: whole batches without waiting for a quiet loop", async () => {
  // All forty in a row: two rounds (25 and 15) with no wait for the loop between them.
  expect(await sendAll(40, GIVE_WAY_AT_MOST_MS)).toEqual([40]);
  expect(offered).toEqual([]);
});

it("in a thread of its own, never looks at its event loop: no requests share it", async () => {
  expect(await sendAll(40, 0, true)).toEqual([40]);
  expect(offered).toEqual([]);
});
