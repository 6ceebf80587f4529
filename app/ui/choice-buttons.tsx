import { useTranslation } from "react-i18next";
import { translateMessage } from "~/i18n/message-key";
import { FIELD_ERROR, FOCUS_RING } from "./styles";

// A short set of choices as big buttons side by side (a 1–5 rating, yes / no): real radio
// buttons, so they work without JavaScript, are reached with Tab and moved with the arrow keys,
// and are read as one group under its legend; each is at least 48 px high for a thumb on a
// 360 px phone. The circle of the radio is hidden; the button shows the choice instead.

type Choice = { value: string; label: string /** read by screen readers after the label ("Poor") */; spoken?: string };

type Props = {
  legend: string;
  name: string;
  /** the id of the first button (a label or an error summary may point at it); the others get `-2`, `-3`… */
  id: string;
  choices: readonly Choice[];
  defaultValue?: string;
  /** a message or catalogue key (~/i18n/message-key.ts) */
  error?: string;
  errorId: string;
  required?: boolean;
  /** what the two ends mean, under the buttons ("Poor" … "Excellent") */
  ends?: { low: string; high: string };
  /** Tailwind grid columns class, e.g. "grid-cols-5" */
  columns: string;
};

export function ChoiceButtons({ legend, name, id, choices, defaultValue, error, errorId, required, ends, columns }: Props) {
  const { t } = useTranslation("common");
  return (
    <fieldset data-field="" data-error-id={errorId}>
      <legend className="text-sm font-semibold text-gray-800">
        {legend}
        {required ? (
          <span className="text-red-700" aria-hidden="true">
            {" "}
            *
          </span>
        ) : null}
      </legend>
      <div className={`mt-2 grid gap-2 ${columns}`}>
        {choices.map((choice, index) => (
          <label key={choice.value} className="relative block cursor-pointer">
            <input
              type="radio"
              id={index === 0 ? id : `${id}-${index + 1}`}
              name={name}
              value={choice.value}
              defaultChecked={defaultValue === choice.value}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className="peer sr-only"
            />
            <span
              className={`flex min-h-12 items-center justify-center rounded-xl border-2 border-gray-300 bg-white px-2 py-2 text-lg font-bold text-gray-800 transition-colors hover:border-brand-600 peer-checked:border-brand-700 peer-checked:bg-brand-700 peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 peer-aria-[invalid=true]:border-red-600 ${FOCUS_RING}`}
            >
              {choice.label}
              {choice.spoken ? <span className="sr-only">{` ${choice.spoken}`}</span> : null}
            </span>
          </label>
        ))}
      </div>
      {ends ? (
        <p aria-hidden="true" className="mt-1 flex justify-between text-xs text-gray-600">
          <span>{ends.low}</span>
          <span>{ends.high}</span>
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={FIELD_ERROR}>
          {translateMessage(t, error)}
        </p>
      ) : null}
    </fieldset>
  );
}
