import { and, eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type FakeGraph, signedWebhook, startFakeGraph, statusWebhook } from "#tests/support/fake-graph.ts";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { WhatsAppConfig } from "~/config-whatsapp";
import type { DbConnection } from "~/db/client.server";
import { createAttendee } from "~/db/factories";
import { attendees, channel_pauses, mail_outbox } from "~/db/schema";
import { messageRegistry } from "~/modules/mail/message-registry.server";
import { deliverDueMail } from "~/modules/mail/outbox-worker.server";
import type { MailTransport } from "~/modules/mail/transport.server";
import { enqueueTicket } from "~/modules/tickets/ticket-mail.server";
import { ticketMessages } from "~/modules/tickets/ticket-messages.server";
import { createWhatsAppTransport } from "~/modules/whatsapp/graph-transport.server";
import { handleWhatsAppWebhook } from "./whatsapp-webhook.server";

// The ticket on WhatsApp end to end against a fake Graph API: the worker sends the template
// (the image header, the ticket ID, the button to the ticket page) with the configured token;
// Meta's signed statuses move the message forward in any order; an unsigned or forged post is
// refused; a number not on WhatsApp, or a template Meta refuses, gets the ticket by SMS instead;
// a refused token pauses the channel.

const settings = vi.hoisted(() => ({ whatsapp: undefined as WhatsAppConfig | undefined }));
vi.mock("~/config.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/config.server")>();
  return { ...actual, getConfig: () => ({ ...actual.getConfig(), whatsapp: settings.whatsapp }) };
});

const silent = pino({ level: "silent" });
const KEYS = { publicUrl: "https://summit.example.org", secret: "k".repeat(64) };
const MESSAGES = messageRegistry(ticketMessages);
const noMail: MailTransport = { kind: "mailbox", send: async (m) => ({ messageId: `<${m.id}@test>` }), close: () => {} };

