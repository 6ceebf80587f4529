import { Link } from "react-router";
import { BUTTON } from "./styles";

/** Cancel and the submit button at the foot of a form; the button says it is busy while the form posts. */
export function FormActions({
  submitLabel,
  pendingLabel,
  pending,
  cancelHref,
  onCancel,
}: {
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  cancelHref: string;
  /** With JavaScript: close in place instead of following the link. */
  onCancel?: () => void;
}) {
  return (
    <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      <Link
        to={cancelHref}
        preventScrollReset
        className={BUTTON.secondary}
        onClick={
          onCancel
            ? (event) => {
                event.preventDefault();
                onCancel();
              }
            : undefined
        }
      >
        Cancel
      </Link>
      <button type="submit" disabled={pending} className={BUTTON.primary}>
        {pending ? pendingLabel : submitLabel}
      </button>
    </div>
  );
}
