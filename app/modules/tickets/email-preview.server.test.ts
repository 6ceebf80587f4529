import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { mail_outbox } from "~/db/schema";
import { updateSettings } from "~/modules/settings/settings.server";
import { isPreviewTemplate, renderEmailPreview, sendTestEmail, withInlineImages } from "./email-preview.server";

const KEYS = { publicUrl: "https://summit.example.org", secret: "preview-test-secret-0123456789" };

describe("e-mail previews", () => {
  let database: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    await updateSettings(database.db, { event_date: "2026-12-24", event_name: "Zamfara Youth Summit", venue: "Ɗan Fodio Hall" });
  });
  afterAll(async () => database?.close());

  it("renders the real templates for a made-up attendee with the current settings", async () => {
    const ticket = await renderEmailPreview(database.db, "ticket", KEYS, new Date("2026-12-01T09:00:00Z"));
    expect(ticket.subject).toBe("Your ticket for Zamfara Youth Summit — ZYS-SAMPLE-PREVIEW");
    expect(ticket.html).toContain("Amina Sample");
    expect(ticket.html).toContain("Ɗan Fodio Hall");
    const reminder = await renderEmailPreview(database.db, "reminder", KEYS, new Date("2026-12-23T09:00:00Z"));
    expect(reminder.subject).toBe("Tomorrow: Zamfara Youth Summit — your ticket inside");
    expect(reminder.text).toContain("is tomorrow");
  });

  it("shows inline images as data: URLs, so the sandboxed frame needs nothing from outside", async () => {
    const mail = await renderEmailPreview(database.db, "ticket", KEYS);
    const shown = withInlineImages(mail.html, mail.attachments);
    expect(mail.html).toContain('src="cid:ticket-qr"');
    expect(shown).not.toContain("cid:");
    expect(shown).toContain('src="data:image/png;base64,');
  });

  it("queues a test copy to the organiser, marked as a test; only the two templates exist", async () => {
    await sendTestEmail(database.db, "reminder", "organiser@example.org", KEYS, new Date("2026-12-20T09:00:00Z"));
    const [mail] = await database.db.select().from(mail_outbox).where(eq(mail_outbox.kind, "test"));
    expect(mail).toMatchObject({
      to_address: "organiser@example.org",
      subject: "[Test] Reminder: Zamfara Youth Summit, Thursday, 24 December 2026 — your ticket inside",
    });
    expect(mail?.attachments).toHaveLength(2);
    expect(isPreviewTemplate("ticket")).toBe(true);
    expect(isPreviewTemplate("../etc")).toBe(false);
    expect(isPreviewTemplate(undefined)).toBe(false);
  });
});
