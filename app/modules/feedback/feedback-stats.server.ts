import { and, eq, isNotNull, or, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { agenda, attendees, check_ins, event_settings, feedback, retained_stats, SETTINGS_ID } from "~/db/schema";

// The organisers' figures of the survey, for the current edition or an archived one, aggregated in SQL (one row
// of counts, one row per session): the page costs the same with 50 answers or 5,000. Who was
// registered and who came are counted as the dashboard counts them: the live rows plus what
// the retention purge kept (retained_stats), so the response rate still holds after it.

/** Answers of the edition being run (the settings row names it). */
function inCurrentEdition(): SQL {
  return eq(feedback.edition_id, sql`(select es.edition_id from ${event_settings} es where es.id = ${SETTINGS_ID})`);
}

/** Answers of the edition numbered `edition` (an archived one's stay readable), or of the current one. */
export function inEdition(edition: number | undefined): SQL {
  return edition === undefined ? inCurrentEdition() : eq(feedback.edition_id, edition);
}

/** An archived edition's registered and checked-in counts, from its figures (its people have left the live tables). */
export type ArchivedCounts = { registered: number; checkedIn: number };

const kept = (kind: string) => sql`coalesce((select rs.count from ${retained_stats} rs where rs.kind = ${kind} and rs.key = ''), 0)`;

const RATING_VALUES = [1, 2, 3, 4, 5] as const;

export type FeedbackOverview = {
  /** registered for this edition (what the dashboard calls Total Registrants) */
  registered: number;
  checkedIn: number;
  answers: number;
  /** answers from people who were checked in (only they rate) */
  attendedAnswers: number;
  /** the mean rating, or null before anyone rated */
  averageRating: number | null;
  /** how many gave each rating, 1 to 5, zeros included */
  ratings: { rating: number; count: number }[];
  /** sessions by how many chose them as the most useful, most first, ties by title (`key`: the agenda item, or the kept title) */
  sessions: { key: string; title: string; count: number }[];
  /** "would you come again": yes answers, of those who answered it */
  comeAgain: { yes: number; answered: number };
};

export const EMPTY_FEEDBACK_OVERVIEW: FeedbackOverview = {
  registered: 0,
  checkedIn: 0,
  answers: 0,
  attendedAnswers: 0,
  averageRating: null,
  ratings: RATING_VALUES.map((rating) => ({ rating, count: 0 })),
  sessions: [],
  comeAgain: { yes: 0, answered: 0 },
};

/** The figures of the current edition, or of the archived `edition` with the counts it was archived with. */
export async function feedbackOverview(db: DbOrTx, edition?: { id: number; counts: ArchivedCounts }): Promise<FeedbackOverview> {
  const ratingCounts = Object.fromEntries(
    RATING_VALUES.map((rating) => [`r${rating}`, sql<number>`(count(*) filter (where ${feedback.rating} = ${rating}))::int`]),
  ) as Record<`r${(typeof RATING_VALUES)[number]}`, SQL<number>>;
  const [figures, sessions] = await Promise.all([
    db
      .select({
        registered: edition
          ? sql<number>`${edition.counts.registered}::int`
          : sql<number>`((select count(*) from ${attendees}) + ${kept("total")})::int`,
        checkedIn: edition
          ? sql<number>`${edition.counts.checkedIn}::int`
          : sql<number>`((select count(*) from ${check_ins}) + ${kept("checked_in")})::int`,
        answers: sql<number>`count(*)::int`,
        attendedAnswers: sql<number>`(count(*) filter (where ${feedback.attended}))::int`,
        average: sql<number | null>`avg(${feedback.rating})::float8`,
        ...ratingCounts,
        yes: sql<number>`(count(*) filter (where ${feedback.come_again}))::int`,
        answered: sql<number>`count(${feedback.come_again})::int`,
      })
      .from(feedback)
      .where(inEdition(edition?.id)),
    sessionRanking(db, edition?.id),
  ]);
  const row = figures[0];
  if (!row) return EMPTY_FEEDBACK_OVERVIEW;
  return {
    registered: row.registered,
    checkedIn: row.checkedIn,
    answers: row.answers,
    attendedAnswers: row.attendedAnswers,
    averageRating: row.average === null ? null : Math.round(row.average * 10) / 10,
    ratings: RATING_VALUES.map((rating) => ({ rating, count: row[`r${rating}`] })),
    sessions,
    comeAgain: { yes: row.yes, answered: row.answered },
  };
}

/**
 * Sessions chosen as the most useful: by the agenda item while it exists (its current title),
 * by the title kept with the answer once the item was deleted from the agenda.
 */
function sessionRanking(db: DbOrTx, edition: number | undefined) {
  const title = sql<string>`coalesce(max(${agenda.title}), max(${feedback.session_title}))`;
  const key = sql<string>`coalesce(${feedback.session_id}::text, 'title:' || ${feedback.session_title})`;
  return (
    db
      .select({ key, title, count: sql<number>`count(*)::int` })
      .from(feedback)
      .leftJoin(agenda, eq(agenda.id, feedback.session_id))
      .where(and(inEdition(edition), or(isNotNull(feedback.session_id), isNotNull(feedback.session_title))))
      .groupBy(key)
      // The collation-independent byte order keeps ties identical on PGlite and PostgreSQL.
      .orderBy(sql`count(*) desc`, sql`${title} collate "C"`)
  );
}

/** How many have answered this edition's survey (the dashboard's Feedback card). */
export async function countFeedbackAnswers(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(feedback).where(inEdition(undefined));
  return row?.n ?? 0;
}
