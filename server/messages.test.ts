import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { createAttendee } from "~/db/factories";
import { mail_outbox } from "~/db/schema";
import { enqueuePrivacyNoticeSms } from "~/modules/registration/privacy-sms.server";
import { enqueueTestSms } from "~/modules/stats/test-sms.server";
import { enqueueTicket } from "~/modules/tickets/ticket-mail.server";
import { MESSAGES } from "./outbox.server";

// The registry the worker renders with: every domain's messages, under the names the outbox's
// rows have always carried (a row queued before an upgrade still renders after it), and the
// messages about an attendee rendered in each language. Each domain's own tests render the rest
// from the rows its workflows queue (waitlist, held confirmation, cancellation, certificates, invitations).

const KEYS = { publicUrl: "https://summit.example.org", secret: "k".repeat(64) };

it("holds every message under the name its rows carry", () => {
  expect([...MESSAGES.names].sort()).toEqual(
    [
      "ticket",
      "reminder",
      "cancellation",
      "held-confirmation",
      "invitation",
      "certificate",
      "certificate-sms",
      "feedback-request",
      "feedback-request-sms",
      "waitlist-joined",
      "waitlist-offer",
      "sms-ticket",
      "sms-reminder",
      "sms-cancellation",
      "sms-waitlist-offer",
      "sms-privacy",
      "sms-test",
      "whatsapp-ticket",
      "whatsapp-reminder",
      "whatsapp-waitlist-offer",
      "certificate-whatsapp",
      "whatsapp-chat",
    ].sort(),
  );
});

describe.each(DATABASE_KINDS)("the registry on %s", (kind) => {
  let database: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database.close();
  });

  it.each(["en", "ha"] as const)("renders the ticket, the reminder, the privacy notice and the test SMS in %s", async (language) => {
    const { db } = database;
    const attendee = await createAttendee(db, { language, sms_opt_in: true });
    await db.transaction(async (tx) => {
      await enqueueTicket(tx, { attendee, eventName: "Zamfara Youth Summit" });
      await enqueuePrivacyNoticeSms(tx, "+2348031234567", language);
      await enqueueTestSms(tx, "+2348031234568");
    });
    const rows = await db.select().from(mail_outbox).where(eq(mail_outbox.status, "pending"));
    const render = MESSAGES.renderer(db, KEYS);
    const texts = new Map<string, string>();
    for (const mail of rows.filter((m) => m.attendee_id === attendee.id || m.kind !== "ticket")) {
      texts.set(mail.template ?? "", (await render(mail)).text);
    }
    // The reminder is queued by Send Reminders' statement; its rows carry the same data.
    for (const [template, channel] of [
      ["reminder", "email"],
      ["sms-reminder", "sms"],
    ] as const) {
      const rendered = await render({
        template,
        channel,
        template_data: { attendeeId: attendee.id },
        attendee_id: attendee.id,
        subject: "",
      });
      texts.set(template, rendered.text);
    }
    expect([...texts.keys()].sort()).toEqual(["reminder", "sms-privacy", "sms-reminder", "sms-test", "sms-ticket", "ticket"]);
    expect(texts.get("sms-ticket")).toContain(attendee.ticket_id);
    expect(texts.get("ticket")).toContain(attendee.ticket_id);
    // Each in the person's language (the test SMS goes to an organiser: English).
    const hausa = /Tikitinku|tikiti/i;
    for (const template of ["ticket", "sms-ticket", "sms-reminder"]) {
      expect(hausa.test(texts.get(template) ?? "")).toBe(language === "ha");
    }
    await db.delete(mail_outbox);
  });
});
