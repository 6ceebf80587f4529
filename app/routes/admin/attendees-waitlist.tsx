import { Form, useNavigation } from "react-router";
import { AttendeeViews } from "~/modules/attendees/attendee-views";
import { REMOVE_PARAM, WAITLIST_VIEW } from "~/modules/attendees/waitlist-paths";
import { waitlistView, waitlistViewAction } from "~/modules/attendees/waitlist-view.server";
import { requireAdmin } from "~/modules/auth/session.server";
import { Badge, type BadgeTone } from "~/ui/badge";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import { DataTable } from "~/ui/data-table";
import { DateTime } from "~/ui/date-time";
import { Pagination } from "~/ui/pagination";
import { readForm } from "~/ui/read-form.server";
import { TrashIcon } from "~/ui/row-icons";
import { BUTTON } from "~/ui/styles";
import { useRouteModal } from "~/ui/use-route-modal";
import type { Route } from "./+types/attendees-waitlist";

// /admin/attendees/waitlist: who waits for a seat, in order, and what became of each offer.
// Offers go out by themselves when seats free up; 'Offer next seat' is for when organisers
// closed registration but still want to hand a seat on. Remove asks first (?remove=<id>).

export const handle = { title: "Waitlist" };

const PATH = WAITLIST_VIEW;

export async function loader({ request, url }: Route.LoaderArgs) {
  const { db } = await requireAdmin(request);
  return waitlistView(db, url);
}

export async function action({ request }: Route.ActionArgs) {
  const { admin, db } = await requireAdmin(request);
  return waitlistViewAction(db, admin, await readForm(request));
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

const STATES: Record<Row["status"], { label: string; tone: BadgeTone }> = {
  waiting: { label: "Waiting", tone: "gray" },
  offered: { label: "Offered", tone: "amber" },
  claimed: { label: "Claimed", tone: "green" },
  expired: { label: "Expired", tone: "red" },
  declined: { label: "Declined", tone: "purple" },
};

export default function Waitlist({ loaderData }: Route.ComponentProps) {
  const { rows, counts, views, page, pageCount, offerHours, confirm } = loaderData;
  const removing = useRouteModal({ param: REMOVE_PARAM, closeHref: PATH, fromUrl: confirm, data: loaderData });
  const offering = useNavigation().formData?.get("intent") === "offer-next";
  return (
    <div className="space-y-5">
      <AttendeeViews counts={views} current="waitlist" />
      <section className="flex flex-col gap-3 rounded-2xl border border-gray-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-gray-700">
          {`${counts.waiting.toLocaleString("en-US")} waiting · ${counts.offered} with an open offer · ${counts.claimed} claimed. When a seat frees up, the next person in line is offered it by e-mail and has ${offerHours} hours to claim it.`}
        </p>
        <Form method="post" action={PATH}>
          <input type="hidden" name="intent" value="offer-next" />
          <button type="submit" disabled={offering || counts.waiting === 0} className={BUTTON.primary}>
            {offering ? "Offering…" : "Offer next seat"}
          </button>
        </Form>
      </section>
      <DataTable<Row>
        rows={rows}
        rowKey={(row) => row.id}
        empty="Nobody is on the waitlist. It opens on the registration page when the event is fully booked."
        columns={[
          { header: "Place", cell: (row) => (row.position ? `#${row.position}` : "—"), className: "px-2.5 py-3 font-semibold" },
          { header: "Name", cell: (row) => <span className="font-medium text-gray-900">{row.full_name}</span>, className: "px-2.5 py-3" },
          { header: "Email", cell: (row) => row.email, className: "px-2.5 py-3 break-all" },
          { header: "Joined", cell: (row) => <DateTime value={row.joined_at} />, className: "px-2.5 py-3" },
          {
            header: "Offer",
            cell: (row) => (
              <span className="flex flex-col items-start gap-1">
                <Badge tone={STATES[row.status].tone}>{STATES[row.status].label}</Badge>
                {row.status === "offered" && row.offer_expires_at ? (
                  <span className="text-xs text-gray-600">
                    until <DateTime value={row.offer_expires_at} />
                  </span>
                ) : row.decided_at ? (
                  <span className="text-xs text-gray-600">
                    <DateTime value={row.decided_at} />
                  </span>
                ) : null}
              </span>
            ),
            className: "px-2.5 py-3",
          },
          {
            header: "Actions",
            cell: (row) =>
              row.status === "waiting" || row.status === "offered" ? (
                <a
                  href={`${PATH}?${REMOVE_PARAM}=${row.id}`}
                  onClick={(event) => {
                    event.preventDefault();
                    removing.open(row);
                  }}
                  className={BUTTON.icon}
                  aria-label={`Remove ${row.full_name} from the waitlist`}
                  title="Remove from the waitlist"
                >
                  <TrashIcon />
                </a>
              ) : null,
            className: "px-2.5 py-3",
          },
        ]}
      />
      <Pagination page={page} pageCount={pageCount} hrefFor={(p) => `${PATH}?page=${p}`} />
      {removing.target ? (
        <ConfirmDialog
          title="Remove from the waitlist"
          message={`Remove ${removing.target.full_name} from the waitlist?`}
          note="Their place and the details they gave are deleted. An open offer passes to the next person in line."
          id={removing.target.id}
          intent="remove"
          confirmLabel="Remove"
          pendingLabel="Removing…"
          tone="danger"
          icon={<TrashIcon />}
          action={PATH}
          cancelHref={PATH}
          onClose={removing.close}
        />
      ) : null}
    </div>
  );
}
