import { renderMessage } from "~/modules/mail/message-registry.server";
import {
  renderCertificateMail,
  renderCertificateSms,
  renderFeedbackRequestMail,
  renderFeedbackRequestSms,
} from "./certificate-mail.server";
import { certificateMessage, certificateSmsMessage, feedbackRequestMessage, feedbackRequestSmsMessage } from "./certificates.server";

// The certificates' messages, e-mail and SMS together, as the outbox's registry renders them
// (server/outbox.server.ts): the certificate, and the survey's invitation to those who did not come.

export const certificateMessages = [
  renderMessage(certificateMessage, { email: renderCertificateMail }),
  renderMessage(certificateSmsMessage, { sms: renderCertificateSms }),
  renderMessage(feedbackRequestMessage, { email: renderFeedbackRequestMail }),
  renderMessage(feedbackRequestSmsMessage, { sms: renderFeedbackRequestSms }),
];
