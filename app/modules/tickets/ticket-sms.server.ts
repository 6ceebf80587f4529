import { eq } from "drizzle-orm";
import { z } from "zod";
import { getConfig } from "~/config.server";
import type { DbOrTx } from "~/db/client.server";
import { cancelled_registrations } from "~/db/schema";
import { isUuid } from "~/db/uuid";
import { type Language, languageOr } from "~/i18n/languages";
import { defineMessage, queueMessage } from "~/modules/mail/message-registry.server";
import { clockTime, formatClockTime } from "~/modules/settings/event-hours";
import { formatEventDate } from "~/modules/settings/event-time";
import { localizedSettings } from "~/modules/settings/localized-settings";
import { type EventSettings, getSettings } from "~/modules/settings/settings.server";
import { cancellationSms, reminderSms, ticketSms } from "~/modules/sms/sms-texts.server";
import { shortTicketUrl, type TicketLinkKeys } from "./ticket-link.server";
import { ticketMailRows } from "./ticket-rows.server";

// The ticket, its reminder and a cancellation by SMS, for people who asked for them on the
// form and everyone who registered by USSD. Queued beside the e-mail in the same transaction
// and rendered by the worker, from the registration and the settings as they are then.

/** The data of a message about an attendee: the ticket and the reminder, by e-mail and SMS. */
export const attendeeMessageData = z.object({ attendeeId: z.string() });

export const ticketSmsMessage = defineMessage({ name: "sms-ticket", data: attendeeMessageData, channels: ["sms"] });
/** Queued by Send Reminders' statement (reminders.server.ts). */
export const reminderSmsMessage = defineMessage({ name: "sms-reminder", data: attendeeMessageData, channels: ["sms"] });
export const cancellationSmsMessage = defineMessage({
  name: "sms-cancellation",
  data: z.object({ registrationId: z.string() }),
  channels: ["sms"],
});

type SmsPerson = { id: string; phone: string; sms_opt_in: boolean };

/** Queues the ticket SMS when the person wants one; null when not. */
export async function enqueueTicketSms(tx: DbOrTx, attendee: SmsPerson, kind = "ticket"): Promise<string | null> {
  if (!attendee.sms_opt_in) return null;
  return queueMessage(tx, ticketSmsMessage, "sms", { attendeeId: attendee.id }, { to: attendee.phone, kind, attendeeId: attendee.id });
}

/** Queues the cancellation SMS for a registration just cancelled, when its holder wanted SMS. */
export async function enqueueCancellationSms(tx: DbOrTx, registration: SmsPerson): Promise<string | null> {
  if (!registration.sms_opt_in) return null;
  return queueMessage(
    tx,
    cancellationSmsMessage,
    "sms",
    { registrationId: registration.id },
    { to: registration.phone, kind: "cancellation", attendeeId: null },
  );
}

/** The event as an SMS names it, in the person's language. */
function smsEventFacts(settings: Pick<EventSettings, "event_date" | "event_starts_at" | "venue">, language: Language) {
  return {
    date: formatEventDate(settings.event_date, language, "long"),
    time: formatClockTime(clockTime(settings.event_starts_at)),
    venue: settings.venue,
  };
}

/** Renders a ticket-module SMS (ticket, reminder, cancellation) for the worker: its text. */
export async function renderTicketSms(
  db: DbOrTx,
  template: string,
  data: Record<string, unknown> | null,
  keys: TicketLinkKeys,
): Promise<{ text: string }> {
  if (template === cancellationSmsMessage.name) {
    const id = typeof data?.registrationId === "string" ? data.registrationId : "";
    const [row] = isUuid(id)
      ? await db
          .select({ ticket_id: cancelled_registrations.ticket_id, language: cancelled_registrations.language })
          .from(cancelled_registrations)
          .where(eq(cancelled_registrations.id, id))
      : [];
    if (!row) throw new Error("the cancelled registration of this SMS is gone");
    const language = languageOr(row.language);
    const { event_name } = localizedSettings(await getSettings(db), language);
    return { text: cancellationSms({ language, eventName: event_name, ticketId: row.ticket_id }) };
  }
  const id = typeof data?.attendeeId === "string" ? data.attendeeId : "";
  // A round's SMS read their attendees and the settings in one query, as its e-mails do.
  const row = isUuid(id) ? await ticketMailRows(db).load(id) : undefined;
  if (!row) throw new Error("the attendee of this SMS is no longer registered");
  const { attendee } = row;
  const language = languageOr(attendee.language);
  const settings = localizedSettings(row.settings ?? (await getSettings(db)), language);
  const input = {
    language,
    eventName: settings.event_name,
    ticketId: attendee.ticket_id,
    ...smsEventFacts(settings, language),
    link: shortTicketUrl(attendee.id, keys, attendee.token_version),
  };
  return { text: template === reminderSmsMessage.name ? reminderSms(input) : ticketSms({ ...input, ussdCode: getConfig().ussdCode }) };
}
