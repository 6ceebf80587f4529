import { renderMessage } from "~/modules/mail/message-registry.server";
import { cancellationMessage } from "./cancel.server";
import { renderCancellationMail } from "./cancellation-email.server";
import { reminderMessage, renderReminderMail } from "./reminders.server";
import { renderTicketMail, ticketMessage } from "./ticket-mail.server";
import { cancellationSmsMessage, reminderSmsMessage, renderTicketSms, ticketSmsMessage } from "./ticket-sms.server";
import { reminderWhatsAppMessage, renderTicketWhatsApp, ticketWhatsAppMessage } from "./ticket-whatsapp.server";

// The tickets' messages, e-mail, SMS and WhatsApp together, as the outbox's registry renders them
// (server/outbox.server.ts): the ticket, the reminder, the cancellation.

export const ticketMessages = [
  renderMessage(ticketMessage, { email: renderTicketMail }),
  renderMessage(reminderMessage, { email: (db, data, keys) => renderReminderMail(db, data, keys) }),
  renderMessage(cancellationMessage, { email: (db, data, { publicUrl }) => renderCancellationMail(db, data, publicUrl) }),
  renderMessage(ticketSmsMessage, { sms: async (db, data, keys) => (await renderTicketSms(db, ticketSmsMessage.name, data, keys)).text }),
  renderMessage(reminderSmsMessage, {
    sms: async (db, data, keys) => (await renderTicketSms(db, reminderSmsMessage.name, data, keys)).text,
  }),
  renderMessage(ticketWhatsAppMessage, { whatsapp: (db, data, keys) => renderTicketWhatsApp(db, "ticket", data, keys) }),
  renderMessage(reminderWhatsAppMessage, { whatsapp: (db, data, keys) => renderTicketWhatsApp(db, "reminder", data, keys) }),
  renderMessage(cancellationSmsMessage, {
    sms: async (db, data, keys) => (await renderTicketSms(db, cancellationSmsMessage.name, data, keys)).text,
  }),
];
