import { Form, Link, useNavigation } from "react-router";
import { Modal } from "./modal";
import { TrashIcon } from "./row-icons";
import { BUTTON } from "./styles";

// "Are you sure…?" before an action on one item, with Cancel and the action's button,
// which posts `intent` and the item's id. Opened with JavaScript by the page
// (useRouteModal); without JavaScript the triggering link leads to a URL whose page
// renders the dialog on the server, and Cancel is a plain link back.

type ConfirmProps = {
  /** the Cancel link's words, where the page is not in English (the door) */
  cancelLabel?: string;
  title: string;
  message: React.ReactNode;
  note?: string;
  id: string;
  /** more hidden fields the form posts (the ids of a bulk action) */
  values?: { name: string; value: string }[];
  /** where the form posts */
  action: string;
  cancelHref: string;
  onClose: () => void;
};

export function ConfirmDialog(
  props: ConfirmProps & { intent: string; confirmLabel: string; pendingLabel: string; tone: "danger" | "primary"; icon?: React.ReactNode },
) {
  const navigation = useNavigation();
  const posted = navigation.state === "submitting" ? navigation.formData : undefined;
  const pending = posted?.get("intent") === props.intent && posted.get("id") === props.id;
  return (
    <Modal title={props.title} onClose={props.onClose} closeHref={props.cancelHref}>
      <p className="mt-3 text-center text-gray-700">{props.message}</p>
      {props.note ? <p className="mt-2 text-center text-sm text-gray-500">{props.note}</p> : null}
      <Form method="post" action={props.action} className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <input type="hidden" name="intent" value={props.intent} />
        <input type="hidden" name="id" value={props.id} />
        {props.values?.map((field) => (
          <input key={`${field.name}=${field.value}`} type="hidden" name={field.name} value={field.value} />
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
          {props.cancelLabel ?? "Cancel"}
        </Link>
        <button type="submit" disabled={pending} className={props.tone === "danger" ? BUTTON.danger : BUTTON.primary}>
          {props.icon}
          {pending ? props.pendingLabel : props.confirmLabel}
        </button>
      </Form>
    </Modal>
  );
}

export function DeleteConfirmation(props: ConfirmProps) {
  return <ConfirmDialog {...props} intent="delete" confirmLabel="Delete" pendingLabel="Deleting…" tone="danger" icon={<TrashIcon />} />;
}
