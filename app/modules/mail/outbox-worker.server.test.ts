import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { simpleParser } from "mailparser";
import pino from "pino";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { freePort } from "#tests/support/postgres-server.ts";
import { type SmtpCapture, startSmtpCapture } from "#tests/support/smtp-capture.ts";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import { type Db, type DbConnection, openDbConnection } from "~/db/client.server";
import { type MailAttachment, mail_outbox } from "~/db/schema";
import { enqueueMail } from "./outbox.server";
import { notifyOutbox } from "./outbox-wake.server";
import { deliverDueMail, type OutboxWorker, startOutboxWorker } from "./outbox-worker.server";
import { createMailTransport, type MailTransport } from "./transport.server";

const FROM = "Zamfara Youth Summit <tickets@summit.test>";
const silent = pino({ level: "silent" });
// A 1×1 PNG.
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

const mail = (n: number, attachments: MailAttachment[] = []) => ({
  to: `person-${n}@example.com`,
  subject: `Message ${n}`,
  html: `<p>Message ${n}</p>`,
  text: `Message ${n}`,
  kind: "test",
  attachments,
});

const ticketMail = () =>
  mail(1, [
    { filename: "qr.png", contentType: "image/png", content: PNG, cid: "ticket-qr" },
    {
      filename: "summit.ics",
      contentType: "text/calendar",
      content: Buffer.from("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n").toString("base64"),
    },
  ]);

async function waitUntil<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

// Everything a test starts, stopped after it even when it fails.
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
const smtpTransport = (url: string) => {
  const transport = createMailTransport({ smtpUrl: url, mailFrom: FROM, dataDir: "/nonexistent" }, silent);
  cleanups.push(() => transport.close());
  return transport;
};
const capture = async (port?: number) => {
  const smtp = await startSmtpCapture({ port });
  // Stopped last: the server waits for the pooled client connections to close.
  cleanups.unshift(() => smtp.stop());
  return smtp;
};
const worker = (options: Parameters<typeof startOutboxWorker>[0]) => {
  const started = startOutboxWorker(options);
  cleanups.push(() => started.stop());
  return started;
};
const outboxId = (m: SmtpCapture["messages"][number]) => String(m.parsed.headers.get("x-outbox-id"));

describe.each(DATABASE_KINDS)("outbox delivery on %s", (kind) => {
  let database: DbConnection;
  let db: Db;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = database.db;
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    await db.delete(mail_outbox);
  });
  const row = async (id: string) => (await db.select().from(mail_outbox).where(eq(mail_outbox.id, id)))[0]!;
  const makeDue = (id: string) => db.update(mail_outbox).set({ next_attempt_at: sql`now()` }).where(eq(mail_outbox.id, id));

  it("keeps a message pending while SMTP is down and delivers it once when SMTP is back", async () => {
    const port = await freePort();
    const transport = smtpTransport(`smtp://127.0.0.1:${port}`);
    const id = await enqueueMail(db, mail(1));

    expect(await deliverDueMail({ db, transport, log: silent })).toEqual({ claimed: 1, sent: 0, retrying: 1, failed: 0 });
    const waiting = await row(id);
    expect(waiting).toMatchObject({ status: "pending", attempts: 1, locked_until: null, sent_at: null });
    expect(waiting.last_error).toMatch(/ECONNREFUSED/);
    expect(waiting.next_attempt_at.getTime()).toBeGreaterThan(Date.now() + 30_000);
    expect((await deliverDueMail({ db, transport, log: silent })).claimed).toBe(0);

    const smtp = await capture(port);
    await makeDue(id);
    worker({ db, transport, log: silent, pollMs: 25 });
    const received = await smtp.waitFor((m) => outboxId(m) === id);
    const sent = await waitUntil(
      () => row(id),
      (r) => r.status === "sent",
    );
    expect(sent).toMatchObject({ attempts: 2, locked_until: null, message_id: received.parsed.messageId });
    expect(received.envelopeTo).toEqual(["person-1@example.com"]);
    expect(received.parsed.from?.text).toBe(`"Zamfara Youth Summit" <tickets@summit.test>`);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(smtp.messages).toHaveLength(1);
  });

  it("backs off longer after each failure and marks the message failed after the last attempt", async () => {
    const transport = smtpTransport(`smtp://127.0.0.1:${await freePort()}`);
    const id = await enqueueMail(db, mail(1));
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      const before = Date.now();
      const result = await deliverDueMail({ db, transport, log: silent, maxAttempts: 3 });
      const r = await row(id);
      expect(r.attempts).toBe(attempt);
      if (attempt < 3) {
        expect(result.retrying).toBe(1);
        expect(r.status).toBe("pending");
        delays.push(r.next_attempt_at.getTime() - before);
        await makeDue(id);
      } else {
        expect(result.failed).toBe(1);
        expect(r).toMatchObject({ status: "failed", locked_until: null });
        expect(r.last_error).toMatch(/ECONNREFUSED/);
      }
    }
    // The default backoff: about 1 minute, then about 2 (±20%).
    expect(delays[0]).toBeGreaterThan(45_000);
    expect(delays[0]).toBeLessThan(75_000);
    expect(delays[1]).toBeGreaterThan(95_000);
    expect(delays[1]).toBeLessThan(150_000);
    expect((await deliverDueMail({ db, transport, log: silent })).claimed).toBe(0);
  });

  it("sends inline images under their Content-ID so the HTML's cid: links resolve", async () => {
    const smtp = await capture();
    const transport = smtpTransport(smtp.url);
    const id = await enqueueMail(db, { ...ticketMail(), html: `<p>Your ticket</p><img src="cid:ticket-qr" alt="QR code">` });
    expect((await deliverDueMail({ db, transport, log: silent })).sent).toBe(1);

    const { parsed } = await smtp.waitFor((m) => outboxId(m) === id);
    expect(parsed.html).toContain(`src="cid:ticket-qr"`);
    const qr = parsed.attachments.find((a) => a.filename === "qr.png");
    expect(qr).toMatchObject({ cid: "ticket-qr", contentId: "<ticket-qr>", contentDisposition: "inline", contentType: "image/png" });
    expect(qr?.content.toString("base64")).toBe(PNG);
    const ics = parsed.attachments.find((a) => a.filename === "summit.ics");
    expect(ics).toMatchObject({ contentDisposition: "attachment", contentType: "text/calendar" });
    expect(ics?.content.toString()).toContain("BEGIN:VCALENDAR");
  });

  it("writes each message as a complete .eml file to DATA_DIR/mail when SMTP_URL is not set, and logs it", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "outbox-mailbox-"));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const lines: Record<string, unknown>[] = [];
    const log = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const transport = createMailTransport({ smtpUrl: undefined, mailFrom: FROM, dataDir }, log);
    expect(transport.kind).toBe("mailbox");
    const id = await enqueueMail(db, { ...ticketMail(), html: `<img src="cid:ticket-qr">` });

    expect((await deliverDueMail({ db, transport, log })).sent).toBe(1);
    const files = await readdir(path.join(dataDir, "mail"));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(new RegExp(`^\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\d\\.\\d{3}Z-${id}\\.eml$`));
    const parsed = await simpleParser(await readFile(path.join(dataDir, "mail", files[0]!)), { keepCidLinks: true });
    expect(parsed.subject).toBe("Message 1");
    expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.text : "").toBe("person-1@example.com");
    expect(parsed.html).toContain("cid:ticket-qr");
    expect(parsed.attachments.find((a) => a.cid === "ticket-qr")?.content.toString("base64")).toBe(PNG);
    expect((await row(id)).message_id).toBe(parsed.messageId);
    // The log names the message by its id, never by its recipient or subject.
    expect(lines).toContainEqual(expect.objectContaining({ mailId: id }));
    expect(JSON.stringify(lines)).not.toContain("person-1@example.com");
  });

  it("wakes on notifyOutbox instead of waiting for the poll, and stop() waits for the send in flight", async () => {
    const sends: string[] = [];
    let release = () => {};
    const slow: MailTransport = {
      kind: "mailbox",
      send: async (message) => {
        sends.push(message.id);
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return { messageId: `<${message.id}@test>` };
      },
      close: () => {},
    };
    const running: OutboxWorker = startOutboxWorker({ db, transport: slow, log: silent, pollMs: 60_000 });
    cleanups.push(() => running.stop());
    await new Promise((resolve) => setTimeout(resolve, 50));
    const id = await enqueueMail(db, mail(1));
    notifyOutbox();
    await waitUntil(
      async () => sends.length,
      (n) => n === 1,
      5_000,
    );

    let stopped = false;
    const stopping = running.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(await row(id)).toMatchObject({ status: "sent", message_id: `<${id}@test>` });
  });
});

