import type { DbOrTx } from "~/db/client.server";
import { editionCertificates } from "~/modules/certificates/certificate-verify.server";
import { countFeedbackAnswers } from "~/modules/feedback/feedback-stats.server";
import { surveyWindow } from "~/modules/feedback/survey-window";
import type { EventSettings } from "~/modules/settings/settings.server";

// What the concluded edition has promised its people and what starting the next one keeps
// (issue 39): the survey's link stays open until its closing day, its answers stay on the
// Feedback page, and its certificates stay downloadable and verifiable. The review screen before
// "Start the Next Edition" says so in these numbers, so organisers start it knowing.

export type EditionPromises = {
  survey: { state: "not-yet" | "open" | "closed"; closesAt: Date; answers: number };
  certificates: { issued: number; verifiableUntil: Date };
};

export async function editionPromises(
  db: DbOrTx,
  settings: Pick<
    EventSettings,
    "edition_id" | "event_date" | "event_starts_at" | "event_ends_at" | "feedback_days" | "certificate_valid_days" | "retention_days"
  >,
  now: Date,
): Promise<EditionPromises> {
  const [answers, certificates] = await Promise.all([countFeedbackAnswers(db), editionCertificates(db, settings.edition_id, settings)]);
  const window = surveyWindow(settings, now);
  return { survey: { state: window.state, closesAt: window.closesAt, answers }, certificates };
}
