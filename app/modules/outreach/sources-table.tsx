import { Form, Link } from "react-router";
import { Badge } from "~/ui/badge";
import { type Column, DataTable } from "~/ui/data-table";
import { displayDate } from "~/ui/date-time";
import { TrashIcon } from "~/ui/row-icons";
import { percentOf } from "~/ui/share";
import { SortLink } from "~/ui/sort-link";
import { BUTTON, FOCUS_RING } from "~/ui/styles";
import type { GroupFigures, SourceFigures, SourceSort, SourceSortKey } from "./figures.server";

// The Outreach page's table: a row per source (its short link with the QR code and poster
// downloads, visits, registrations, the conversion rate and, once the door has checked people
// in, how many came), then the attendees' invite links together and the registrations no link
// brought. Sorted by the column headers' links (?sort=…&dir=…), which work without JavaScript;
// the last two rows stay last. Archive and Delete are links to their confirmation.

export type SourceRow = SourceFigures & { link: string; shownLink: string };
export type ConfirmIntent = "archive" | "delete";

type Row = { kind: "source"; source: SourceRow } | { kind: "invited" | "direct"; figures: GroupFigures };

const number = (n: number) => n.toLocaleString("en-US");
const conversionLabel = (conversion: number | null) => (conversion === null ? "—" : `${Math.round(conversion * 100)}%`);
const NUMBER_CELL = "px-2.5 py-3 text-right tabular-nums";
const LINK = `font-medium text-brand-700 underline-offset-2 hover:underline ${FOCUS_RING}`;
const SMALL_BUTTON = `inline-flex items-center rounded-lg border border-gray-300 bg-white px-2.5 py-1.5 text-xs font-semibold text-gray-700 hover:bg-gray-50 ${FOCUS_RING}`;

/** Where a sortable header leads: this column, descending (names ascending), or the other way when it is sorted already. */
function sortHref(path: string, sort: SourceSort, key: SourceSortKey): string {
  const first = key === "name" ? "asc" : "desc";
  const direction = sort.key === key ? (sort.direction === "asc" ? "desc" : "asc") : first;
  return `${path}?${new URLSearchParams({ sort: key, dir: direction })}`;
}

export function SourcesTable({
  sources,
  invited,
  direct,
  checkInBegun,
  sort,
  path,
  confirmHref,
  onConfirm,
  restoreAction,
}: {
  sources: SourceRow[];
  invited: GroupFigures;
  direct: GroupFigures;
  checkInBegun: boolean;
  sort: SourceSort;
  /** the page's path, for the sort links */
  path: string;
  confirmHref: (intent: ConfirmIntent, id: number) => string;
  onConfirm: (intent: ConfirmIntent, source: SourceRow) => void;
  /** where Restore posts (the page as it is sorted) */
  restoreAction: string;
}) {
  const header = (label: string, key: SourceSortKey, align: "left" | "right" = "right") => ({
    header: <SortLink label={label} href={sortHref(path, sort, key)} direction={sort.key === key ? sort.direction : null} align={align} />,
    sort: sort.key === key ? (sort.direction === "asc" ? ("ascending" as const) : ("descending" as const)) : ("none" as const),
    headerClassName: `px-2.5 py-3 ${align === "right" ? "text-right" : ""}`,
  });
  const figuresOf = (row: Row) => (row.kind === "source" ? row.source : { ...row.figures, conversion: conversionOf(row.figures) });
  const columns: Column<Row>[] = [
    { ...header("Source", "name", "left"), className: "px-2.5 py-3 min-w-48", cell: (row) => <SourceCell row={row} /> },
    {
      header: "Short link",
      className: "px-2.5 py-3",
      cell: (row) =>
        row.kind === "source" ? (
          <LinkCell source={row.source} />
        ) : (
          <span className="text-sm text-gray-500">{row.kind === "invited" ? "Each attendee's own /i/… link" : "—"}</span>
        ),
    },
    { ...header("Visits", "visits"), className: NUMBER_CELL, cell: (row) => figure(figuresOf(row).visits) },
    {
      ...header("Registrations", "registrations"),
      className: `${NUMBER_CELL} font-semibold text-gray-900`,
      cell: (row) => number(figuresOf(row).registrations),
    },
    { ...header("Conversion", "conversion"), className: NUMBER_CELL, cell: (row) => conversionLabel(figuresOf(row).conversion) },
    ...(checkInBegun
      ? [
          {
            ...header("Attended", "attended"),
            className: NUMBER_CELL,
            cell: (row: Row) => {
              const { attended, registrations } = figuresOf(row);
              return (
                <>
                  {number(attended)}
                  {registrations > 0 ? (
                    <span className="block text-xs text-gray-500">{`${percentOf(attended, registrations)}% came`}</span>
                  ) : null}
                </>
              );
            },
          },
        ]
      : []),
    {
      header: <span className="sr-only">Actions</span>,
      className: "px-2.5 py-3",
      cell: (row) =>
        row.kind === "source" ? (
          <RowActions source={row.source} confirmHref={confirmHref} onConfirm={onConfirm} restoreAction={restoreAction} />
        ) : null,
    },
  ];
  const rows: Row[] = [
    ...sources.map((source) => ({ kind: "source" as const, source })),
    { kind: "invited", figures: invited },
    { kind: "direct", figures: direct },
  ];
  return (
    <DataTable
      rows={rows}
      columns={columns}
      rowKey={(row) => (row.kind === "source" ? `source-${row.source.id}` : row.kind)}
      rowAttributes={(row) => ({ "data-row": row.kind === "source" ? row.source.code : row.kind })}
      empty="No sources yet."
    />
  );
}

