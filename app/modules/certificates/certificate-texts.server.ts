import type { Language } from "~/i18n/languages";
import { translator } from "~/i18n/translate.server";

// The subjects, chosen per person by the queueing statement (certificates.server.ts) and
// written again by the renderer, so the outbox lists what the mail program shows.

export function certificateSubject(eventName: string, language: Language): string {
  return translator(language, "mail")("certificateMail.subject", { event: eventName });
}

export function feedbackRequestSubject(eventName: string, language: Language): string {
  return translator(language, "mail")("feedbackRequest.subject", { event: eventName });
}
