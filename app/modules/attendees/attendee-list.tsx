import { Link } from "react-router";
import { FOCUS_RING } from "~/modules/auth/admin-nav";
import { BUTTON, EmailText, EyeIcon, GenderBadge, ResendButton, RowIconSprite, TrashIcon } from "./attendee-ui";
import { displayDate } from "./format";
import type { Gender } from "./schemas";

export type ListRow = {
  id: string;
  full_name: string;
  email: string;
  phone: string;
  gender: Gender;
  organization: string;
  position: string;
  state: string;
  local_government: string;
  created_at: string | Date;
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

const dash = <span className="text-gray-400">—</span>;

/**
 * The attendees, as a table on wide screens and as cards below (phones, tablets, and
 * laptops where the sidebar leaves too little room for seven columns) (spec §2 columns:
 * Name with position, Contact, Gender, Organization, Location, Registered, Actions).
 */
export function AttendeeList(props: ListProps) {
  if (props.rows.length === 0) {
    return (
      <div className="rounded-2xl border border-dashed border-gray-300 bg-white px-6 py-12 text-center text-gray-600">
        No attendees found matching your criteria.
      </div>
    );
  }
  return (
    <RowIconSprite>
      <div className="hidden overflow-x-auto rounded-2xl border border-gray-200 bg-white shadow-sm xl:block">
        <table className="min-w-full divide-y divide-gray-200 text-sm">
          <thead className="bg-gray-50 text-left text-xs font-semibold tracking-wide text-gray-600 uppercase">
            <tr>
              <th scope="col" className="py-3 pr-2.5 pl-4">
                Name
              </th>
              <th scope="col" className="px-2.5 py-3">
                Contact
              </th>
              <th scope="col" className="px-2.5 py-3">
                Gender
              </th>
              <th scope="col" className="px-2.5 py-3">
                Organization
              </th>
              <th scope="col" className="px-2.5 py-3">
                Location
              </th>
              <th scope="col" className="px-2.5 py-3">
                Registered
              </th>
              <th scope="col" className="py-3 pr-4 pl-2.5 text-right">
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {props.rows.map((row) => (
              <tr key={row.id} className="align-top hover:bg-gray-50" data-attendee-id={row.id}>
                <td className="max-w-56 min-w-36 py-3 pr-2.5 pl-4">
                  <Link
                    to={props.detailsHref(row.id)}
                    className={`font-semibold break-words text-gray-900 hover:text-brand-700 ${FOCUS_RING}`}
                  >
                    {row.full_name}
                  </Link>
                  <div className="break-words text-gray-500">{row.position || dash}</div>
                </td>
                <td className="max-w-72 px-2.5 py-3">
                  <div className="break-words text-gray-900">
                    <EmailText email={row.email} />
                  </div>
                  <div className="whitespace-nowrap text-gray-500">{row.phone}</div>
                </td>
                <td className="px-2.5 py-3">
                  <GenderBadge gender={row.gender} />
                </td>
                <td className="max-w-48 px-2.5 py-3 break-words text-gray-700">{row.organization || dash}</td>
                <td className="px-2.5 py-3">
                  <div className="text-gray-900">{row.state || dash}</div>
                  <div className="text-gray-500">{row.local_government}</div>
                </td>
                <td className="px-2.5 py-3 whitespace-nowrap text-gray-700">{displayDate(row.created_at)}</td>
                <td className="py-2 pr-3 pl-1">
                  <RowActions row={row} {...props} compact />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

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
              </div>
              <GenderBadge gender={row.gender} />
            </div>
            <dl className="mt-3 mb-4 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
              <dt className="text-gray-500">Email</dt>
              <dd className="break-words text-gray-900">
                <EmailText email={row.email} />
              </dd>
              <dt className="text-gray-500">Phone</dt>
              <dd className="text-gray-900">{row.phone}</dd>
              <dt className="text-gray-500">Location</dt>
              <dd className="text-gray-900">{[row.state, row.local_government].filter(Boolean).join(", ") || dash}</dd>
              <dt className="text-gray-500">Registered</dt>
              <dd className="text-gray-900">{displayDate(row.created_at)}</dd>
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

export function Pagination({ page, pageCount, hrefFor }: { page: number; pageCount: number; hrefFor: (page: number) => string }) {
  if (pageCount <= 1) return null;
  const link = `${BUTTON.secondary} min-w-24`;
  const disabled = `${BUTTON.secondary} min-w-24 pointer-events-none opacity-50`;
  return (
    <nav aria-label="Pagination" className="flex items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={link} rel="prev">
          Previous
        </Link>
      ) : (
        <span className={disabled} aria-disabled="true">
          Previous
        </span>
      )}
      <p className="text-sm text-gray-700" aria-current="page">{`Page ${page} of ${pageCount}`}</p>
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} className={link} rel="next">
          Next
        </Link>
      ) : (
        <span className={disabled} aria-disabled="true">
          Next
        </span>
      )}
    </nav>
  );
}
