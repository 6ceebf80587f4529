import { data } from "react-router";
import type { Db } from "~/db/client.server";
import { logger } from "~/logger.server";
import { isReminderWindow } from "~/modules/settings/event-time";
import { getSettings } from "~/modules/settings/settings.server";
import { redirectWithToast } from "~/ui/toast.server";

export const OPERATIONS_TOASTS = {
  perfectTiming: "Perfect timing! Event is 1-2 days away.",
  notYet: "Reminders are typically sent 1-2 days before the event.",
  timingFailed: "Failed to check reminder timing",
} as const;

/** The operations screen's buttons; each answers with a redirect back and the product's toast. */
export async function operationsAction(db: Db, formData: FormData, back: string, now = new Date()) {
  const intent = formData.get("intent");
  if (intent === "check-timing") {
    try {
      const settings = await getSettings(db);
      return isReminderWindow(now, settings.event_date)
        ? redirectWithToast(back, "success", OPERATIONS_TOASTS.perfectTiming)
        : redirectWithToast(back, "info", OPERATIONS_TOASTS.notYet);
    } catch (error) {
      logger().error({ err: error }, "reminder timing check failed");
      return redirectWithToast(back, "error", OPERATIONS_TOASTS.timingFailed);
    }
  }
  throw data("Unknown action", { status: 400 });
}
