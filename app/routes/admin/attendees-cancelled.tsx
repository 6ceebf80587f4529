import { Link } from "react-router";
import { AttendeeViews } from "~/modules/attendees/attendee-views";
import { attendeeViewCounts } from "~/modules/attendees/attendee-views.server";
import { requireAdmin } from "~/modules/auth/session.server";
import { listCancelled } from "~/modules/tickets/cancel.server";
import { DataTable } from "~/ui/data-table";
import { DateTime } from "~/ui/date-time";
import { pageParam } from "~/ui/page-param";
import { Pagination } from "~/ui/pagination";
import type { Route } from "./+types/attendees-cancelled";

// /admin/attendees/cancelled: registrations their holders cancelled (their seats went back).
export const handle = { title: "Cancelled registrations" };

export async function loader({ request, url }: Route.LoaderArgs) {
  const { db } = await requireAdmin(request);
  const page = pageParam(url);
  const [list, views] = await Promise.all([listCancelled(db, page), attendeeViewCounts(db)]);
  return { ...list, views };
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

export default function CancelledRegistrations({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, pageCount, views } = loaderData;
  return (
    <div className="space-y-4">
      <AttendeeViews counts={views} current="cancelled" />
      <p className="text-sm text-gray-600">
        {`${total.toLocaleString("en-US")} cancelled ${total === 1 ? "registration" : "registrations"}. They no longer count as registered; their QR codes are refused at the door.`}
      </p>
      <DataTable<Row>
        rows={rows}
        rowKey={(row) => row.id}
        empty="Nobody has cancelled a registration."
        columns={[
          {
            header: "Name",
            cell: (row) => (
              <Link
                to={`/admin/attendees/${row.id}`}
                className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
              >
                {row.full_name}
              </Link>
            ),
            className: "px-2.5 py-3",
          },
          { header: "Email", cell: (row) => row.email, className: "px-2.5 py-3 break-all" },
          { header: "Ticket ID", cell: (row) => <span className="font-mono">{row.ticket_id}</span>, className: "px-2.5 py-3" },
          { header: "State", cell: (row) => row.state || "N/A", className: "px-2.5 py-3" },
          { header: "Registered", cell: (row) => <DateTime value={row.registered_at} />, className: "px-2.5 py-3" },
          { header: "Cancelled", cell: (row) => <DateTime value={row.cancelled_at} />, className: "px-2.5 py-3" },
        ]}
      />
      <Pagination page={page} pageCount={pageCount} hrefFor={(p) => `/admin/attendees/cancelled?page=${p}`} />
    </div>
  );
}