function conversionOf(figures: GroupFigures): number | null {
  return figures.visits ? figures.registrations / figures.visits : null;
}

function figure(value: number | null) {
  return value === null ? <span className="text-gray-400">—</span> : number(value);
}

function SourceCell({ row }: { row: Row }) {
  if (row.kind !== "source") {
    return (
      <>
        <span className="font-semibold text-gray-900">{row.kind === "invited" ? "Invited by attendees" : "Direct / unknown"}</span>
        <span className="block text-xs text-gray-500">
          {row.kind === "invited"
            ? "Through the invite link on each ticket page"
            : "No tracked link: the address typed or shared as it is, or USSD"}
        </span>
      </>
    );
  }
  const { source } = row;
  return (
    <>
      <span className={`font-semibold break-words ${source.archivedAt ? "text-gray-500" : "text-gray-900"}`}>{source.name}</span>{" "}
      {source.archivedAt ? <Badge tone="gray">Archived</Badge> : null}
      <span className="block text-xs text-gray-500">
        {source.archivedAt ? `Archived ${displayDate(source.archivedAt)}` : `Created ${displayDate(source.createdAt)}`}
      </span>
    </>
  );
}

function LinkCell({ source }: { source: SourceRow }) {
  const base = `/admin/outreach/${source.id}`;
  const at = source.shownLink.lastIndexOf("/") + 1;
  // Written out, not a link: an organiser opening it would count a visit. The code stands out:
  // it is what the radio reads out.
  return (
    <div className="space-y-0.5 whitespace-nowrap">
      <span className="block font-mono text-sm text-gray-600 select-all" data-testid="short-link">
        {source.shownLink.slice(0, at)}
        <strong className="font-bold text-gray-900">{source.shownLink.slice(at)}</strong>
      </span>
      <span className="block text-xs text-gray-600">
        {"QR code: "}
        <a href={`${base}/qr.png`} download className={LINK}>
          PNG
        </a>
        {" · "}
        <a href={`${base}/qr.svg`} download className={LINK}>
          SVG
        </a>
      </span>
      <span className="block text-xs text-gray-600">
        {"Poster: "}
        <a href={`${base}/poster.pdf?language=en`} target="_blank" rel="noreferrer" className={LINK}>
          English
        </a>
        {" · "}
        <a href={`${base}/poster.pdf?language=ha`} target="_blank" rel="noreferrer" className={LINK}>
          Hausa
        </a>
      </span>
    </div>
  );
}

function RowActions({
  source,
  confirmHref,
  onConfirm,
  restoreAction,
}: {
  source: SourceRow;
  confirmHref: (intent: ConfirmIntent, id: number) => string;
  onConfirm: (intent: ConfirmIntent, source: SourceRow) => void;
  restoreAction: string;
}) {
  const confirmLink = (intent: ConfirmIntent, label: string, className: string, children: React.ReactNode) => (
    <Link
      to={confirmHref(intent, source.id)}
      preventScrollReset
      aria-label={`${label} ${source.name}`}
      className={className}
      onClick={(event) => {
        event.preventDefault();
        onConfirm(intent, source);
      }}
    >
      {children}
    </Link>
  );
  return (
    <div className="flex items-center justify-end gap-1.5">
      {source.archivedAt ? (
        <Form method="post" action={restoreAction} preventScrollReset>
          <input type="hidden" name="intent" value="restore" />
          <input type="hidden" name="id" value={source.id} />
          <button type="submit" aria-label={`Restore ${source.name}`} className={SMALL_BUTTON}>
            Restore
          </button>
        </Form>
      ) : (
        confirmLink("archive", "Archive", SMALL_BUTTON, "Archive")
      )}
      {source.referenced ? null : confirmLink("delete", "Delete", `${BUTTON.icon} hover:bg-red-50 hover:text-red-700`, <TrashIcon />)}
    </div>
  );
}
