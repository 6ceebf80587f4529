import { Link } from "react-router";
import { FOCUS_RING } from "./styles";

// A sortable column's header: a plain link to the list sorted by it (?sort=…&dir=…), so sorting
// works without JavaScript. The arrow shows the current order; the column's `sort` in DataTable
// says it to screen readers (aria-sort).

export function SortLink({
  label,
  href,
  direction,
  align = "left",
}: {
  label: string;
  href: string;
  /** the list is sorted by this column, in this direction; null: by another */
  direction: "asc" | "desc" | null;
  align?: "left" | "right";
}) {
  return (
    <Link
      to={href}
      preventScrollReset
      className={`group inline-flex items-center gap-1 rounded uppercase hover:text-gray-900 ${align === "right" ? "flex-row-reverse" : ""} ${
        direction ? "text-gray-900" : ""
      } ${FOCUS_RING}`}
    >
      <span>{label}</span>
      <span aria-hidden="true" className={direction ? "text-brand-700" : "text-gray-300 group-hover:text-gray-500"}>
        {direction === "asc" ? "▲" : direction === "desc" ? "▼" : "↕"}
      </span>
    </Link>
  );
}
