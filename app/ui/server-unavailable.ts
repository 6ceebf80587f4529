import { isRouteErrorResponse, type ShouldRevalidateFunctionArgs } from "react-router";
import { makeToast, type Toast } from "./toast";
import { unavailableMessage } from "./unavailable-message";

// When the server is overloaded or its database out of reach, it answers a form's data
// request with 503 and a line of text (server/unavailable-page.ts). Thrown on, that would
// replace the page with the error screen and lose what the person typed; a route's
// clientAction passes its server action through this instead, and the answer becomes a
// toast above the form, still filled in, ready to send again.

export type Unavailable = { toast: Toast; unavailable: true };

/** The server action's answer, or `{ toast, unavailable }` when the server said 503. */
export async function keepFormWhenUnavailable<T>(serverAction: () => Promise<T>): Promise<T | Unavailable> {
  try {
    return await serverAction();
  } catch (error) {
    if (!isRouteErrorResponse(error) || error.status !== 503) throw error;
    return { toast: makeToast("error", unavailableMessage(error.data, "errors.unavailableText")), unavailable: true };
  }
}

/**
 * A route's shouldRevalidate: after a refused post nothing changed, and reloading the page's
 * data from the same busy server would only be refused too, replacing the page with the
 * error screen. The same after a post the page answered itself because the server could not be
 * reached (`offline`: the door, app/modules/checkin/offline). The root and every route on a page
 * with such a form need it.
 */
export function notAfterUnavailable({ actionResult, defaultShouldRevalidate, formMethod }: ShouldRevalidateFunctionArgs): boolean {
  const refused = typeof actionResult === "object" && actionResult !== null && ("unavailable" in actionResult || "offline" in actionResult);
  // A link or a search followed with the network gone: what the page has beats an error screen.
  const offline = typeof navigator !== "undefined" && !navigator.onLine && (!formMethod || formMethod.toUpperCase() === "GET");
  return refused || offline ? false : defaultShouldRevalidate;
}
