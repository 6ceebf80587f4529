import { data } from "react-router";
import { invalidatePublicContent } from "~/cache/public-content-generation";
import type { Db } from "~/db/client.server";
import { logger } from "~/logger.server";
import type { AuditActor } from "~/modules/audit/audit.server";
import { getSettings } from "~/modules/settings/settings.server";
import { redirectWithToast } from "~/ui/toast.server";
import { deleteAttendee, resendTicket } from "./attendees.server";
import { ATTENDEE_TOASTS, CONFIRM_DELETE_PARAM } from "./messages";
import { attendeeIdFormSchema } from "./schemas";

/**
 * The page a form was posted from, without the no-JavaScript confirmation step. Takes the
 * route's normalised `url` argument: with v8_passThroughRequests, request.url of a
 * JavaScript submission is the data URL (/admin/attendees.data), not the page.
 */
export function pageUrl(url: URL): string {
  const page = new URL(url);
  page.searchParams.delete(CONFIRM_DELETE_PARAM);
  page.searchParams.delete("index");
  page.searchParams.delete("_routes");
  return page.pathname + page.search;
}

/**
 * Resend Ticket and Delete, posted from the list or the detail page. Always a redirect with
 * a flash toast (post/redirect/get), so the result shows with and without JavaScript and a
 * reload never posts twice. The caller has already called requireAdmin.
 */
export async function attendeeAction(
  db: Db,
  actor: AuditActor,
  formData: FormData,
  redirects: { afterResend: string; afterDelete: string; onError: string },
): Promise<Response> {
  const intent = formData.get("intent");
  // Undefined for a missing or malformed id: the intent then fails as for an unknown attendee.
  const id = attendeeIdFormSchema.safeParse({ id: formData.get("id") }).data?.id;

  if (intent === "resend") {
    if (!id) return redirectWithToast(redirects.onError, "error", ATTENDEE_TOASTS.resendFailed);
    try {
      const settings = await getSettings(db);
      const result = await resendTicket(db, actor, id, settings.event_name);
      if (!result) return redirectWithToast(redirects.onError, "error", ATTENDEE_TOASTS.resendFailed);
      return redirectWithToast(
        redirects.afterResend,
        "success",
        ATTENDEE_TOASTS.resent(result.attendee.email ?? `${result.attendee.phone} by SMS`),
      );
    } catch (error) {
      logger().error({ err: error, attendeeId: id }, "ticket resend failed");
      return redirectWithToast(redirects.onError, "error", ATTENDEE_TOASTS.resendFailed);
    }
  }

  if (intent === "delete") {
    if (!id) return redirectWithToast(redirects.onError, "error", ATTENDEE_TOASTS.deleteFailed);
    try {
      const deleted = await deleteAttendee(db, actor, id);
      if (!deleted) return redirectWithToast(redirects.onError, "error", ATTENDEE_TOASTS.deleteFailed);
      invalidatePublicContent();
      return redirectWithToast(redirects.afterDelete, "success", ATTENDEE_TOASTS.deleted(deleted.full_name));
    } catch (error) {
      logger().error({ err: error, attendeeId: id }, "attendee delete failed");
      return redirectWithToast(redirects.onError, "error", ATTENDEE_TOASTS.deleteFailed);
    }
  }

  throw data("Unknown action", { status: 400 });
}
