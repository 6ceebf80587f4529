import { EmptyState } from "./empty-state";

// A table of rows for admin lists: one column definition per column (header, cell,
// classes), a row key, and what to say when there are no rows. Narrow screens
// usually get cards instead: pass `className="hidden xl:block"` and render them beside.

export type Column<T> = {
  header: React.ReactNode;
  cell: (row: T) => React.ReactNode;
  /** classes of the <th>; default "px-2.5 py-3" */
  headerClassName?: string;
  /** classes of each <td> */
  className?: string;
  /** a sortable column's state (its header then holds a SortLink): read out by screen readers */
  sort?: "ascending" | "descending" | "none";
};

type DataTableProps<T> = {
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowKey: (row: T) => string;
  /** extra attributes of a row, e.g. a data-* id for tests and scripts */
  rowAttributes?: (row: T) => Record<`data-${string}`, string>;
  /** shown instead of the table when there are no rows */
  empty: React.ReactNode;
  className?: string;
};

export function DataTable<T>({ rows, columns, rowKey, rowAttributes, empty, className = "" }: DataTableProps<T>) {
  if (rows.length === 0) return <EmptyState>{empty}</EmptyState>;
  return (
    <div className={`overflow-x-auto rounded-2xl border border-gray-200 bg-white shadow-sm ${className}`}>
      <table className="min-w-full divide-y divide-gray-200 text-sm">
        <thead className="bg-gray-50 text-left text-xs font-semibold tracking-wide text-gray-600 uppercase">
          <tr>
            {columns.map((column, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: columns are a fixed list, never reordered
              <th key={index} scope="col" aria-sort={column.sort} className={column.headerClassName ?? "px-2.5 py-3"}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {rows.map((row) => (
            <tr key={rowKey(row)} className="align-top hover:bg-gray-50" {...rowAttributes?.(row)}>
              {columns.map((column, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: columns are a fixed list, never reordered
                <td key={index} className={column.className}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
