import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { BUTTON } from "~/ui/styles";

// "Undo" on the door: on a search result and on the green card alike. A link to the page with
// `?undo=<id>` (the confirmation without JavaScript); with it, the confirmation opens in place.

export type UndoTarget = {
  /** the door page's address asking to confirm the undo of this attendee */
  hrefFor: (id: string) => string;
  open: (person: { id: string; full_name: string }) => void;
};

export function UndoLink({
  person,
  undo,
  className = "",
}: {
  person: { id: string; full_name: string };
  undo: UndoTarget;
  className?: string;
}) {
  const { t } = useTranslation("door");
  return (
    <Link
      to={undo.hrefFor(person.id)}
      preventScrollReset
      className={`${BUTTON.secondary} ${className}`}
      onClick={(event) => {
        event.preventDefault();
        undo.open({ id: person.id, full_name: person.full_name });
      }}
    >
      {t("undo")}
    </Link>
  );
}
