import type { DbOrTx } from "~/db/client.server";
import { getSettings } from "~/modules/settings/settings.server";
import type { CommentQuery } from "./comment-query";
import { searchComments } from "./comments.server";
import { feedbackOverview } from "./feedback-stats.server";
import { surveyWindow } from "./survey-window";

/** Everything /admin/feedback shows: when the survey is open, its figures, and one page of comments. */
export async function feedbackPage(db: DbOrTx, query: CommentQuery, now: Date) {
  const [settings, overview, comments] = await Promise.all([getSettings(db), feedbackOverview(db), searchComments(db, query)]);
  const window = surveyWindow(settings, now);
  return {
    survey: { state: window.state, opensAt: window.opensAt, closesAt: window.closesAt, days: settings.feedback_days },
    overview,
    comments: { ...comments, query: { ...query, page: comments.page } },
  };
}
