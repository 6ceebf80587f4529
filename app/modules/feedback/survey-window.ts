import { type EventWhen, eventEnd } from "~/modules/settings/event-time";

// When the survey takes answers: from the event's end (Lagos time) for `feedback_days` days.
// Before, there is nothing to rate yet; after, the figures organisers read stay put.

const DAY_MS = 86_400_000;

export type SurveyState = "not-yet" | "open" | "closed";
export type SurveyWindow = { state: SurveyState; opensAt: Date; closesAt: Date };

type WindowSettings = EventWhen & { feedback_days: number };

export function surveyWindow(settings: WindowSettings, now: Date): SurveyWindow {
  const opensAt = eventEnd(settings);
  const closesAt = new Date(opensAt.getTime() + settings.feedback_days * DAY_MS);
  const state = now < opensAt ? "not-yet" : now < closesAt ? "open" : "closed";
  return { state, opensAt, closesAt };
}
