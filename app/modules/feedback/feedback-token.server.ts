import { type Language, withLanguage } from "~/i18n/languages";
import { signToken, verifyToken } from "~/modules/tickets/ticket-token.server";

// The survey's link (/feedback/<attendee id>.<signature>): it names one registration by its
// random id under a key of its own ("feedback"), so it opens the survey and nothing else: no
// ticket page, no cancelling, no data. No sign-in is needed, and one person has one answer.
// Only the person's own mailbox (or phone) receives it.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function signFeedbackToken(attendeeId: string, secret: string): string {
  return signToken("feedback", attendeeId, secret, UUID);
}

/** The registration's id; null for anything malformed, forged, or signed with a key no longer accepted. */
export function verifyFeedbackToken(token: string, secret: string): string | null {
  return verifyToken("feedback", token, secret, UUID);
}

/** The survey, opening in the person's language. */
export function feedbackUrl(publicUrl: string, attendeeId: string, secret: string, language: Language): string {
  const token = signFeedbackToken(attendeeId, secret);
  return withLanguage(`${publicUrl.replace(/\/+$/, "")}/feedback/${encodeURIComponent(token)}`, language);
}
