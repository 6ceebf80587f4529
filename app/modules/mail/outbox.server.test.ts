import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import { type DbConnection, openDbConnection } from "~/db/client.server";
import { createAttendee } from "~/db/factories";
import { mail_outbox } from "~/db/schema";
import {
  claimDueMail,
  enqueueMail,
  errorText,
  MAX_MAIL_ATTEMPTS,
  mailForAttendee,
  markFailedAttempt,
  markSent,
  PUBLIC_MAILS_PER_ADDRESS_PER_DAY,
  requeueMail,
  retryBackoffMs,
} from "./outbox.server";

const mail = (n: number, attendeeId?: string) => ({
  to: `person-${n}@example.com`,
  subject: `Message ${n}`,
  html: `<p>Message ${n}</p>`,
  text: `Message ${n}`,
  kind: "test",
  attendeeId,
});

describe("retryBackoffMs", () => {
  it("doubles from one minute with every attempt", () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 4].map((n) => retryBackoffMs(n, middle))).toEqual([60_000, 120_000, 240_000, 480_000]);
  });

  it("is capped at an hour", () => {
    expect(retryBackoffMs(7, () => 0.5)).toBe(3_600_000);
    expect(retryBackoffMs(50, () => 1)).toBe(3_600_000);
  });

  it("jitters by up to 20% either way", () => {
    expect(retryBackoffMs(3, () => 0)).toBe(192_000);
    expect(retryBackoffMs(3, () => 0.999_999)).toBeCloseTo(288_000, -1);
    for (let i = 0; i < 100; i++) {
      const ms = retryBackoffMs(2);
      expect(ms).toBeGreaterThanOrEqual(96_000);
      expect(ms).toBeLessThanOrEqual(144_000);
    }
  });
});

describe("errorText", () => {
  it("keeps the code and the message on one line", () => {
    const error = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:2525"), { code: "ESOCKET" });
    expect(errorText(error)).toBe("ESOCKET: connect ECONNREFUSED 127.0.0.1:2525");
    expect(errorText(new Error("550 5.1.1\n  no such user"))).toBe("550 5.1.1 no such user");
    expect(errorText("x".repeat(900))).toHaveLength(500);
  });
});

