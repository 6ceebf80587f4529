import { Form } from "react-router";
import { BUTTON, FOCUS_RING } from "~/ui/styles";
import type { FeedbackEditionChoice } from "./feedback-page.server";

// Which edition's answers the Feedback page shows: a GET form (the choice is in the URL, and it
// works without JavaScript), offered once an edition has been archived. The current edition
// comes first and is the default.

const SELECT = `rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 shadow-sm focus:border-brand-600 ${FOCUS_RING}`;

export function FeedbackEditionPicker({ editions, edition, path }: { editions: FeedbackEditionChoice[]; edition: number; path: string }) {
  if (editions.length < 2) return null;
  return (
    <Form
      method="get"
      action={path}
      aria-label="Choose the edition"
      className="flex flex-wrap items-end gap-2"
      data-testid="feedback-edition"
    >
      <label className="text-sm font-medium text-gray-700">
        <span className="mb-1 block">Edition</span>
        <select name="edition" defaultValue={String(edition)} key={edition} className={SELECT}>
          {editions.map((choice) => (
            <option key={choice.id} value={String(choice.id)}>
              {choice.current ? `${choice.name} (current)` : choice.name}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className={BUTTON.secondary}>
        Show
      </button>
    </Form>
  );
}
