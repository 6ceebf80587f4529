import { Form } from "react-router";
import { Notice } from "~/ui/notice";
import { BUTTON } from "~/ui/styles";

// Above the agenda when its order contradicts its times ("12:30 PM" above "8:00 AM" would
// show so on the landing page), with the one-click fix. Dragging stays the organisers' way
// to order items whose times cannot be read.

export function AgendaTimeNotice({
  conflict,
}: {
  conflict: { above: { title: string; time: string }; below: { title: string; time: string } };
}) {
  return (
    <Notice tone="warning" testId="agenda-time-order">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p>
          The order does not follow the times: “{conflict.above.title}” ({conflict.above.time}) is above “{conflict.below.title}” (
          {conflict.below.time}). The landing page shows this order.
        </p>
        <Form method="post" preventScrollReset>
          <button type="submit" name="intent" value="sort-time" className={`${BUTTON.secondary} shrink-0`}>
            Sort by time
          </button>
        </Form>
      </div>
    </Notice>
  );
}
