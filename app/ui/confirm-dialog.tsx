import { Form, Link, useNavigation } from "react-router";
import { Modal } from "./modal";
import { TrashIcon } from "./row-icons";
import { BUTTON } from "./styles";

// A question with Cancel and a confirming button that posts a form. Opened with
// JavaScript by the page (useRouteModal); without JavaScript the triggering link leads
// to a URL whose page renders the dialog on the server, and Cancel is a plain link back.

type ConfirmDialogProps = {
  title: string;
  message: React.ReactNode;
  note?: string;
  /** where the form posts */
  action: string;
  /** hidden fields of the form: `intent` and the item's id */
  fields: Record<string, string>;
  confirmLabel: string;
  /** the button's text while the form is being submitted */
  busyLabel: string;
  confirmIcon?: React.ReactNode;
  tone?: "primary" | "danger";
  cancelHref: string;
  onClose: () => void;
};

function ConfirmDialog(props: ConfirmDialogProps) {
  const { fields } = props;
  const navigation = useNavigation();
  const formData = navigation.state === "submitting" ? navigation.formData : undefined;
  const busy = Boolean(formData) && Object.entries(fields).every(([name, value]) => formData?.get(name) === value);
  return (
    <Modal title={props.title} onClose={props.onClose} closeHref={props.cancelHref}>
      <p className="mt-3 text-center text-gray-700">{props.message}</p>
      {props.note ? <p className="mt-2 text-center text-sm text-gray-500">{props.note}</p> : null}
      <Form method="post" action={props.action} className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Link
          to={props.cancelHref}
          replace
          preventScrollReset
          className={BUTTON.secondary}
          onClick={(event) => {
            event.preventDefault();
            props.onClose();
          }}
        >
          Cancel
        </Link>
        <button type="submit" disabled={busy} className={props.tone === "danger" ? BUTTON.danger : BUTTON.primary}>
          {props.confirmIcon}
          {busy ? props.busyLabel : props.confirmLabel}
        </button>
      </Form>
    </Modal>
  );
}

/** "Are you sure…?" before deleting one item: posts intent=delete with its id. */
export function DeleteConfirmation({
  title,
  message,
  note,
  id,
  action,
  cancelHref,
  onClose,
}: Pick<ConfirmDialogProps, "title" | "message" | "note" | "action" | "cancelHref" | "onClose"> & { id: string }) {
  return (
    <ConfirmDialog
      title={title}
      message={message}
      note={note}
      action={action}
      fields={{ intent: "delete", id }}
      confirmLabel="Delete"
      busyLabel="Deleting…"
      confirmIcon={<TrashIcon />}
      tone="danger"
      cancelHref={cancelHref}
      onClose={onClose}
    />
  );
}
