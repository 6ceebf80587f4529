import { useCallback } from "react";
import { data } from "react-router";
import { logger } from "~/logger.server";
import { attendeeAction, pageUrl } from "~/modules/attendees/actions.server";
import { attendeeCountLine } from "~/modules/attendees/attendee-count";
import { AttendeeFilters } from "~/modules/attendees/attendee-filters";
import { AttendeeList, type ListRow } from "~/modules/attendees/attendee-list";
import { ConfirmDeleteModal } from "~/modules/attendees/attendee-ui";
import { AttendeeViews } from "~/modules/attendees/attendee-views";
import { attendeeViewCounts } from "~/modules/attendees/attendee-views.server";
import { type AttendeeSearch, findAttendeeName, searchAttendees } from "~/modules/attendees/attendees.server";
import { ExportMenu } from "~/modules/attendees/export-menu";
import { ATTENDEE_TOASTS, CONFIRM_DELETE_PARAM } from "~/modules/attendees/messages";
import { ATTENDEE_PAGE_SIZE, attendeeQueryString, parseAttendeeQuery } from "~/modules/attendees/schemas";
import { requireAdmin } from "~/modules/auth/session.server";
import { Pagination } from "~/ui/pagination";
import { readForm } from "~/ui/read-form.server";
import { makeToast } from "~/ui/toast";
import { Toaster } from "~/ui/toaster";
import { useRouteModal } from "~/ui/use-route-modal";
import { useToasts } from "~/ui/use-toasts";
import type { Route } from "./+types/attendees";

// /admin/attendees. Filtering, sorting and paging run
// in SQL (modules/attendees), so the page stays fast with 10,000 registrants.

export const handle = { title: "Attendees" };

const EMPTY: AttendeeSearch = { rows: [], total: 0, grandTotal: 0, states: [], page: 1, pageCount: 1 };

export async function loader({ request, url }: Route.LoaderArgs) {
  const { db } = await requireAdmin(request);
  const query = parseAttendeeQuery(url.searchParams);
  const confirmId = url.searchParams.get(CONFIRM_DELETE_PARAM);
  try {
    const [result, confirm, views] = await Promise.all([
      searchAttendees(db, query),
      confirmId ? findAttendeeName(db, confirmId) : undefined,
      attendeeViewCounts(db),
    ]);
    return { query: { ...query, page: result.page }, ...result, views, confirm: confirm ?? null, toast: null };
  } catch (error) {
    // The page still renders, empty, with the load-failure toast.
    logger().error({ err: error }, "attendee list failed");
    return data({ query, ...EMPTY, views: null, confirm: null, toast: makeToast("error", ATTENDEE_TOASTS.loadFailed) }, { status: 500 });
  }
}

export async function action({ request, url }: Route.ActionArgs) {
  const { admin, db } = await requireAdmin(request);
  const back = pageUrl(url);
  return attendeeAction(db, admin, await readForm(request), { afterResend: back, afterDelete: back, onError: back });
}

export default function Attendees({ loaderData }: Route.ComponentProps) {
  const { query, rows, total, grandTotal, states, page, pageCount, views, confirm, toast } = loaderData;
  const listSearch = attendeeQueryString(query);
  const formAction = `/admin/attendees${listSearch}`;
  const deleting = useRouteModal({ param: CONFIRM_DELETE_PARAM, closeHref: formAction, fromUrl: confirm, data: loaderData });
  const client = useToasts();
  const { push } = client;
  const onExport = useCallback(
    (ok: boolean) => (ok ? push("success", ATTENDEE_TOASTS.exported) : push("error", ATTENDEE_TOASTS.exportFailed)),
    [push],
  );
  const toasts = toast ? [toast, ...client.toasts] : client.toasts;

  return (
    <div className="space-y-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-gray-600">Manage and view all registered participants</p>
        <ExportMenu filter={query} total={total} grandTotal={grandTotal} onResult={onExport} />
      </div>

      {views ? <AttendeeViews counts={views} current="registered" /> : null}
      <section aria-label="Filters" className="space-y-3 rounded-2xl border border-gray-200 bg-white p-4 shadow-sm">
        <AttendeeFilters query={query} states={states} />
        <p className="text-sm text-gray-600" aria-live="polite" data-testid="attendee-count">
          {attendeeCountLine({ total, grandTotal, page, shown: rows.length, pageSize: ATTENDEE_PAGE_SIZE })}
        </p>
      </section>

      <AttendeeList
        rows={rows as ListRow[]}
        action={formAction}
        detailsHref={(id) => `/admin/attendees/${id}${listSearch}`}
        confirmHref={(id) => `/admin/attendees${attendeeQueryString(query, { [CONFIRM_DELETE_PARAM]: id })}`}
        onDelete={deleting.open}
      />

      <Pagination page={page} pageCount={pageCount} hrefFor={(p) => `/admin/attendees${attendeeQueryString({ ...query, page: p })}`} />

      {deleting.target ? (
        <ConfirmDeleteModal attendee={deleting.target} action={formAction} cancelHref={formAction} onClose={deleting.close} />
      ) : null}
      {toasts.length > 0 ? <Toaster toasts={toasts} /> : null}
    </div>
  );
}
