import { Form } from "react-router";
import { Badge } from "~/ui/badge";
import { DateTime } from "~/ui/date-time";
import { EmptyState } from "~/ui/empty-state";
import { Pagination } from "~/ui/pagination";
import { SearchIcon } from "~/ui/row-icons";
import { BUTTON, FOCUS_RING } from "~/ui/styles";
import { COMMENT_SEARCH_MAX, type CommentQuery, commentQueryString } from "./comment-query";
import type { Comment } from "./comments.server";

// "What should change": the comments, searched on the server (a GET form: the search is in the
// URL and works without JavaScript), newest first, a page at a time. A name shows only where
// its writer allowed it (comments.server.ts).

const FIELD = `w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 shadow-sm focus:border-brand-600 ${FOCUS_RING}`;

type Props = { query: CommentQuery; rows: Comment[]; total: number; page: number; pageCount: number; path: string };

export function FeedbackComments({ query, rows, total, page, pageCount, path }: Props) {
  return (
    <section id="comments" aria-labelledby="comments-heading" className="scroll-mt-4 space-y-4">
      <div className="flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
        <div>
          <h2 id="comments-heading" className="text-lg font-semibold text-gray-900">
            What should change
          </h2>
          <p className="text-sm text-gray-600" aria-live="polite" data-testid="comment-count">
            {query.q
              ? `${total.toLocaleString("en-US")} ${total === 1 ? "comment matches" : "comments match"} “${query.q}”`
              : `${total.toLocaleString("en-US")} ${total === 1 ? "comment" : "comments"}, newest first`}
          </p>
        </div>
        <Form method="get" action={path} role="search" aria-label="Search the comments" className="flex w-full gap-2 md:w-96">
          <div className="relative min-w-0 flex-1">
            <label htmlFor="comment-search" className="sr-only">
              Search the comments
            </label>
            <SearchIcon className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-gray-400" />
            <input
              id="comment-search"
              type="search"
              name="q"
              defaultValue={query.q}
              key={query.q}
              maxLength={COMMENT_SEARCH_MAX}
              placeholder="Search the comments…"
              autoComplete="off"
              className={`${FIELD} pl-9`}
            />
          </div>
          {query.edition ? <input type="hidden" name="edition" value={String(query.edition)} /> : null}
          <button type="submit" className={BUTTON.secondary}>
            Search
          </button>
        </Form>
      </div>

      {rows.length === 0 ? (
        <EmptyState>{query.q ? "No comment matches your search." : "No comments yet."}</EmptyState>
      ) : (
        <ol className="space-y-3" aria-label="Comments">
          {rows.map((comment) => (
            <li key={comment.id} className="rounded-2xl border border-gray-200 bg-white p-4 shadow-sm" data-comment-id={comment.id}>
              <p className="break-words whitespace-pre-line text-gray-900">{comment.text}</p>
              {comment.name ? <p className="mt-2 text-sm font-semibold text-gray-800">{`— ${comment.name}`}</p> : null}
              <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1.5 text-xs text-gray-600">
                <DateTime value={comment.at} />
                {comment.attended ? (
                  <Badge tone="green">{comment.rating === null ? "Came" : `Came · rated ${comment.rating}/5`}</Badge>
                ) : (
                  <Badge tone="gray">Did not come</Badge>
                )}
                {comment.comeAgain === null ? null : (
                  <Badge tone={comment.comeAgain ? "sky" : "amber"}>
                    {comment.comeAgain ? "Would come again" : "Would not come again"}
                  </Badge>
                )}
                {comment.name ? <Badge tone="purple">May be quoted</Badge> : null}
                {comment.session ? <span className="break-words">{`Most useful: ${comment.session}`}</span> : null}
              </div>
            </li>
          ))}
        </ol>
      )}

      <Pagination page={page} pageCount={pageCount} hrefFor={(p) => `${path}${commentQueryString({ ...query, page: p })}#comments`} />
    </section>
  );
}
