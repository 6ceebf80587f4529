import { getConfig } from "~/config.server";
import type { DbOrTx } from "~/db/client.server";
import type { MessageChannel } from "~/db/schema";
import { isUuid } from "~/db/uuid";
import { languageOr } from "~/i18n/languages";
import { defineMessage, queueMessage } from "~/modules/mail/message-registry.server";
import type { OutgoingMail } from "~/modules/mail/outbox.server";
import { PermanentMailError } from "~/modules/mail/transport.server";
import { localizedSettings } from "~/modules/settings/localized-settings";
import { getSettings } from "~/modules/settings/settings.server";
import { buildTicketEmail, type TicketEmailAttendee, type TicketEmailVariant, ticketSubject } from "./ticket-email.server";
import { type TicketLinkKeys, ticketPageUrl } from "./ticket-link.server";
import { ticketMailRows } from "./ticket-rows.server";
import { attendeeMessageData, enqueueTicketSms } from "./ticket-sms.server";
import { signDoorCode, signSelfServiceToken } from "./ticket-token.server";
import { enqueueTicketWhatsApp } from "./ticket-whatsapp.server";

// The ticket e-mail through the outbox: queued in the caller's transaction, rendered
// by the worker from the template in ticket-email.server.tsx.

export const ticketMessage = defineMessage({ name: "ticket", data: attendeeMessageData, channels: ["email"] });

/**
 * Queues the ticket in the caller's transaction: the e-mail (to an address, which a USSD
 * registration lacks), the SMS and the WhatsApp message (to those who asked for them). Inside registration they exist
 * exactly when the attendee does; organisers' resends pass another kind. The worker renders
 * them, so the request only writes rows. Returns the e-mail's id, or the SMS's when no e-mail.
 */
export async function enqueueTicket(
  tx: DbOrTx,
  {
    attendee,
    eventName,
    kind = "ticket",
    channels = ["email", "sms", "whatsapp"],
  }: {
    attendee: Pick<TicketEmailAttendee, "id" | "ticket_id" | "language"> & {
      email: string | null;
      phone: string;
      sms_opt_in: boolean;
      whatsapp_opt_in?: boolean;
    };
    eventName: string;
    kind?: string;
    /** all by default (each as the person asked); "Lost your ticket?" answers by e-mail only, a USSD menu by SMS only */
    channels?: readonly MessageChannel[];
  },
): Promise<string | null> {
  const whatsappId = channels.includes("whatsapp") ? await enqueueTicketWhatsApp(tx, attendee, kind) : null;
  const smsId = (channels.includes("sms") ? await enqueueTicketSms(tx, attendee, kind) : null) ?? whatsappId;
  if (attendee.email === null || !channels.includes("email")) return smsId;
  return queueMessage(
    tx,
    ticketMessage,
    "email",
    { attendeeId: attendee.id },
    {
      to: attendee.email,
      subject: ticketSubject(eventName, attendee.ticket_id, languageOr(attendee.language)),
      kind,
      attendeeId: attendee.id,
    },
  );
}

/**
 * Renders a queued ticket e-mail (or, with a reminder variant, the reminder that carries the
 * ticket) from the attendee and the settings as they are now.
 */
export async function renderTicketMail(
  db: DbOrTx,
  data: Record<string, unknown> | null,
  { publicUrl, secret }: TicketLinkKeys,
  variant: TicketEmailVariant | ((eventDate: string) => TicketEmailVariant) = { kind: "ticket" },
): Promise<Pick<OutgoingMail, "subject" | "html" | "text" | "attachments">> {
  const attendeeId = typeof data?.attendeeId === "string" ? data.attendeeId : "";
  const row = isUuid(attendeeId) ? await ticketMailRows(db).load(attendeeId) : undefined;
  if (!row) throw new Error("the attendee of this e-mail is no longer registered");
  const { attendee: registration } = row;
  if (registration.email === null) throw new PermanentMailError("this registration has no e-mail address (registered by USSD)");
  const attendee = { ...registration, email: registration.email };
  // The venue (and the other organisers' texts) in the attendee's language where organisers gave one.
  const settings = localizedSettings(row.settings ?? (await getSettings(db)), languageOr(attendee.language));
  const { subject, html, text, attachments } = await buildTicketEmail({
    attendee,
    settings,
    // The person's own link (only their mailbox carries it) and the QR code's door code, apart.
    ticketUrl: ticketPageUrl(publicUrl, signSelfServiceToken(attendee.id, secret, attendee.token_version)),
    siteUrl: publicUrl,
    doorCode: signDoorCode(attendee.ticket_id, secret),
    variant: typeof variant === "function" ? variant(settings.event_date) : variant,
    ussdCode: getConfig().ussdCode,
  });
  return { subject, html, text, attachments };
}
