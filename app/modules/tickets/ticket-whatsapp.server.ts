import { getConfig } from "~/config.server";
import type { DbOrTx } from "~/db/client.server";
import { isUuid } from "~/db/uuid";
import { type Language, languageOr } from "~/i18n/languages";
import { defineMessage, queueMessage } from "~/modules/mail/message-registry.server";
import { clockTime, formatClockTime } from "~/modules/settings/event-hours";
import { formatEventDate } from "~/modules/settings/event-time";
import { localizedSettings } from "~/modules/settings/localized-settings";
import { getSettings } from "~/modules/settings/settings.server";
import type { WhatsAppPayload } from "~/modules/whatsapp/payload";
import { templateMessage } from "~/modules/whatsapp/template-message";
import { signSavedTicketToken } from "./saved-ticket-token.server";
import type { TicketLinkKeys } from "./ticket-link.server";
import { ticketMailRows } from "./ticket-rows.server";
import { attendeeMessageData, reminderSmsMessage, ticketSmsMessage } from "./ticket-sms.server";
import { shortSelfServiceToken } from "./ticket-token.server";

// The ticket and its reminder on WhatsApp (docs/WHATSAPP.md: templates summit_ticket and
// summit_reminder), for people who asked for them: template messages, which Meta lets a business
// send at any time, with the ticket's image as the header, the facts as parameters and a button
// to the person's ticket page. Rendered by the worker from the registration as it is then; if
// WhatsApp cannot deliver one, its SMS twin goes instead (smsFallback).

export const ticketWhatsAppMessage = defineMessage({
  name: "whatsapp-ticket",
  data: attendeeMessageData,
  channels: ["whatsapp"],
  smsFallback: ticketSmsMessage,
});
/** Queued by Send Reminders' statement (reminders.server.ts). */
export const reminderWhatsAppMessage = defineMessage({
  name: "whatsapp-reminder",
  data: attendeeMessageData,
  channels: ["whatsapp"],
  smsFallback: reminderSmsMessage,
});

type WhatsAppPerson = { id: string; phone: string; whatsapp_opt_in?: boolean };

/** Queues the ticket on WhatsApp when the person asked for it and WhatsApp is on; null when not. */
export async function enqueueTicketWhatsApp(tx: DbOrTx, attendee: WhatsAppPerson, kind = "ticket"): Promise<string | null> {
  // A STOP since is checked as it is queued (enqueueWhatsApp), once.
  if (!attendee.whatsapp_opt_in) return null;
  return queueMessage(
    tx,
    ticketWhatsAppMessage,
    "whatsapp",
    { attendeeId: attendee.id },
    { to: attendee.phone, kind, attendeeId: attendee.id },
  );
}

/** The approved template's language for the person's own: Meta keeps each translation under a code. */
function templateLanguage(language: Language): string {
  const whatsapp = getConfig().whatsapp;
  return whatsapp ? whatsapp.languages[language] : language;
}

/** The ticket's image as WhatsApp fetches it: the answer's short-lived "Save ticket" link, never the self-service one. */
function ticketImageUrl(publicUrl: string, ticketId: string, secret: string, language: Language): string {
  return `${publicUrl.replace(/\/+$/, "")}/ticket-image/${encodeURIComponent(signSavedTicketToken(ticketId, secret))}?lang=${language}`;
}

/** Renders a queued ticket or reminder for WhatsApp: the template with the registration's facts now. */
export async function renderTicketWhatsApp(
  db: DbOrTx,
  template: "ticket" | "reminder",
  data: { attendeeId: string },
  keys: TicketLinkKeys,
): Promise<WhatsAppPayload> {
  const whatsapp = getConfig().whatsapp;
  if (!whatsapp) throw new Error("WhatsApp is not configured on this server");
  const row = isUuid(data.attendeeId) ? await ticketMailRows(db).load(data.attendeeId) : undefined;
  if (!row) throw new Error("the attendee of this WhatsApp message is no longer registered");
  const { attendee } = row;
  const language = languageOr(attendee.language);
  const settings = localizedSettings(row.settings ?? (await getSettings(db)), language);
  const date = formatEventDate(settings.event_date, language, "long");
  const time = formatClockTime(clockTime(settings.event_starts_at));
  const header = { image: ticketImageUrl(keys.publicUrl, attendee.ticket_id, keys.secret, language) };
  const urlSuffix = shortSelfServiceToken(attendee.id, keys.secret, attendee.token_version);
  const body =
    template === "ticket"
      ? [attendee.full_name, settings.event_name, attendee.ticket_id, date, time, settings.venue]
      : [attendee.full_name, settings.event_name, date, time, settings.venue, attendee.ticket_id];
  return templateMessage({
    name: template === "ticket" ? whatsapp.templates.ticket : whatsapp.templates.reminder,
    language: templateLanguage(language),
    header,
    body,
    urlSuffix,
  });
}