describe.each(DATABASE_KINDS)("WhatsApp delivery and its webhook on %s", (kind) => {
  let database: DbConnection;
  let graph: FakeGraph;
  let config: WhatsAppConfig;

  const deliver = () =>
    deliverDueMail({
      db: database.db,
      transport: noMail,
      sms: { kind: "file", send: async (m) => ({ providerId: `sms-${m.id}` }) },
      whatsapp: createWhatsAppTransport(config, silent, { minGapPerNumberMs: 0 }),
      log: silent,
      render: MESSAGES.renderer(database.db, KEYS),
    });
  const webhook = (body: unknown, secret = config.appSecret, now = new Date()) => {
    const signed = signedWebhook(body, secret);
    return handleWhatsAppWebhook(database.db, signed.body, signed.headers["X-Hub-Signature-256"], config, { ...KEYS, log: silent, now });
  };
  async function ticketFor(phone: string, language: "en" | "ha" = "en") {
    const attendee = await createAttendee(database.db, { phone, language, whatsapp_opt_in: true, whatsapp_consent_at: new Date() });
    await database.db.transaction((tx) => enqueueTicket(tx, { attendee, eventName: "Zamfara Youth Summit" }));
    return attendee;
  }
  const whatsappRow = async (attendeeId: string) =>
    (
      await database.db
        .select()
        .from(mail_outbox)
        .where(and(eq(mail_outbox.attendee_id, attendeeId), eq(mail_outbox.channel, "whatsapp")))
    )[0];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    graph = await startFakeGraph();
    config = {
      accessToken: graph.accessToken,
      phoneNumberId: graph.phoneNumberId,
      appSecret: graph.appSecret,
      verifyToken: "verify-token-of-at-least-16",
      graphUrl: graph.url,
      templates: {
        ticket: "summit_ticket",
        reminder: "summit_reminder",
        offer: "summit_waitlist_offer",
        certificate: "summit_certificate",
      },
      languages: { en: "en", ha: "ha" },
    };
  });
  afterAll(async () => {
    await graph?.close();
    await database?.close();
  });
  beforeEach(async () => {
    settings.whatsapp = config;
    await database.db.delete(mail_outbox);
    await database.db.delete(channel_pauses);
    await database.db.delete(attendees);
  });

  it.each(["en", "ha"] as const)("sends the ticket template in %s with its image, ID and link, with the token", async (language) => {
    const attendee = await ticketFor(`+23480322200${language === "en" ? "01" : "02"}`, language);
    await deliver();
    const sent = graph.messages.at(-1);
    expect(graph.requests.at(-1)?.authorization).toBe(`Bearer ${graph.accessToken}`);
    expect(sent?.to).toBe(attendee.phone.slice(1));
    const template = sent?.body.template as {
      name: string;
      language: { code: string };
      components: { type: string; parameters: { type: string; text?: string; image?: { link: string } }[] }[];
    };
    expect(template.name).toBe("summit_ticket");
    expect(template.language.code).toBe(language);
    const [header, body, button] = template.components;
    expect(header?.parameters[0]?.image?.link).toMatch(/^https:\/\/summit\.example\.org\/ticket-image\/[^/]+\?lang=/);
    expect(body?.parameters.map((p) => p.text)).toEqual(expect.arrayContaining([attendee.full_name, attendee.ticket_id]));
    expect(button?.parameters[0]?.text).toMatch(/^[\w-]{10,}$/);
    const row = await whatsappRow(attendee.id);
    expect(row).toMatchObject({ status: "sent", message_id: sent?.providerId, subject: `WhatsApp template summit_ticket (${language})` });
  });

  it("records Meta's statuses in any order, each once, and only when signed with the app secret", async () => {
    const attendee = await ticketFor("+2348032220003");
    await deliver();
    const providerId = graph.messages.at(-1)?.providerId ?? "";
    const delivered = statusWebhook({ providerId, status: "delivered", recipient: attendee.phone });
    // Unsigned, or signed with another secret: refused, nothing recorded.
    expect((await handleWhatsAppWebhook(database.db, JSON.stringify(delivered), undefined, config, { ...KEYS, log: silent })).status).toBe(
      401,
    );
    expect((await webhook(delivered, "not-the-app-secret-0123456789abcdef")).status).toBe(401);
    expect((await whatsappRow(attendee.id))?.delivered_at).toBeNull();
    // Read before delivered (Meta's order is not guaranteed); then delivered and sent late; twice each.
    for (const status of ["read", "delivered", "sent", "delivered", "read"] as const) {
      expect((await webhook(statusWebhook({ providerId, status, recipient: attendee.phone }))).status).toBe(200);
    }
    const row = await whatsappRow(attendee.id);
    expect(row?.status).toBe("sent");
    expect(row?.delivered_at).toBeInstanceOf(Date);
    expect(row?.read_at).toBeInstanceOf(Date);
    // A failure reported after delivery is not one.
    await webhook(statusWebhook({ providerId, status: "failed", recipient: attendee.phone, errorCode: 131026 }));
    expect((await whatsappRow(attendee.id))?.status).toBe("sent");
  });

  it("sends the ticket by SMS instead to a number not on WhatsApp (reported by webhook)", async () => {
    const attendee = await ticketFor("+2348032220004");
    await deliver();
    const providerId = graph.messages.at(-1)?.providerId ?? "";
    const failed = statusWebhook({ providerId, status: "failed", recipient: attendee.phone, errorCode: 131026 });
    expect((await webhook(failed)).status).toBe(200);
    expect((await webhook(failed)).status).toBe(200);
    const row = await whatsappRow(attendee.id);
    expect(row?.status).toBe("failed");
    expect(row?.last_error).toMatch(/Not on WhatsApp.*131026.*sent by SMS instead/);
    const sms = await database.db
      .select()
      .from(mail_outbox)
      .where(and(eq(mail_outbox.channel, "sms"), eq(mail_outbox.attendee_id, attendee.id)));
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({ template: "sms-ticket", to_address: attendee.phone, kind: "ticket" });
  });

  it("sends the ticket by SMS instead when Meta refuses the template at once", async () => {
    const attendee = await ticketFor("+2348032220005");
    graph.setFailure(attendee.phone, { code: 132001, message: "Template name does not exist in the translation" });
    await deliver();
    graph.setFailure(attendee.phone, null);
    const row = await whatsappRow(attendee.id);
    expect(row?.status).toBe("failed");
    expect(row?.last_error).toMatch(/132001.*sent by SMS instead/);
    const sms = await database.db
      .select()
      .from(mail_outbox)
      .where(and(eq(mail_outbox.channel, "sms"), eq(mail_outbox.attendee_id, attendee.id)));
    expect(sms.map((m) => m.template)).toEqual(["sms-ticket"]);
  });

  it("pauses WhatsApp when Meta refuses the token, keeping the message", async () => {
    const attendee = await ticketFor("+2348032220006");
    graph.setFailure(attendee.phone, { status: 401, code: 190, message: "Error validating access token" });
    await deliver();
    graph.setFailure(attendee.phone, null);
    const [pause] = await database.db.select().from(channel_pauses);
    expect(pause?.channel).toBe("whatsapp");
    expect((await whatsappRow(attendee.id))?.status).toBe("pending");
  });

  it("asks Meta to post again a status that came before its message was recorded, for a while", async () => {
    const early = statusWebhook({ providerId: "wamid.not-yet-recorded", status: "delivered", recipient: "+2348032220007" });
    expect((await webhook(early)).status).toBe(503);
    expect((await webhook(early, config.appSecret, new Date(Date.now() + 3_600_000))).status).toBe(200);
  });

  it("queues nothing on WhatsApp while it is not configured, or for a number that said STOP", async () => {
    settings.whatsapp = undefined;
    const attendee = await ticketFor("+2348032220008");
    expect(await whatsappRow(attendee.id)).toBeUndefined();
  });
});
