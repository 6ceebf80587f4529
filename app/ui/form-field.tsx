import { useTranslation } from "react-i18next";
import { translateMessage } from "~/i18n/message-key";
import { FIELD_DESCRIPTION, FIELD_ERROR } from "./styles";

// A labelled form control with its error or description underneath. The control
// itself is the child, so it can be an input, select or text area wired by Conform;
// the error paragraph carries `errorId`, which the control names in aria-describedby.
// data-field / data-error-id let the script of a page served without React show and
// clear the same messages (ui/enhance/field-errors.ts).

export function FormField(props: {
  label: string;
  /** the control's id, for the label */
  id: string;
  errorId: string;
  error?: string;
  required?: boolean;
  /** shown under the control while there is no error */
  description?: string;
  children: React.ReactNode;
}) {
  // Schemas give catalogue keys (~/i18n/message-key.ts): the field says them in the page's language.
  const { t } = useTranslation("common");
  return (
    <div data-field="" data-error-id={props.errorId}>
      <label htmlFor={props.id} className="block text-sm font-semibold text-gray-800">
        {props.label}
        {props.required ? (
          <span className="text-red-700" aria-hidden="true">
            {" "}
            *
          </span>
        ) : null}
      </label>
      {props.children}
      {props.error ? (
        <p id={props.errorId} className={FIELD_ERROR}>
          {translateMessage(t, props.error)}
        </p>
      ) : null}
      {props.description ? (
        <p data-field-description="" hidden={Boolean(props.error)} className={FIELD_DESCRIPTION}>
          {props.description}
        </p>
      ) : null}
    </div>
  );
}
