import { renderMessage } from "~/modules/mail/message-registry.server";
import { waitlistJoinedMessage, waitlistOfferMessage } from "./waitlist.server";
import { renderWaitlistMail } from "./waitlist-email.server";
import { renderOfferSms, waitlistOfferSmsMessage } from "./waitlist-sms.server";
import { renderOfferWhatsApp, waitlistOfferWhatsAppMessage } from "./waitlist-whatsapp.server";

// The waitlist's messages, e-mail, SMS and WhatsApp together, as the outbox's registry renders them
// (server/outbox.server.ts): joining the line, and a freed seat offered.

export const waitlistMessages = [
  renderMessage(waitlistJoinedMessage, { email: (db, data, keys) => renderWaitlistMail(db, waitlistJoinedMessage.name, data, keys) }),
  renderMessage(waitlistOfferMessage, { email: (db, data, keys) => renderWaitlistMail(db, waitlistOfferMessage.name, data, keys) }),
  renderMessage(waitlistOfferSmsMessage, { sms: async (db, data, keys) => (await renderOfferSms(db, data, keys)).text }),
  renderMessage(waitlistOfferWhatsAppMessage, { whatsapp: (db, data, keys) => renderOfferWhatsApp(db, data, keys) }),
];
