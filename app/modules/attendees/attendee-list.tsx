import { Link } from "react-router";
import type { RegistrationChannel } from "~/db/person-columns";
import type { Gender } from "~/modules/person/gender";
import { type Column, DataTable } from "~/ui/data-table";
import { displayDate, displayDateTime } from "~/ui/date-time";
import { EmptyState } from "~/ui/empty-state";
import { EyeIcon, RowIconSprite, TrashIcon } from "~/ui/row-icons";
import { BUTTON, FOCUS_RING } from "~/ui/styles";
import { EmailText, GenderBadge, PhoneText, ResendButton } from "./attendee-ui";

export type ListRow = {
  id: string;
  full_name: string;
  email: string | null;
  phone: string;
  channel: RegistrationChannel;
  sms_opt_in: boolean;
  /** the ticket and reminders also go on WhatsApp */
  whatsapp_opt_in: boolean;
  gender: Gender;
  organization: string;
  position: string;
  state: string;
  local_government: string;
  created_at: string | Date;
  /** when the attendee was checked in at the door; null when not (yet) */
  checked_in_at: string | Date | null;
};

type ListProps = {
  rows: ListRow[];
  /** where Resend and Delete post (the list's URL) */
  action: string;
  /** the detail page link of a row (keeps the list's query for the way back) */
  detailsHref: (id: string) => string;
  /** the no-JavaScript delete confirmation of a row */
  confirmHref: (id: string) => string;
  onDelete: (row: ListRow) => void;
};

/** A column that stays at the scrolling table's right edge, a soft shadow on its left. */
const STUCK_RIGHT = "sticky right-0 shadow-[-6px_0_6px_-6px_rgb(0_0_0/0.2)]";
const dash = <span className="text-gray-400">—</span>;
const NO_MATCHES = "No attendees found matching your criteria.";

/** Registrations not made on the web form or by USSD say where they were made, under the name. */
const REGISTERED_APART: Record<RegistrationChannel, string | null> = {
  web: null,
  ussd: null,
  door: "Registered at the door",
  whatsapp: "Registered on WhatsApp",
};

/** Who came: the day and time of the check-in (Lagos), or a dash. */
function checkedIn(row: ListRow) {
  return row.checked_in_at ? displayDateTime(row.checked_in_at) : dash;
}

const COLUMNS = (props: ListProps): Column<ListRow>[] => [
  {
    header: "Name",
    headerClassName: "py-3 pr-2.5 pl-4",
    className: "max-w-56 min-w-36 py-3 pr-2.5 pl-4",
    cell: (row) => (
      <>
        <Link to={props.detailsHref(row.id)} className={`font-semibold break-words text-gray-900 hover:text-brand-700 ${FOCUS_RING}`}>
          {row.full_name}
        </Link>
        <div className="break-words text-gray-500">{row.position || dash}</div>
        {REGISTERED_APART[row.channel] ? <div className="text-sm text-gray-500">{REGISTERED_APART[row.channel]}</div> : null}
      </>
    ),
  },
  {
    header: "Contact",
    className: "max-w-72 px-2.5 py-3",
    cell: (row) => (
      <>
        <div className="break-words text-gray-900">
          <EmailText email={row.email} channel={row.channel} />
        </div>
        <div className="whitespace-nowrap text-gray-500">
          <PhoneText phone={row.phone} sms={row.sms_opt_in} whatsapp={row.whatsapp_opt_in} />
        </div>
      </>
    ),
  },
  { header: "Gender", className: "px-2.5 py-3", cell: (row) => <GenderBadge gender={row.gender} /> },
  { header: "Organization", className: "max-w-48 px-2.5 py-3 break-words text-gray-700", cell: (row) => row.organization || dash },
  {
    header: "Location",
    className: "px-2.5 py-3",
    cell: (row) => (
      <>
        <div className="text-gray-900">{row.state || dash}</div>
        <div className="text-gray-500">{row.local_government}</div>
      </>
    ),
  },
  { header: "Registered", className: "px-2.5 py-3 whitespace-nowrap text-gray-700", cell: (row) => displayDate(row.created_at) },
  { header: "Checked in", className: "px-2.5 py-3 whitespace-nowrap text-gray-700", cell: (row) => checkedIn(row) },
  {
    header: "Actions",
    // Kept in view at the table's right edge: with long names and the Checked in column, a laptop's
    // 1280 px scrolls the table sideways, and View and Delete must not scroll away with it.
    headerClassName: `${STUCK_RIGHT} bg-gray-50 py-3 pr-4 pl-2.5 text-right`,
    className: `${STUCK_RIGHT} bg-white py-2 pr-3 pl-1`,
    cell: (row) => <RowActions row={row} {...props} compact />,
  },
];

