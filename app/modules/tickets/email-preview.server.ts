import { getConfig } from "~/config.server";
import type { DbOrTx } from "~/db/client.server";
import type { MailAttachment } from "~/db/schema";
import { enqueueMail } from "~/modules/mail/outbox.server";
import { daysUntilEvent } from "~/modules/settings/event-time";
import { getSettings } from "~/modules/settings/settings.server";
import { buildTicketEmail } from "./ticket-email.server";
import { type TicketLinkKeys, ticketPageUrl } from "./ticket-link.server";
import { signDoorCode, signSelfServiceToken } from "./ticket-token.server";

// Previews of the real ticket and reminder e-mails, rendered from the current settings for
// a made-up attendee, and a test copy sent to the organiser who asks.

const PREVIEW_TEMPLATES = ["ticket", "reminder"] as const;
export type PreviewTemplate = (typeof PREVIEW_TEMPLATES)[number];

const SAMPLE_ATTENDEE = {
  id: "00000000-0000-4000-8000-0000000000aa",
  full_name: "Amina Sample",
  email: "amina.sample@example.org",
  ticket_id: "ZYS-SAMPLE-PREVIEW",
};

export function isPreviewTemplate(value: string | undefined): value is PreviewTemplate {
  return (PREVIEW_TEMPLATES as readonly string[]).includes(value ?? "");
}

export async function renderEmailPreview(db: DbOrTx, template: PreviewTemplate, keys: TicketLinkKeys, now = new Date()) {
  const settings = await getSettings(db);
  return buildTicketEmail({
    attendee: SAMPLE_ATTENDEE,
    settings,
    ticketUrl: ticketPageUrl(keys.publicUrl, signSelfServiceToken(SAMPLE_ATTENDEE.id, keys.secret)),
    siteUrl: keys.publicUrl,
    doorCode: signDoorCode(SAMPLE_ATTENDEE.ticket_id, keys.secret),
    variant:
      template === "ticket" ? { kind: "ticket" } : { kind: "reminder", daysLeft: Math.max(1, daysUntilEvent(now, settings.event_date)) },
    ussdCode: getConfig().ussdCode,
  });
}

/** The HTML as a browser can show it: inline images (cid:) become data: URLs. */
export function withInlineImages(html: string, attachments: readonly MailAttachment[] = []): string {
  let shown = html;
  for (const a of attachments) if (a.cid) shown = shown.replaceAll(`cid:${a.cid}`, `data:${a.contentType};base64,${a.content}`);
  return shown;
}

/** Queues the preview, as rendered now, to the organiser who asked (subject marked as a test). */
export async function sendTestEmail(
  db: DbOrTx,
  template: PreviewTemplate,
  to: string,
  keys: TicketLinkKeys,
  now = new Date(),
): Promise<void> {
  const mail = await renderEmailPreview(db, template, keys, now);
  await enqueueMail(db, { ...mail, to, subject: `[Test] ${mail.subject}`, kind: "test" });
}
