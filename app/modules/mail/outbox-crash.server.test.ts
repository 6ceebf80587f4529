import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type SmtpCapture, startSmtpCapture } from "#tests/support/smtp-capture.ts";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { mail_outbox } from "~/db/schema";
import { claimDueMail, enqueueMail } from "./outbox.server";
import { deliverDueMail, type OutboxWorker, startOutboxWorker } from "./outbox-worker.server";
import { createMailTransport, type MailTransport, outboxMessageId } from "./transport.server";

// A server process killed in the middle of sending (kill -9, out of memory): what its
// successor does with the messages it had claimed, and how a message sent twice shows.
// The whole story, over HTTP against the production build: tests/e2e/crash-recovery.spec.ts.

const FROM = "Zamfara Youth Summit <tickets@summit.test>";
const silent = pino({ level: "silent" });
const mail = (n: number) => ({ to: `person-${n}@example.com`, subject: `Message ${n}`, html: `<p>${n}</p>`, text: `${n}`, kind: "test" });
const outboxId = (m: SmtpCapture["messages"][number]) => String(m.parsed.headers.get("x-outbox-id"));

describe("outboxMessageId", () => {
  it("is the outbox row's id at the sender's domain", () => {
    expect(outboxMessageId("0b6f6a52-3f4e-4c2e-9a51-1d1f5d2c7e10", FROM)).toBe("<0b6f6a52-3f4e-4c2e-9a51-1d1f5d2c7e10@summit.test>");
    expect(outboxMessageId("x", "tickets@example.org")).toBe("<x@example.org>");
    expect(outboxMessageId("x", "no address")).toBe("<x@localhost>");
  });
});

describe.each(DATABASE_KINDS)("a worker after a crash, on %s", (kind) => {
  let database: DbConnection;
  let smtp: SmtpCapture;
  let transport: MailTransport;
  const workers: OutboxWorker[] = [];
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    smtp = await startSmtpCapture();
    transport = createMailTransport({ smtpUrl: smtp.url, mailFrom: FROM, dataDir: "/nonexistent" }, silent);
  });
  afterAll(async () => {
    transport?.close();
    await smtp?.stop();
    await database?.close();
  });
  beforeEach(async () => {
    await database.db.delete(mail_outbox);
    smtp.messages.length = 0;
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop()));
  });
  const row = async (id: string) => (await database.db.select().from(mail_outbox).where(eq(mail_outbox.id, id)))[0]!;
  const start = (options: { soleWorker: boolean }) => {
    const worker = startOutboxWorker({ db: database.db, transport, log: silent, pollMs: 20, ...options });
    workers.push(worker);
    return worker;
  };

  it("the database's only worker sends at once what a dead process had claimed, under the same Message-ID", async () => {
    const id = await enqueueMail(database.db, mail(1));
    // The dead process: it claimed the message, the SMTP server accepted it, and it died
    // before recording that (the send here stands for it).
    const [claim] = await claimDueMail(database.db, { limit: 1 });
    await transport.send({ id, to: claim!.to_address, subject: claim!.subject, html: claim!.html, text: claim!.text, attachments: [] });

    start({ soleWorker: true });
    await expect.poll(async () => (await row(id)).status, { timeout: 5_000 }).toBe("sent");
    expect(smtp.messages.map(outboxId)).toEqual([id, id]);
    // Twice, but one message to the receiving side: the copy is recognisable and can be dropped.
    expect(new Set(smtp.messages.map((m) => m.parsed.messageId))).toEqual(new Set([outboxMessageId(id, FROM)]));
    expect(await row(id)).toMatchObject({ attempts: 2, message_id: outboxMessageId(id, FROM) });
  });

  it("one of several instances leaves another's claim alone until its lease runs out", async () => {
    const id = await enqueueMail(database.db, mail(1));
    await claimDueMail(database.db, { limit: 1, leaseMs: 60_000 });
    start({ soleWorker: false });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await row(id)).toMatchObject({ status: "sending", attempts: 1 });
    expect(smtp.messages).toEqual([]);
  });

  it("a round that outlasts its lease renews it, so no other instance takes its messages over", async () => {
    const id = await enqueueMail(database.db, mail(1));
    let release = () => {};
    const held: MailTransport = {
      ...transport,
      send: async (message) => {
        await new Promise<void>((resolve) => (release = resolve));
        return transport.send(message);
      },
    };
    const round = deliverDueMail({ db: database.db, transport: held, log: silent, leaseMs: 300 });
    await new Promise((resolve) => setTimeout(resolve, 900));
    expect(await claimDueMail(database.db, { limit: 1 })).toEqual([]);
    release();
    expect((await round).sent).toBe(1);
    expect(smtp.messages.map(outboxId)).toEqual([id]);
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("records each delivery as soon as the SMTP server accepts it, not at the end of the round", async () => {
    const quick = await enqueueMail(database.db, mail(1));
    const slow = await enqueueMail(database.db, mail(2));
    let release = () => {};
    const held: MailTransport = {
      ...transport,
      send: async (message) => {
        if (message.id === slow) await new Promise<void>((resolve) => (release = resolve));
        return transport.send(message);
      },
    };
    const round = deliverDueMail({ db: database.db, transport: held, log: silent });
    // While the round still waits for the second message, the first is already on record:
    // a crash now would send only the second again.
    await expect.poll(async () => (await row(quick)).status, { timeout: 5_000 }).toBe("sent");
    expect((await row(slow)).status).toBe("sending");
    release();
    expect(await round).toEqual({ claimed: 2, sent: 2, retrying: 0, failed: 0 });
    expect((await row(slow)).status).toBe("sent");
  });
});