describe("outbox worker without a database", () => {
  it("logs a database error and keeps polling instead of crashing", async () => {
    const errors: unknown[] = [];
    const log = { info: () => {}, warn: () => {}, error: (obj: unknown) => errors.push(obj) } as unknown as pino.Logger;
    const broken = { transaction: () => Promise.reject(new Error("database unreachable")) } as unknown as Db;
    const running = worker({ db: broken, transport: smtpTransport("smtp://127.0.0.1:1"), log, pollMs: 5 });
    await waitUntil(
      async () => errors.length,
      (n) => n >= 2,
      5_000,
    );
    await running.stop();
    expect(errors[0]).toMatchObject({ err: expect.objectContaining({ message: "database unreachable" }) });
  });
});

describe("two server instances on one PostgreSQL database", () => {
  let first: DbConnection & { url?: string };
  let second: DbConnection;
  beforeAll(async () => {
    first = await createTestDatabase("postgres");
    second = await openDbConnection({ kind: "postgres", url: first.url! });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it("send each of 50 messages exactly once", async () => {
    const smtp = await capture();
    const ids: string[] = [];
    for (let n = 0; n < 50; n++) ids.push(await enqueueMail(first.db, mail(n)));
    const sentBy = [0, 0];
    const counted = (instance: number): MailTransport => {
      const transport = smtpTransport(smtp.url);
      return { ...transport, send: (message) => transport.send(message).finally(() => sentBy[instance]!++) };
    };
    worker({ db: first.db, transport: counted(0), log: silent, pollMs: 10, batchSize: 4 });
    worker({ db: second.db, transport: counted(1), log: silent, pollMs: 10, batchSize: 4 });
    notifyOutbox();

    await waitUntil(
      () => first.db.select({ status: mail_outbox.status, attempts: mail_outbox.attempts }).from(mail_outbox),
      (rows) => rows.every((r) => r.status === "sent"),
      20_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(smtp.messages.map(outboxId).sort()).toEqual([...ids].sort());
    expect(sentBy[0]).toBeGreaterThan(0);
    expect(sentBy[1]).toBeGreaterThan(0);
    const attempts = await first.db.select({ attempts: mail_outbox.attempts }).from(mail_outbox);
    expect(attempts.every((r) => r.attempts === 1)).toBe(true);
  });
});
