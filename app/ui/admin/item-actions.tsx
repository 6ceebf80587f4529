import { Link } from "react-router";
import { PencilIcon } from "../icons";
import { TrashIcon } from "../row-icons";
import { BUTTON } from "../styles";

/**
 * Edit and Delete for one item of a content list. Both are links, so they work without
 * JavaScript (the edit form's URL; the list with `?delete=<id>`, which renders the
 * confirmation); with JavaScript Delete opens the confirmation in place.
 */
export function ItemActions({
  label,
  editHref,
  deleteHref,
  onDelete,
}: {
  label: string;
  editHref: string;
  deleteHref: string;
  onDelete: () => void;
}) {
  return (
    <div className="flex items-center gap-0.5">
      <Link to={editHref} preventScrollReset aria-label={`Edit ${label}`} title="Edit" className={BUTTON.icon}>
        <PencilIcon className="h-4 w-4" />
      </Link>
      <Link
        to={deleteHref}
        preventScrollReset
        aria-label={`Delete ${label}`}
        title="Delete"
        className={`${BUTTON.icon} hover:bg-red-50 hover:text-red-700`}
        onClick={(event) => {
          event.preventDefault();
          onDelete();
        }}
      >
        <TrashIcon />
      </Link>
    </div>
  );
}
