import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "react-router";
import { Badge } from "~/ui/badge";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import { LatestList } from "~/ui/latest-list";
import { BUTTON } from "~/ui/styles";
import { useRouteModal } from "~/ui/use-route-modal";
import { CheckInListForm } from "./list-form";
import type { CheckInListRow, CheckInListsOverview } from "./lists-overview.server";
import { DELETE_LIST_PARAM, EDIT_LIST_PARAM } from "./schemas";

// Event Operations' "Check-in lists": what the doors give beside the entrance (lunch, the kit, a
// second day), each with what it gave, what is left and per door, and who was given one twice by
// doors that were offline; add, edit, put away, bring back. A list that gave anything is never
// deleted (its record stays): it is put away.

const n = (value: number) => value.toLocaleString("en-US");
const PANEL_ID = "check-in-lists";

/** One figure of a list: its label, and the value in bold (a number) or plain (the doors). */
function Figure({ label, testId, value, plain = false }: { label: string; testId: string; value: string; plain?: boolean }) {
  return (
    <div className="flex gap-1">
      <dt>{label}</dt>
      <dd className={plain ? undefined : "font-semibold text-gray-900 tabular-nums"} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function ListFigures({ list }: { list: CheckInListRow }) {
  return (
    <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-gray-700">
      <Figure label="Given" testId="list-given" value={n(list.given)} />
      {list.givenToday === null ? null : <Figure label="Today" testId="list-given-today" value={n(list.givenToday)} />}
      {list.left === null ? null : (
        // A once-a-day list's quantity is each day's.
        <Figure
          label={list.givenToday === null ? "Remaining" : "Remaining today"}
          testId="list-left"
          value={`${n(list.left)} of ${n(list.quantity ?? 0)}`}
        />
      )}
      {list.doors.length > 0 ? (
        <Figure label="By door" testId="list-doors" value={list.doors.map((d) => `${d.door} ${n(d.count)}`).join(" · ")} plain />
      ) : null}
      {list.givenTwice > 0 ? <Figure label="Given twice" testId="list-given-twice" value={n(list.givenTwice)} /> : null}
    </dl>
  );
}

/**
 * The people a list gave to twice: two doors without the network could not see each other, and
 * both handed it over. Both gives are kept; the list counts the first.
 */
function GivenTwice({ givenTwice }: { givenTwice: CheckInListsOverview["givenTwice"] }) {
  if (givenTwice.rows.length === 0) return null;
  return (
    <div className="mt-3 border-t border-gray-100 pt-3">
      <h3 className="text-sm font-semibold text-gray-900">Given twice by offline doors</h3>
      <LatestList
        rows={givenTwice.rows.map((c) => ({ key: c.id, title: c.full_name, line: c.line }))}
        total={givenTwice.total}
        testId="list-conflicts"
        compact
      />
    </div>
  );
}

export function CheckInListsPanel({
  overview,
  lastResult,
  action,
}: {
  overview: CheckInListsOverview;
  /** the form's refusal, for the list it was editing (null: the new list's form) */
  lastResult: { result: SubmissionResult<string[]>; listId: string | null } | undefined;
  action: string;
}) {
  const here = `${action}#${PANEL_ID}`;
  const deleting = useRouteModal({ param: DELETE_LIST_PARAM, closeHref: here, fromUrl: overview.deleting, data: overview });
  const editing = overview.editing;
  const result = lastResult && lastResult.listId === (editing?.id ?? null) ? lastResult.result : undefined;
  return (
    <section id={PANEL_ID} aria-labelledby={`${PANEL_ID}-title`} className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm">
      <h2 id={`${PANEL_ID}-title`} className="text-base font-semibold text-gray-900">
        Check-in lists
      </h2>
      <p className="mt-1 text-sm text-gray-600">
        What the doors give beside the entrance: lunch, the conference kit, a second day. A door chooses its list at the top of the check-in
        screen and scans the same tickets. Attendance on the dashboard counts the entrance only.
      </p>
      {overview.lists.length === 0 ? (
        <p className="mt-3 text-sm text-gray-600">No lists yet: the doors check people in at the entrance only.</p>
      ) : (
        <ul className="mt-3 divide-y divide-gray-100" data-testid="check-in-lists">
          {overview.lists.map((list) => (
            <li key={list.id} className="py-3" data-list={list.name}>
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-semibold break-words text-gray-900">
                    {list.name}
                    {list.nameHa ? <span className="font-normal text-gray-600" lang="ha">{` · ${list.nameHa}`}</span> : null}
                  </p>
                  <p className="mt-0.5 flex flex-wrap items-center gap-1 text-sm text-gray-600">
                    {list.ruleLabel}
                    {list.requiresEntrance ? <Badge tone="blue">After the entrance</Badge> : null}
                    {list.archived ? <Badge tone="gray">Put away</Badge> : null}
                  </p>
                  <ListFigures list={list} />
                </div>
                <div className="flex flex-wrap gap-2">
                  <Link
                    to={`${action}?${EDIT_LIST_PARAM}=${list.id}#${PANEL_ID}`}
                    preventScrollReset
                    className={BUTTON.secondary}
                    aria-label={`Edit ${list.name}`}
                  >
                    Edit
                  </Link>
                  <Form method="post" action={action}>
                    <input type="hidden" name="intent" value={list.archived ? "list-restore" : "list-archive"} />
                    <input type="hidden" name="id" value={list.id} />
                    <button
                      type="submit"
                      className={BUTTON.secondary}
                      aria-label={`${list.archived ? "Bring back" : "Put away"} ${list.name}`}
                    >
                      {list.archived ? "Bring back" : "Put away"}
                    </button>
                  </Form>
                  {list.given === 0 ? (
                    <Link
                      to={`${action}?${DELETE_LIST_PARAM}=${list.id}#${PANEL_ID}`}
                      preventScrollReset
                      className={BUTTON.secondary}
                      aria-label={`Delete ${list.name}`}
                      onClick={(event) => {
                        event.preventDefault();
                        deleting.open({ id: list.id, name: list.name });
                      }}
                    >
                      Delete
                    </Link>
                  ) : null}
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      <GivenTwice givenTwice={overview.givenTwice} />
      <div className="mt-4 border-t border-gray-100 pt-4">
        <CheckInListForm
          key={editing?.id ?? "new"}
          list={editing}
          lastResult={result}
          // An edit posts to its own page: refused, the page shows the same list's form with what was typed.
          action={editing ? `${action}?${EDIT_LIST_PARAM}=${editing.id}` : action}
          cancelHref={here}
        />
      </div>
      {deleting.target ? (
        <ConfirmDialog
          title="Delete this list?"
          message={`“${deleting.target.name}” has given nothing yet, so it can be deleted. A list that has given things can only be put away.`}
          id={deleting.target.id}
          action={action}
          cancelHref={here}
          onClose={deleting.close}
          intent="list-delete"
          confirmLabel="Delete"
          pendingLabel="Deleting…"
          tone="danger"
        />
      ) : null}
    </section>
  );
}
