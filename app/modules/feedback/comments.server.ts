import { and, desc, eq, ne, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { agenda, attendees, feedback, past_registrations } from "~/db/schema";
import { APOSTROPHE_FOLD, foldApostrophes } from "~/db/text";
import { COMMENT_PAGE_SIZE, type CommentQuery } from "./comment-query";
import { inEdition } from "./feedback-stats.server";

// "What should change": the comments of this edition's answers, newest first, searched and
// paged in SQL like the attendee list. A comment carries a name only when its writer ticked
// "you may quote me with my name" and is still registered (or, for a past edition, still kept
// in past_registrations): erasure and the retention purges unlink the answer (attendee_id or
// past_registration_id set null), and the join then finds no one.

export type Comment = {
  id: string;
  text: string;
  attended: boolean;
  rating: number | null;
  comeAgain: boolean | null;
  session: string | null;
  /** the writer's name, only with their leave to quote it */
  name: string | null;
  at: Date;
};

type CommentSearch = { rows: Comment[]; total: number; page: number; pageCount: number };

/** A case-insensitive substring of the comment, whichever apostrophe was typed (as the attendee search). */
function commentsWhere(q: string, edition: number | undefined): SQL | undefined {
  const withText = and(inEdition(edition), ne(feedback.change_text, ""));
  if (!q) return withText;
  const needle = sql`lower(${foldApostrophes(q)})`;
  const haystack = sql`translate(lower(${feedback.change_text}), ${APOSTROPHE_FOLD.from}, ${APOSTROPHE_FOLD.to})`;
  return and(withText, sql`strpos(${haystack}, ${needle}) > 0`);
}

/** The writer's name with their leave, while their registration (current, or of a past edition until its purge) is kept. */
export const quotableName = sql<
  string | null
>`case when ${feedback.quote_me} then coalesce(${attendees.full_name}, ${past_registrations.full_name}) end`;

export async function searchComments(db: DbOrTx, { q, page, edition, pageSize = COMMENT_PAGE_SIZE }: CommentQuery & { pageSize?: number }) {
  const where = commentsWhere(q, edition);
  const pageOf = async (n: number) =>
    db
      .select({
        id: feedback.id,
        text: feedback.change_text,
        attended: feedback.attended,
        rating: feedback.rating,
        comeAgain: feedback.come_again,
        session: sql<string | null>`coalesce(${agenda.title}, ${feedback.session_title})`,
        name: quotableName,
        at: feedback.updated_at,
        // The number of matches rides on the page's rows: the filter runs once.
        matches: sql<number>`(count(*) over ())::int`,
      })
      .from(feedback)
      .leftJoin(agenda, eq(agenda.id, feedback.session_id))
      .leftJoin(attendees, eq(attendees.id, feedback.attendee_id))
      .leftJoin(past_registrations, eq(past_registrations.id, feedback.past_registration_id))
      .where(where)
      // Newest first; an answer changed counts as new. The id breaks ties so pages never overlap.
      .orderBy(desc(feedback.updated_at), desc(feedback.id))
      .limit(pageSize)
      .offset((n - 1) * pageSize);
  const count = async () => (await db.select({ n: sql<number>`count(*)::int` }).from(feedback).where(where))[0]?.n ?? 0;

  const first = await pageOf(page);
  // A page past the end (an edited URL) has no row to carry the count: then the last page.
  const total = first[0]?.matches ?? (page > 1 ? await count() : 0);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const shown = Math.min(page, pageCount);
  const rows = shown === page ? first : await pageOf(shown);
  return {
    rows: rows.map(({ matches: _, ...row }) => row),
    total,
    page: shown,
    pageCount,
  } satisfies CommentSearch;
}
