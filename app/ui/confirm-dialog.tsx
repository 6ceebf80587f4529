import { Form, Link, useNavigation } from "react-router";
import { Modal } from "./modal";
import { TrashIcon } from "./row-icons";
import { BUTTON } from "./styles";

// "Are you sure…?" before deleting one item, with Cancel and Delete; Delete posts
// intent=delete and the item's id. Opened with JavaScript by the page (useRouteModal);
// without JavaScript the triggering link leads to a URL whose page renders the dialog
// on the server, and Cancel is a plain link back.

export function DeleteConfirmation(props: {
  title: string;
  message: React.ReactNode;
  note?: string;
  id: string;
  /** where the form posts */
  action: string;
  cancelHref: string;
  onClose: () => void;
}) {
  const navigation = useNavigation();
  const posted = navigation.state === "submitting" ? navigation.formData : undefined;
  const deleting = posted?.get("intent") === "delete" && posted.get("id") === props.id;
  return (
    <Modal title={props.title} onClose={props.onClose} closeHref={props.cancelHref}>
      <p className="mt-3 text-center text-gray-700">{props.message}</p>
      {props.note ? <p className="mt-2 text-center text-sm text-gray-500">{props.note}</p> : null}
      <Form method="post" action={props.action} className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={props.id} />
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
        <button type="submit" disabled={deleting} className={BUTTON.danger}>
          <TrashIcon />
          {deleting ? "Deleting…" : "Delete"}
        </button>
      </Form>
    </Modal>
  );
}
