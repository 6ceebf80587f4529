import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { mail_outbox } from "~/db/schema";
import { defineMessage, MessageDataError, messageRegistry, queueMessage, renderMessage } from "./message-registry.server";
import { adoptOutboxWorker } from "./outbox-wake.server";

// The registry and queuing: data checked when queued and when rendered, a message refused on a
// channel it lacks, an unknown name refused; and the worker woken only after the commit.

const greeting = defineMessage({ name: "test-greeting", data: z.object({ name: z.string() }), channels: ["email", "sms"] });
const emailOnly = defineMessage({ name: "test-email-only", data: z.object({}), channels: ["email"] });
const registry = messageRegistry([
  renderMessage(greeting, {
    email: async (_db, { name }) => ({ subject: `Hello ${name}`, html: `<p>Hello ${name}</p>`, text: `Hello ${name}` }),
    sms: async (_db, { name }, { publicUrl }) => `Hello ${name}, ${publicUrl}`,
  }),
  renderMessage(emailOnly, { email: async () => ({ subject: "s", html: "h", text: "t" }) }),
]);
const CONTEXT = { publicUrl: "https://summit.example", secret: "s".repeat(64) };
const row = (template: string | null, channel: "email" | "sms", data: Record<string, unknown> | null) => ({
  template,
  channel,
  template_data: data,
  attendee_id: null,
  subject: "",
});

describe.each(DATABASE_KINDS)("messages on %s", (kind) => {
  let database: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database.close();
  });

  it("renders a row by its name and channel, and refuses an unknown name or data that does not fit", async () => {
    const render = registry.renderer(database.db, CONTEXT);
    expect(await render(row("test-greeting", "email", { name: "Amina" }))).toMatchObject({ subject: "Hello Amina" });
    // An SMS's text is also its subject (what the admin lists).
    expect(await render(row("test-greeting", "sms", { name: "Amina" }))).toEqual({
      subject: "Hello Amina, https://summit.example",
      html: "",
      text: "Hello Amina, https://summit.example",
    });
    await expect(render(row("no-such-message", "email", {}))).rejects.toThrow(/unknown mail template "no-such-message"/);
    await expect(render(row(null, "email", {}))).rejects.toThrow(/unknown mail template/);
    await expect(render(row("test-greeting", "email", { name: 42 }))).rejects.toThrow(/stored data does not fit/);
    await expect(render(row("test-email-only", "sms", {}))).rejects.toThrow(/no SMS renderer/);
  });

  it("refuses two messages of one name", () => {
    const twice = renderMessage(emailOnly, { email: async () => ({ subject: "", html: "", text: "" }) });
    expect(() => messageRegistry([twice, twice])).toThrow(/two messages are named "test-email-only"/);
  });

  it("checks the data when it is queued, and a message only on its own channels", async () => {
    const envelope = { to: "amina@example.org", subject: "Hi", kind: "test" };
    // @ts-expect-error the schema wants a string
    await expect(queueMessage(database.db, greeting, "email", { name: 42 }, envelope)).rejects.toBeInstanceOf(MessageDataError);
    // @ts-expect-error the schema wants a name
    await expect(queueMessage(database.db, greeting, "email", {}, envelope)).rejects.toThrow(/"test-greeting" queued with bad data/);
    // @ts-expect-error this message has no SMS
    await expect(queueMessage(database.db, emailOnly, "sms", {}, { to: "+2348031234567", kind: "test" })).rejects.toThrow(
      /does not go by sms/,
    );
    const rows = await database.db.select().from(mail_outbox).where(eq(mail_outbox.kind, "test"));
    expect(rows).toEqual([]);
    const id = await queueMessage(database.db, greeting, "sms", { name: "Amina" }, { to: "+2348031234567", kind: "test" });
    const [queued] = await database.db.select().from(mail_outbox).where(eq(mail_outbox.id, id));
    expect(queued).toMatchObject({ channel: "sms", template: "test-greeting", template_data: { name: "Amina" }, status: "pending" });
  });

  it("wakes the worker once the transaction commits, and never for one rolled back", async () => {
    let kicks = 0;
    const release = adoptOutboxWorker({ kick: () => kicks++ });
    try {
      const envelope = { to: "amina@example.org", subject: "Hi", kind: "test-wake" };
      await database.db.transaction(async (tx) => {
        await queueMessage(tx, greeting, "email", { name: "Amina" }, envelope);
        // In a savepoint too: its wake-up waits for the outer commit.
        await tx.transaction((inner) => queueMessage(inner, greeting, "email", { name: "Musa" }, envelope));
        expect(kicks).toBe(0);
      });
      expect(kicks).toBe(2);

      kicks = 0;
      await expect(
        database.db.transaction(async (tx) => {
          await queueMessage(tx, greeting, "email", { name: "Gone" }, envelope);
          throw new Error("changed my mind");
        }),
      ).rejects.toThrow("changed my mind");
      expect(kicks).toBe(0);
      const names = (await database.db.select().from(mail_outbox).where(eq(mail_outbox.kind, "test-wake"))).map(
        (m) => (m.template_data as { name: string }).name,
      );
      expect(names.sort()).toEqual(["Amina", "Musa"]);

      // Outside a transaction the row is committed when the insert returns: woken at once.
      await queueMessage(database.db, greeting, "email", { name: "Now" }, envelope);
      expect(kicks).toBe(1);
    } finally {
      release();
    }
  });
});
