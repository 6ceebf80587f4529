import { data } from "react-router";
import { logger } from "~/logger.server";
import { requireAdmin } from "~/modules/auth/session.server";
import { commentQueryString, parseCommentQuery } from "~/modules/feedback/comment-query";
import { FeedbackComments } from "~/modules/feedback/feedback-comments";
import { FeedbackEditionPicker } from "~/modules/feedback/feedback-edition-picker";
import { FeedbackFigures, RatingDistribution, SessionRanking } from "~/modules/feedback/feedback-overview";
import { feedbackPage } from "~/modules/feedback/feedback-page.server";
import { displayDateTime } from "~/ui/date-time";
import { EmptyState } from "~/ui/empty-state";
import { Notice } from "~/ui/notice";
import { DownloadIcon } from "~/ui/row-icons";
import { BUTTON } from "~/ui/styles";
import { makeToast } from "~/ui/toast";
import { Toaster } from "~/ui/toaster";
import type { Route } from "./+types/feedback";

// /admin/feedback: what people said in the survey after the summit, for the current edition or
// one chosen in the URL (?edition=, an archived edition's answers stay readable):
// response rates, the rating, the most useful sessions, come again, and the comments
// (searched and paged in SQL), with the answers' CSV. Organisers only.

export const handle = { title: "Feedback" };

const PATH = "/admin/feedback";
const LOAD_FAILED = "Failed to load the feedback";

export async function loader({ request, url }: Route.LoaderArgs) {
  const { db } = await requireAdmin(request);
  const query = parseCommentQuery(url.searchParams);
  try {
    return { page: await feedbackPage(db, query, new Date()), toast: null };
  } catch (error) {
    logger().error({ err: error }, "feedback page failed");
    return data({ page: null, toast: makeToast("error", LOAD_FAILED) }, { status: 500 });
  }
}

export default function Feedback({ loaderData }: Route.ComponentProps) {
  const { page, toast } = loaderData;
  if (!page) return <>{toast ? <Toaster toasts={[toast]} /> : <EmptyState>{LOAD_FAILED}</EmptyState>}</>;
  const { survey, overview, comments } = page;
  const chosen = commentQueryString({ edition: comments.query.edition });
  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="space-y-3">
          <p className="text-gray-600">What attendees and registrants said in the survey after the summit.</p>
          <FeedbackEditionPicker editions={page.editions} edition={page.edition} path={PATH} />
        </div>
        {overview.answers > 0 ? (
          <a href={`${PATH}/export.csv${chosen}`} download className={`${BUTTON.primary} self-start sm:self-auto`}>
            <DownloadIcon />
            Export CSV
          </a>
        ) : null}
      </div>
      <Notice tone="info" testId="survey-window">
        {survey.state === "not-yet"
          ? `The survey opens when the event ends, on ${displayDateTime(survey.opensAt)}, and stays open for ${survey.days} days. Its link goes out with the certificates, and to those who registered but were not checked in.`
          : survey.state === "open"
            ? `The survey is open until ${displayDateTime(survey.closesAt)} (${survey.days} days after the event). People can change their answers until then.`
            : `The survey closed on ${displayDateTime(survey.closesAt)}. The answers below are final.`}{" "}
        Names appear only where people ticked “you may quote me with my name”, here and in the CSV.
      </Notice>
      {overview.answers === 0 ? (
        <EmptyState>
          {page.archived ? "Nobody answered this edition's survey." : "Nobody has answered the survey yet."}
          {page.editions.length > 1 && !page.archived ? " Earlier editions' answers: choose the edition above." : ""}
        </EmptyState>
      ) : (
        <>
          <FeedbackFigures overview={overview} />
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
            <RatingDistribution ratings={overview.ratings} />
            <SessionRanking sessions={overview.sessions} />
          </div>
          <FeedbackComments {...comments} path={PATH} />
        </>
      )}
      {toast ? <Toaster toasts={[toast]} /> : null}
    </div>
  );
}
