// A labelled form control with its error or description underneath. The control
// itself is the child, so it can be an input, select or text area wired by Conform;
// the error paragraph carries `errorId`, which the control names in aria-describedby.

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
  return (
    <div>
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
        <p id={props.errorId} className="mt-1 text-sm text-red-700">
          {props.error}
        </p>
      ) : props.description ? (
        <p className="mt-1 text-xs text-gray-500">{props.description}</p>
      ) : null}
    </div>
  );
}
