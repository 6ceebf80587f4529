import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { simpleParser } from "mailparser";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { Db, DbConnection } from "~/db/client.server";
import { mail_outbox } from "~/db/schema";
import { enqueueMail, OVER_CEILING_ERROR, PUBLIC_MAILS_PER_ADDRESS_PER_DAY, publicMailAllowed } from "./outbox.server";
import { deliverDueMail } from "./outbox-worker.server";
import { assertBareRecipient, createMailTransport, PermanentMailError } from "./transport.server";

// Who a message goes to: one bare address, given to nodemailer as an address object; a row
// that holds anything else fails at once, unsent; and the public forms' mails to one address
// stop at a daily ceiling.

const silent = pino({ level: "silent" });
const message = (to: string, kind = "test") => ({ to, subject: "Your ticket", html: "<p>Hi</p>", text: "Hi", kind });

describe("assertBareRecipient", () => {
  it("lets a bare address through and refuses anything nodemailer would read as more", () => {
    expect(() => assertBareRecipient("amina.yusuf+summit@example.com.ng")).not.toThrow();
    for (const to of [
      "A<victim@example.com>",
      '"Hello x" <victim@example.com>',
      "a@example.com, victim@example.com",
      "a@example.com;victim@example.com",
      "victim@example.com (pay now)",
      "group: victim@example.com;",
      "victim@example.com\r\nBcc: x@example.com",
      "victim@example.com\u0000",
      " victim@example.com",
    ])
      expect(() => assertBareRecipient(to), JSON.stringify(to)).toThrow(PermanentMailError);
  });
});

describe.each(DATABASE_KINDS)("recipients on %s", (kind) => {
  let database: DbConnection;
  let db: Db;
  let dataDir: string;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = database.db;
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    await db.delete(mail_outbox);
    dataDir = await mkdtemp(path.join(tmpdir(), "summit-recipients-"));
    return () => rm(dataDir, { recursive: true, force: true });
  });
  const row = async (id: string) => (await db.select().from(mail_outbox).where(eq(mail_outbox.id, id)))[0]!;
  const mailbox = () => createMailTransport({ smtpUrl: undefined, mailFrom: "Summit <tickets@summit.test>", dataDir }, silent);
  const written = async () => readdir(path.join(dataDir, "mail")).catch(() => [] as string[]);

  it("fails a row whose recipient is not a bare address at its first attempt, and writes nothing", async () => {
    const id = await enqueueMail(db, message("A<victim@example.com>"));
    expect(await deliverDueMail({ db, transport: mailbox(), log: silent })).toMatchObject({ claimed: 1, sent: 0, failed: 1 });
    expect(await row(id)).toMatchObject({ status: "failed", attempts: 1 });
    expect((await row(id)).last_error).toMatch(/not one bare e-mail address/);
    expect(await written()).toEqual([]);
  });

  it("addresses a message to exactly its one recipient", async () => {
    const id = await enqueueMail(db, message("o'neil.dan@example.com"));
    expect((await deliverDueMail({ db, transport: mailbox(), log: silent })).sent).toBe(1);
    const [file] = await written();
    const parsed = await simpleParser(await readFile(path.join(dataDir, "mail", file!)));
    const to = parsed.to && !Array.isArray(parsed.to) ? parsed.to.value : [];
    expect(to).toEqual([{ address: "o'neil.dan@example.com", name: "" }]);
    expect((await row(id)).status).toBe("sent");
  });

  it("holds back the public forms' mails to one address past the daily ceiling, whatever the form", async () => {
    const kinds = ["ticket", "ticket-self-resend", "cancellation", "waitlist-joined"];
    const ids: string[] = [];
    for (let i = 0; i < PUBLIC_MAILS_PER_ADDRESS_PER_DAY + 2; i++)
      ids.push(await db.transaction((tx) => enqueueMail(tx, message(i % 2 ? "Victim@Example.com" : "victim@example.com", kinds[i % 4]))));
    const rows = await Promise.all(ids.map(row));
    expect(rows.slice(0, PUBLIC_MAILS_PER_ADDRESS_PER_DAY).every((r) => r.status === "pending")).toBe(true);
    for (const held of rows.slice(PUBLIC_MAILS_PER_ADDRESS_PER_DAY))
      expect(held).toMatchObject({ status: "failed", last_error: OVER_CEILING_ERROR });
    expect(await db.transaction((tx) => publicMailAllowed(tx, "victim@example.com"))).toBe(false);
    // An organiser's mails still go, and so do other people's.
    expect((await row(await enqueueMail(db, message("victim@example.com", "ticket-resend")))).status).toBe("pending");
    expect((await row(await enqueueMail(db, message("someone.else@example.com", "ticket")))).status).toBe("pending");
    // A day later the address may be mailed again.
    await db.update(mail_outbox).set({ created_at: sql`now() - interval '25 hours'` });
    expect(await db.transaction((tx) => publicMailAllowed(tx, "victim@example.com"))).toBe(true);
  });

  it("counts concurrent requests for one address one at a time", async () => {
    const ids = await Promise.all(
      Array.from({ length: 12 }, () => db.transaction((tx) => enqueueMail(tx, message("rush@example.com", "ticket-self-resend")))),
    );
    const statuses = (await Promise.all(ids.map(row))).map((r) => r.status);
    expect(statuses.filter((s) => s === "pending")).toHaveLength(PUBLIC_MAILS_PER_ADDRESS_PER_DAY);
  });
});
