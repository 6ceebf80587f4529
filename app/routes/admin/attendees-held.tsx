import { Form, Link, useNavigate } from "react-router";
import { AttendeeViews } from "~/modules/attendees/attendee-views";
import { heldView, heldViewAction } from "~/modules/attendees/held-view.server";
import { requireAdmin } from "~/modules/auth/session.server";
import { HELD_VIEW } from "~/modules/booking-protection/held-view-path";
import { SurgeNotice, surgeSource } from "~/modules/booking-protection/surge-notice";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import { DataTable } from "~/ui/data-table";
import { DateTime } from "~/ui/date-time";
import { Pagination } from "~/ui/pagination";
import { readForm } from "~/ui/read-form.server";
import { BUTTON } from "~/ui/styles";
import type { Route } from "./+types/attendees-held";

// /admin/attendees/held, "Suspicious registrations": what was held during a booking attack,
// by surge. Organisers confirm a real group in bulk (a school behind one address) or delete a
// script's in bulk; both ask first and go to the Activity log. Plain forms: no JavaScript needed.
export const handle = { title: "Suspicious registrations" };

export async function loader({ request, url }: Route.LoaderArgs) {
  const { db } = await requireAdmin(request);
  return heldView(db, url);
}

export async function action({ request }: Route.ActionArgs) {
  const { admin, db } = await requireAdmin(request);
  return heldViewAction(db, admin, await readForm(request));
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

export default function HeldRegistrations({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, total, page, pageCount, views, surges, surgeId } = loaderData;
  const navigate = useNavigate();
  const surge = surges.find((s) => s.id === surgeId);
  const here = surgeId ? `${HELD_VIEW}?surge=${surgeId}` : HELD_VIEW;
  const review = actionData?.review;
  return (
    <div className="space-y-4">
      <AttendeeViews counts={views} current="held" />
      <SurgeNotice surges={surges.filter((s) => s.ongoing)} />
      <p className="text-sm text-gray-600">
        {`${total.toLocaleString("en-US")} held ${total === 1 ? "registration" : "registrations"}${surge ? ` from ${surgeSource(surge)}` : ""}. They take no seat until the person confirms from their e-mail, and are deleted if nobody does. Confirm a group you know is real; delete what a script sent.`}
      </p>
      {surges.length > 0 ? (
        <nav aria-label="Surges" className="flex flex-wrap gap-2 text-sm">
          <Link to={HELD_VIEW} className={surgeId ? BUTTON.secondary : BUTTON.primary}>
            All
          </Link>
          {surges.map((s) => (
            <Link key={s.id} to={`${HELD_VIEW}?surge=${s.id}`} className={s.id === surgeId ? BUTTON.primary : BUTTON.secondary}>
              {`${surgeSource(s)} · ${s.waiting.toLocaleString("en-US")}`}
            </Link>
          ))}
        </nav>
      ) : null}
      {actionData?.error ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
          {actionData.error}
        </p>
      ) : null}
      <Form method="post" className="space-y-3">
        <DataTable<Row>
          rows={rows}
          rowKey={(row) => row.id}
          empty="Nothing is held. Registrations are held only while they arrive faster than people do."
          columns={[
            {
              header: <span className="sr-only">Choose</span>,
              cell: (row) => <input type="checkbox" name="id" value={row.id} aria-label={`Choose ${row.full_name}`} className="size-4" />,
              className: "px-2.5 py-3",
            },
            { header: "Name", cell: (row) => row.full_name, className: "px-2.5 py-3 font-medium" },
            { header: "Email", cell: (row) => row.email, className: "px-2.5 py-3 break-all" },
            { header: "Organization", cell: (row) => row.organization || "N/A", className: "px-2.5 py-3" },
            {
              header: "Held because of",
              cell: (row) => surgeSource({ reason: row.hold_reason, source: row.source }),
              className: "px-2.5 py-3 break-all",
            },
            { header: "Held at", cell: (row) => <DateTime value={row.created_at} />, className: "px-2.5 py-3" },
          ]}
        />
        {rows.length > 0 ? (
          <div className="flex flex-wrap gap-3">
            <button type="submit" name="intent" value="review-confirm" className={BUTTON.primary}>
              Confirm selected
            </button>
            <button type="submit" name="intent" value="review-delete" className={BUTTON.danger}>
              Delete selected
            </button>
          </div>
        ) : null}
      </Form>
      {surge && surge.waiting > 0 ? (
        <Form method="post" className="flex flex-wrap gap-3">
          <input type="hidden" name="surge" value={surge.id} />
          <button type="submit" name="intent" value="review-confirm" className={BUTTON.secondary}>
            {`Confirm all ${surge.waiting.toLocaleString("en-US")} of this surge`}
          </button>
          <button type="submit" name="intent" value="review-delete" className={BUTTON.secondary}>
            {`Delete all ${surge.waiting.toLocaleString("en-US")} of this surge`}
          </button>
        </Form>
      ) : null}
      <Pagination page={page} pageCount={pageCount} hrefFor={(p) => `${here}${surgeId ? "&" : "?"}page=${p}`} />
      {review ? (
        <ConfirmDialog
          title={review.verb === "confirm" ? "Confirm these registrations?" : "Delete these registrations?"}
          message={
            review.verb === "confirm"
              ? `${review.ids.length.toLocaleString("en-US")} held ${review.ids.length === 1 ? "registration gets" : "registrations get"} a seat and a ticket by e-mail now (or a place on the waitlist when the seats are gone).`
              : `${review.ids.length.toLocaleString("en-US")} held ${review.ids.length === 1 ? "registration is" : "registrations are"} deleted with their details. This cannot be undone.`
          }
          id=""
          values={review.ids.map((value) => ({ name: "id", value }))}
          action={here}
          cancelHref={here}
          onClose={() => navigate(here, { replace: true, preventScrollReset: true })}
          intent={review.verb}
          confirmLabel={review.verb === "confirm" ? "Confirm" : "Delete"}
          pendingLabel={review.verb === "confirm" ? "Confirming…" : "Deleting…"}
          tone={review.verb === "confirm" ? "primary" : "danger"}
        />
      ) : null}
    </div>
  );
}
