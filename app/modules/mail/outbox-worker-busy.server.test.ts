import pino from "pino";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { createTestDatabase } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { enqueueMail } from "./outbox.server";
import { startOutboxWorker } from "./outbox-worker.server";
import type { MailTransport } from "./transport.server";

// The event loop stays busy (a registration rush): every wait for a quiet loop gives up.
// The worker waits after each round, so the sends between two waits are one round.
const rounds: number[] = [0];
vi.mock("./quiet-loop.server", () => ({
  waitForQuietLoop: async () => {
    rounds.push(0);
    return { waitedMs: 2_000, busy: true };
  },
}));

let database: DbConnection;
beforeAll(async () => {
  database = await createTestDatabase("pglite");
});
afterAll(async () => {
  await database?.close();
});

it("sends a few messages a round while the event loop stays busy, and every message still goes", async () => {
  for (let n = 0; n < 40; n++) {
    await enqueueMail(database.db, { to: `p${n}@example.com`, subject: "s", html: "<p>h</p>", text: "t", kind: "test" });
  }
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
  const worker = startOutboxWorker({ db: database.db, transport, log: pino({ level: "silent" }), pollMs: 10, batchSize: 25 });
  try {
    await vi.waitFor(() => expect(sent.size).toBe(40), { timeout: 10_000 });
  } finally {
    await worker.stop();
  }
  // The first round, before the loop was seen busy, is the whole batch; then five at a time.
  expect(rounds.filter((n) => n > 0)).toEqual([25, 5, 5, 5]);
});
