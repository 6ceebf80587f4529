import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeAfricasTalking, startFakeAfricasTalking } from "#tests/support/fake-africastalking.ts";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { createAttendee, createUssdAttendee } from "~/db/factories";
import { mail_outbox } from "~/db/schema";
import { smsSegments } from "~/modules/sms/gsm7";
import { createSmsTransport, type SmsTransport } from "~/modules/sms/transport.server";
import { enqueueTicket } from "~/modules/tickets/ticket-mail.server";
import { renderTicketSms } from "~/modules/tickets/ticket-sms.server";
import { channelPauses, resumeChannel } from "./channel-pauses.server";
import type { MailRenderer } from "./outbox.server";
import { deliverDueMail } from "./outbox-worker.server";
import { recordSmsDelivery } from "./sms-outbox.server";
import type { MailTransport } from "./transport.server";

// SMS through the one outbox: queued beside the e-mail in the registration's transaction,
// rendered and sent by the same worker to (a fake) Africa's Talking, with its per-recipient
// verdicts: sent, failed for good, or the whole channel paused when the balance is spent.

const silent = pino({ level: "silent" });
const KEYS = { publicUrl: "https://summit.example.org", secret: "k".repeat(64) };
// E-mail goes nowhere here: these tests are about the SMS beside it.
const noMail: MailTransport = { kind: "mailbox", send: async (m) => ({ messageId: `<${m.id}@test>` }), close: () => {} };

describe.each(DATABASE_KINDS)("SMS in the outbox on %s", (kind) => {
  let database: DbConnection;
  let gateway: FakeAfricasTalking;
  let sms: SmsTransport;
  let render: MailRenderer;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    gateway = await startFakeAfricasTalking();
    sms = createSmsTransport(
      {
        dataDir: "/nonexistent",
        smsProvider: "africastalking",
        africastalkingUsername: gateway.username,
        africastalkingApiKey: gateway.apiKey,
        africastalkingSenderId: undefined,
        africastalkingSmsUrl: gateway.smsUrl,
        termiiApiKey: undefined,
        termiiSenderId: undefined,
        termiiBaseUrl: "https://api.ng.termii.com",
      },
      silent,
    );
    render = async (mail) => {
      if (mail.template?.startsWith("sms-")) {
        const { text } = await renderTicketSms(database.db, mail.template, mail.template_data, KEYS);
        return { subject: text, html: "", text };
      }
      return { subject: mail.subject, html: "<p>ticket</p>", text: "ticket" };
    };
  });
  afterAll(async () => {
    await gateway?.close();
    await database?.close();
  });
  const deliver = () => deliverDueMail({ db: database.db, transport: noMail, sms, log: silent, render });
  const rowsOf = (attendeeId: string) => database.db.select().from(mail_outbox).where(eq(mail_outbox.attendee_id, attendeeId));

  it("sends the ticket by SMS beside the e-mail, in two segments at most, and records its segments and gateway id", async () => {
    const person = await createAttendee(database.db, { sms_opt_in: true, language: "ha", phone: "+2348031110001" });
    await database.db.transaction((tx) => enqueueTicket(tx, { attendee: person, eventName: "Summit" }));
    await deliver();
    const rows = await rowsOf(person.id);
    expect(rows.map((r) => [r.channel, r.status]).sort()).toEqual([
      ["email", "sent"],
      ["sms", "sent"],
    ]);
    const text = rows.find((r) => r.channel === "sms");
    const received = gateway.messages.find((m) => m.to === "+2348031110001");
    expect(received?.message).toContain(person.ticket_id);
    // Hausa by SMS is written without the hooked letters, and the link is the short one.
    expect(received?.message).not.toMatch(/[ƙɗɓƴƘƊƁƳ]/);
    expect(received?.message).toMatch(/https:\/\/summit\.example\.org\/t\/[A-Za-z0-9_-]{45}/);
    expect(text).toMatchObject({ message_id: received?.providerId, segments: smsSegments(received?.message ?? "") });
    expect(text?.segments).toBeLessThanOrEqual(2);
    expect(text?.subject).toBe(received?.message);

    // The delivery report marks it delivered.
    expect(await recordSmsDelivery(database.db, { providerId: received?.providerId ?? "", outcome: "delivered" })).toBe(true);
    const [after] = await database.db
      .select()
      .from(mail_outbox)
      .where(eq(mail_outbox.id, text?.id ?? ""));
    expect(after?.delivered_at).toBeInstanceOf(Date);
  });

  it("sends no e-mail to someone registered by USSD, only the SMS", async () => {
    const person = await createUssdAttendee(database.db, { phone: "+2348031110002" });
    await database.db.transaction((tx) => enqueueTicket(tx, { attendee: person, eventName: "Summit" }));
    await deliver();
    expect((await rowsOf(person.id)).map((r) => [r.channel, r.status])).toEqual([["sms", "sent"]]);
  });

  it("never retries a number the network refuses (DND, invalid), and says why", async () => {
    const person = await createAttendee(database.db, { sms_opt_in: true, phone: "+2348031110409" });
    await database.db.transaction((tx) => enqueueTicket(tx, { attendee: person, eventName: "Summit" }));
    await deliver();
    const text = (await rowsOf(person.id)).find((r) => r.channel === "sms");
    expect(text).toMatchObject({ status: "failed", attempts: 1 });
    expect(text?.last_error).toMatch(/DND|do not disturb/i);
  });

  it("pauses the whole SMS channel when the balance is spent, keeps the messages, and sends them once resumed", async () => {
    gateway.setBalanceEmpty(true);
    const people = [
      await createAttendee(database.db, { sms_opt_in: true, phone: "+2348031110011" }),
      await createAttendee(database.db, { sms_opt_in: true, phone: "+2348031110012" }),
    ];
    for (const person of people) await database.db.transaction((tx) => enqueueTicket(tx, { attendee: person, eventName: "Summit" }));
    await deliver();
    await deliver();
    expect((await channelPauses(database.db)).map((p) => p.channel)).toEqual(["sms"]);
    for (const person of people) {
      const text = (await rowsOf(person.id)).find((r) => r.channel === "sms");
      // Waiting, its attempt not counted; the e-mail went.
      expect(text).toMatchObject({ status: "pending", attempts: 0 });
      expect((await rowsOf(person.id)).find((r) => r.channel === "email")?.status).toBe("sent");
    }
    gateway.setBalanceEmpty(false);
    await resumeChannel(database.db, "sms");
    await deliver();
    for (const person of people) expect((await rowsOf(person.id)).every((r) => r.status === "sent")).toBe(true);
  });

  it("marks an SMS failed with the network's reason when its delivery report says so", async () => {
    const person = await createUssdAttendee(database.db, { phone: "+2348031110021" });
    await database.db.transaction((tx) => enqueueTicket(tx, { attendee: person, eventName: "Summit" }));
    await deliver();
    const [text] = await rowsOf(person.id);
    await recordSmsDelivery(database.db, { providerId: text?.message_id ?? "", outcome: "failed", reason: "The phone is switched off" });
    const [after] = await rowsOf(person.id);
    expect(after).toMatchObject({ status: "failed", last_error: "The phone is switched off" });
    // A report for a message that is not ours changes nothing.
    expect(await recordSmsDelivery(database.db, { providerId: "ATXid_unknown", outcome: "delivered" })).toBe(false);
  });
});
