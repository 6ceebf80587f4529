import { renderMessage } from "~/modules/mail/message-registry.server";
import {
  renderCertificateMail,
  renderCertificateSms,
  renderFeedbackRequestMail,
  renderFeedbackRequestSms,
} from "./certificate-mail.server";
import { renderCertificateWhatsApp } from "./certificate-whatsapp.server";
import {
  certificateMessage,
  certificateSmsMessage,
  certificateWhatsAppMessage,
  feedbackRequestMessage,
  feedbackRequestSmsMessage,
} from "./certificates.server";

// The certificates' messages, e-mail, SMS and WhatsApp together, as the outbox's registry renders them
// (server/outbox.server.ts): the certificate, and the survey's invitation to those who did not come.

export const certificateMessages = [
  renderMessage(certificateMessage, { email: renderCertificateMail }),
  renderMessage(certificateSmsMessage, { sms: renderCertificateSms }),
  renderMessage(certificateWhatsAppMessage, { whatsapp: renderCertificateWhatsApp }),
  renderMessage(feedbackRequestMessage, { email: renderFeedbackRequestMail }),
  renderMessage(feedbackRequestSmsMessage, { sms: renderFeedbackRequestSms }),
];