describe.each(DATABASE_KINDS)("mail outbox on %s", (kind) => {
  let database: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    await database.db.delete(mail_outbox);
  });
  const row = async (id: string) => (await database.db.select().from(mail_outbox).where(eq(mail_outbox.id, id)))[0]!;
  // The database runs on this machine: its clock is ours.
  const secondsFromNow = (date: Date) => (date.getTime() - Date.now()) / 1000;

  it("claims due messages once, oldest first, and leaves future ones", async () => {
    const first = await enqueueMail(database.db, mail(1));
    const second = await enqueueMail(database.db, mail(2));
    const later = await enqueueMail(database.db, mail(3));
    await database.db.update(mail_outbox).set({ next_attempt_at: sql`now() - interval '1 minute'` }).where(eq(mail_outbox.id, second));
    await database.db.update(mail_outbox).set({ next_attempt_at: sql`now() + interval '1 minute'` }).where(eq(mail_outbox.id, later));

    const claimed = await claimDueMail(database.db, { limit: 10, leaseMs: 60_000 });
    expect(claimed.map((m) => m.id)).toEqual([second, first]);
    expect(claimed[0]).toMatchObject({ status: "sending", attempts: 1, subject: "Message 2" });
    expect(secondsFromNow(claimed[0]!.locked_until!)).toBeGreaterThan(50);

    expect(await claimDueMail(database.db, { limit: 10 })).toEqual([]);
  });

  it("counts every public kind, the held confirmation included, against one address's daily ceiling; organisers' mails go", async () => {
    const kinds = [
      "held-confirmation",
      "ticket",
      "held-confirmation",
      "ticket-self-resend",
      "waitlist-joined",
      "cancellation",
      "held-confirmation",
    ];
    const to = (i: number) => (i % 2 ? " Inbox@Example.com" : "inbox@example.com");
    for (const [i, kind] of kinds.entries()) await enqueueMail(database.db, { ...mail(i), to: to(i), kind });
    await enqueueMail(database.db, { ...mail(9), to: "inbox@example.com", kind: "ticket-resend" });
    const rows = await database.db.select().from(mail_outbox).orderBy(mail_outbox.created_at, mail_outbox.id);
    const going = rows.filter((r) => r.status === "pending");
    expect(going).toHaveLength(PUBLIC_MAILS_PER_ADDRESS_PER_DAY + 1);
    expect(going.filter((r) => r.kind !== "ticket-resend")).toHaveLength(PUBLIC_MAILS_PER_ADDRESS_PER_DAY);
    expect(rows.filter((r) => r.status === "failed").map((r) => r.kind)).toEqual(["cancellation", "held-confirmation"]);
  });

  it("respects the limit", async () => {
    for (let n = 0; n < 5; n++) await enqueueMail(database.db, mail(n));
    expect(await claimDueMail(database.db, { limit: 3 })).toHaveLength(3);
    expect(await claimDueMail(database.db, { limit: 3 })).toHaveLength(2);
  });

  it("takes over a message whose worker's lease ran out, and the old claim can no longer record anything", async () => {
    const id = await enqueueMail(database.db, mail(1));
    const [stale] = await claimDueMail(database.db, { limit: 1 });
    await database.db.update(mail_outbox).set({ locked_until: sql`now() - interval '1 second'` }).where(eq(mail_outbox.id, id));

    const [fresh] = await claimDueMail(database.db, { limit: 1 });
    expect(fresh).toMatchObject({ id, attempts: 2, status: "sending" });
    expect(await markSent(database.db, stale!, "<old@x>")).toBe(false);
    expect(await markFailedAttempt(database.db, stale!, new Error("late"))).toBeNull();
    expect(await markSent(database.db, fresh!, "<new@x>")).toBe(true);
    expect(await row(id)).toMatchObject({ status: "sent", message_id: "<new@x>", locked_until: null, last_error: null });
    expect((await row(id)).sent_at).toBeInstanceOf(Date);
  });

  it("puts a failed attempt back after the backoff, and marks the message failed at the last attempt", async () => {
    const id = await enqueueMail(database.db, mail(1));
    const [claim] = await claimDueMail(database.db, { limit: 1 });
    expect(await markFailedAttempt(database.db, claim!, new Error("421 try later"), { backoffMs: () => 90_000 })).toBe("pending");
    const retrying = await row(id);
    expect(retrying).toMatchObject({ status: "pending", attempts: 1, last_error: "421 try later", locked_until: null });
    expect(secondsFromNow(retrying.next_attempt_at)).toBeCloseTo(90, -1);

    await database.db
      .update(mail_outbox)
      .set({ attempts: MAX_MAIL_ATTEMPTS - 1, next_attempt_at: sql`now()` })
      .where(eq(mail_outbox.id, id));
    const [last] = await claimDueMail(database.db, { limit: 1 });
    expect(last!.attempts).toBe(MAX_MAIL_ATTEMPTS);
    expect(await markFailedAttempt(database.db, last!, new Error("550 no such user"))).toBe("failed");
    expect(await row(id)).toMatchObject({ status: "failed", attempts: MAX_MAIL_ATTEMPTS, last_error: "550 no such user" });
    expect(await claimDueMail(database.db, { limit: 1 })).toEqual([]);
  });

  it("requeues a failed or sent message with fresh attempts, and nothing else", async () => {
    const id = await enqueueMail(database.db, mail(1));
    expect(await requeueMail(database.db, id)).toBe(false);
    const [claim] = await claimDueMail(database.db, { limit: 1 });
    expect(await requeueMail(database.db, id)).toBe(false);
    await markFailedAttempt(database.db, claim!, new Error("550"), { maxAttempts: 1 });

    expect(await requeueMail(database.db, id)).toBe(true);
    expect(await row(id)).toMatchObject({ status: "pending", attempts: 0, last_error: "550" });
    const [again] = await claimDueMail(database.db, { limit: 1 });
    expect(again).toMatchObject({ id, attempts: 1 });
    await markSent(database.db, again!, "<m@x>");
    expect(await requeueMail(database.db, id)).toBe(true);
    expect((await row(id)).status).toBe("pending");
  });

  it("lists an attendee's messages with their delivery state, newest first", async () => {
    const ada = await createAttendee(database.db);
    const other = await createAttendee(database.db);
    const ticket = await enqueueMail(database.db, { ...mail(1, ada.id), kind: "ticket" });
    await database.db.update(mail_outbox).set({ created_at: sql`now() - interval '1 hour'` }).where(eq(mail_outbox.id, ticket));
    const reminder = await enqueueMail(database.db, { ...mail(2, ada.id), kind: "reminder" });
    await enqueueMail(database.db, mail(3, other.id));
    const [claim] = (await claimDueMail(database.db, { limit: 10 })).filter((m) => m.id === ticket);
    await markSent(database.db, claim!, "<t@x>");

    // A message to their address that no registration carried (the waitlist's offer) is theirs too.
    const offer = await enqueueMail(database.db, { ...mail(4), to: ada.email.toUpperCase(), kind: "waitlist-offer" });
    await database.db.update(mail_outbox).set({ created_at: sql`now() - interval '2 hours'` }).where(eq(mail_outbox.id, offer));

    const list = await mailForAttendee(database.db, ada.id, { email: ada.email });
    expect(list.map((m) => [m.id, m.kind, m.status])).toEqual([
      [reminder, "reminder", "sending"],
      [ticket, "ticket", "sent"],
      [offer, "waitlist-offer", "pending"],
    ]);
    expect(list[1]).toMatchObject({ attempts: 1, last_error: null, to_address: "person-1@example.com" });
    expect(list[1]!.sent_at).toBeInstanceOf(Date);
    expect(list[0]!.sent_at).toBeNull();
  });
});

describe("claims from two PostgreSQL connections pools", () => {
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

  it("never hands one message to both", async () => {
    for (let n = 0; n < 50; n++) await enqueueMail(first.db, mail(n));
    const seen: string[][] = [[], []];
    for (;;) {
      const rounds = await Promise.all([first.db, second.db, first.db, second.db].map((db) => claimDueMail(db, { limit: 7 })));
      if (rounds.every((r) => r.length === 0)) break;
      rounds.forEach((r, i) => {
        seen[i % 2]!.push(...r.map((m) => m.id));
      });
    }
    const all = [...seen[0]!, ...seen[1]!];
    expect(all).toHaveLength(50);
    expect(new Set(all).size).toBe(50);
    expect(seen[0]!.length).toBeGreaterThan(0);
    expect(seen[1]!.length).toBeGreaterThan(0);
  });
});
