import { desc, eq, isNotNull, or } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { editions } from "~/db/schema";
import { getSettings } from "~/modules/settings/settings.server";
import type { CommentQuery } from "./comment-query";
import { searchComments } from "./comments.server";
import { feedbackOverview } from "./feedback-stats.server";
import { surveyWindow } from "./survey-window";

// Everything /admin/feedback shows, for the edition chosen in the URL (`?edition=`): the current
// one by default, or an archived one, whose answers stay readable after the next edition starts
// (issue 39). An archived edition's window and counts are the ones it was archived with.

export type FeedbackEditionChoice = { id: number; name: string; current: boolean };

/** Everything /admin/feedback shows: the editions to choose from, when the chosen one's survey is open, its figures, and one page of comments. */
export async function feedbackPage(db: DbOrTx, query: CommentQuery, now: Date) {
  const settings = await getSettings(db);
  // The current edition and the archived ones: an edition is listed once it has run or runs now.
  const rows = await db
    .select()
    .from(editions)
    .where(or(isNotNull(editions.archived_at), eq(editions.id, settings.edition_id)))
    .orderBy(desc(editions.id));
  const archived = rows.find((row) => row.id === query.edition && row.id !== settings.edition_id && row.event_date);
  const edition = archived?.event_date
    ? {
        id: archived.id,
        window: {
          event_date: archived.event_date,
          event_starts_at: archived.event_starts_at,
          event_ends_at: archived.event_ends_at,
          feedback_days: archived.feedback_days ?? 0,
        },
        counts: { registered: archived.figures?.registered ?? 0, checkedIn: archived.figures?.attended ?? 0 },
      }
    : undefined;
  // An unknown or current edition in the URL reads as the current one, and the links drop it.
  const shown = { ...query, edition: edition?.id };
  const [overview, comments] = await Promise.all([feedbackOverview(db, edition), searchComments(db, shown)]);
  const windowSettings = edition?.window ?? settings;
  const window = surveyWindow(windowSettings, now);
  return {
    editions: rows.map((row): FeedbackEditionChoice => ({ id: row.id, name: row.name, current: row.id === settings.edition_id })),
    edition: edition?.id ?? settings.edition_id,
    archived: Boolean(edition),
    survey: { state: window.state, opensAt: window.opensAt, closesAt: window.closesAt, days: windowSettings.feedback_days },
    overview,
    comments: { ...comments, query: { ...shown, page: comments.page } },
  };
}
