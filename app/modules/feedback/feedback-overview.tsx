import { lazy } from "react";
import { ChartCard, ClientChart } from "~/ui/chart-card";
import { partOf, percentOf } from "~/ui/share";
import { StatCard, StatCardIcon } from "~/ui/stat-card";
import type { FeedbackOverview } from "./feedback-stats.server";

// The Feedback page's figures: response rates, the rating and its distribution, would come
// again, and the sessions people found most useful. Charts as on the dashboard (the kit's
// ChartCard), recharts in its own chunk, fetched only here.

const RatingBars = lazy(() => import("./feedback-charts").then((m) => ({ default: m.RatingBars })));

const number = (n: number) => n.toLocaleString("en-US");

export function FeedbackFigures({ overview }: { overview: FeedbackOverview }) {
  const { registered, checkedIn, answers, attendedAnswers, averageRating, comeAgain } = overview;
  const rated = overview.ratings.reduce((sum, r) => sum + r.count, 0);
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4" data-testid="feedback-figures">
      <StatCard
        label="Response rate"
        value={`${percentOf(answers, registered)}%`}
        detail={`${partOf(answers, registered)} registered answered`}
        icon={
          <StatCardIcon>
            <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
          </StatCardIcon>
        }
      />
      <StatCard
        label="Among those who came"
        value={`${percentOf(attendedAnswers, checkedIn)}%`}
        detail={`${partOf(attendedAnswers, checkedIn)} checked in answered`}
        icon={
          <StatCardIcon>
            <path d="M22 11.08V12a10 10 0 1 1-5.93-9.14" />
            <path d="m22 4-10 10.01-3-3" />
          </StatCardIcon>
        }
      />
      <StatCard
        label="Average rating"
        value={averageRating === null ? "N/A" : `${averageRating.toFixed(1)} / 5`}
        detail={rated === 0 ? "No ratings yet" : `From ${number(rated)} ${rated === 1 ? "rating" : "ratings"}`}
        icon={
          <StatCardIcon>
            <path d="m12 2 3.09 6.26L22 9.27l-5 4.87 1.18 6.88L12 17.77l-6.18 3.25L7 14.14 2 9.27l6.91-1.01L12 2Z" />
          </StatCardIcon>
        }
      />
      <StatCard
        label="Would come again"
        value={comeAgain.answered === 0 ? "N/A" : `${percentOf(comeAgain.yes, comeAgain.answered)}%`}
        detail={comeAgain.answered === 0 ? "Nobody answered yet" : `${partOf(comeAgain.yes, comeAgain.answered)} said yes`}
        icon={
          <StatCardIcon>
            <path d="M3 12a9 9 0 1 0 3-6.7L3 8" />
            <path d="M3 3v5h5" />
          </StatCardIcon>
        }
      />
    </div>
  );
}

export function RatingDistribution({ ratings }: { ratings: FeedbackOverview["ratings"] }) {
  const rated = ratings.reduce((sum, r) => sum + r.count, 0);
  return (
    <ChartCard id="rating-chart-heading" title="Rating distribution">
      {rated === 0 ? (
        <p className="text-sm text-gray-500">No ratings yet: only those who were checked in rate the day.</p>
      ) : (
        <>
          <ClientChart label="Loading rating chart">
            <RatingBars ratings={ratings} />
          </ClientChart>
          <ul className="sr-only">
            {ratings.map((r) => (
              <li key={r.rating}>{`Rated ${r.rating}: ${r.count} (${percentOf(r.count, rated)}%)`}</li>
            ))}
          </ul>
        </>
      )}
    </ChartCard>
  );
}

/** The sessions by how many chose them as the most useful: a ranked list with bars drawn in CSS (no chart code). */
export function SessionRanking({ sessions }: { sessions: FeedbackOverview["sessions"] }) {
  const top = sessions[0]?.count ?? 0;
  const chosen = sessions.reduce((sum, s) => sum + s.count, 0);
  return (
    <ChartCard id="sessions-heading" title="Most useful sessions">
      {sessions.length === 0 ? (
        <p className="text-sm text-gray-500">No session chosen yet.</p>
      ) : (
        <ol className="space-y-3" aria-label="Sessions ranked by how many chose them as the most useful">
          {sessions.map((session, index) => (
            <li key={session.key} className="text-sm">
              <div className="flex items-baseline gap-2">
                <span className="w-5 shrink-0 font-semibold text-gray-500 tabular-nums">{`${index + 1}.`}</span>
                <span className="min-w-0 flex-1 break-words text-gray-900">{session.title}</span>
                <span className="shrink-0 font-semibold text-gray-900 tabular-nums">
                  {`${number(session.count)} · ${percentOf(session.count, chosen)}%`}
                </span>
              </div>
              <div className="mt-1 ml-7 h-2 rounded-full bg-gray-100" aria-hidden="true">
                <div className="h-2 rounded-full bg-brand-600" style={{ width: `${Math.max(2, (session.count / top) * 100)}%` }} />
              </div>
            </li>
          ))}
        </ol>
      )}
    </ChartCard>
  );
}