/**
 * The attendees, as a table on wide screens and as cards below (phones, tablets, and
 * laptops where the sidebar leaves too little room for eight columns). Columns: Name
 * with position, Contact, Gender, Organization, Location, Registered, Checked in, Actions.
 */
export function AttendeeList(props: ListProps) {
  // The cards below need the same answer as the table, so it is given once, here.
  if (props.rows.length === 0) return <EmptyState>{NO_MATCHES}</EmptyState>;
  return (
    <RowIconSprite>
      <DataTable
        rows={props.rows}
        columns={COLUMNS(props)}
        rowKey={(row) => row.id}
        rowAttributes={(row) => ({ "data-attendee-id": row.id })}
        empty={NO_MATCHES}
        className="hidden xl:block"
      />

      <ul className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:hidden" aria-label="Attendees">
        {props.rows.map((row) => (
          <li key={row.id} className="flex flex-col rounded-2xl border border-gray-200 bg-white p-4 shadow-sm" data-attendee-id={row.id}>
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <Link
                  to={props.detailsHref(row.id)}
                  className={`font-semibold break-words text-gray-900 hover:text-brand-700 ${FOCUS_RING}`}
                >
                  {row.full_name}
                </Link>
                {row.position || row.organization ? (
                  <p className="text-sm break-words text-gray-600">{[row.position, row.organization].filter(Boolean).join(" · ")}</p>
                ) : null}
                {REGISTERED_APART[row.channel] ? <p className="text-sm text-gray-500">{REGISTERED_APART[row.channel]}</p> : null}
              </div>
              <GenderBadge gender={row.gender} />
            </div>
            <dl className="mt-3 mb-4 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
              <dt className="text-gray-500">Email</dt>
              <dd className="break-words text-gray-900">
                <EmailText email={row.email} channel={row.channel} />
              </dd>
              <dt className="text-gray-500">Phone</dt>
              <dd className="text-gray-900">
                <PhoneText phone={row.phone} sms={row.sms_opt_in} whatsapp={row.whatsapp_opt_in} />
              </dd>
              <dt className="text-gray-500">Location</dt>
              <dd className="text-gray-900">{[row.state, row.local_government].filter(Boolean).join(", ") || dash}</dd>
              <dt className="text-gray-500">Registered</dt>
              <dd className="text-gray-900">{displayDate(row.created_at)}</dd>
              <dt className="text-gray-500">Checked in</dt>
              <dd className="text-gray-900">{checkedIn(row)}</dd>
            </dl>
            <div className="mt-auto border-t border-gray-100 pt-3">
              <RowActions row={row} {...props} />
            </div>
          </li>
        ))}
      </ul>
    </RowIconSprite>
  );
}

function RowActions({ row, action, detailsHref, confirmHref, onDelete, compact = false }: ListProps & { row: ListRow; compact?: boolean }) {
  const openConfirm = (event: React.MouseEvent) => {
    event.preventDefault();
    onDelete(row);
  };
  if (compact) {
    return (
      <div className="flex items-center justify-end gap-0.5">
        <ResendButton id={row.id} name={row.full_name} action={action} compact />
        <Link to={detailsHref(row.id)} className={BUTTON.icon} aria-label={`View Details of ${row.full_name}`} title="View Details">
          <EyeIcon />
        </Link>
        <Link
          to={confirmHref(row.id)}
          preventScrollReset
          onClick={openConfirm}
          className={`${BUTTON.icon} hover:bg-red-50 hover:text-red-700`}
          aria-label={`Delete ${row.full_name}`}
          title="Delete"
        >
          <TrashIcon />
        </Link>
      </div>
    );
  }
  return (
    <div className="flex flex-wrap gap-2">
      <ResendButton id={row.id} name={row.full_name} action={action} />
      <Link to={detailsHref(row.id)} className={BUTTON.secondary}>
        <EyeIcon />
        View Details
      </Link>
      <Link
        to={confirmHref(row.id)}
        preventScrollReset
        onClick={openConfirm}
        className={`${BUTTON.secondary} text-red-700 hover:bg-red-50`}
      >
        <TrashIcon />
        Delete
      </Link>
    </div>
  );
}
