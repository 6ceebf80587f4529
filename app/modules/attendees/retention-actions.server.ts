import type { Db } from "~/db/client.server";
import type { AuditActor } from "~/modules/audit/audit.server";
import { displayDate } from "~/ui/date-time";
import { redirectWithToast } from "~/ui/toast.server";
import { postponePurge } from "./retention.server";

/** Only a page of the admin area (not "//elsewhere"): where Postpone returns to. */
function adminPage(value: FormDataEntryValue | null): string {
  return typeof value === "string" && /^\/admin(?:[/?#]|$)/.test(value) ? value : "/admin";
}

/** The retention notice's "Postpone the deletion": a redirect back with what it did, with and without JavaScript. */
export async function postponePurgeAction(db: Db, actor: AuditActor, formData: FormData): Promise<Response> {
  const back = adminPage(formData.get("back"));
  const moved = await postponePurge(db, actor);
  if (!moved) return redirectWithToast(back, "error", "The deletion cannot be postponed any further.", { duration: 6000 });
  return redirectWithToast(back, "success", `Personal data will now be deleted on ${displayDate(moved.to)}.`, { duration: 6000 });
}
