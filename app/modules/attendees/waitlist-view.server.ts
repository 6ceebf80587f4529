import { data } from "react-router";
import { z } from "zod";
import type { Db } from "~/db/client.server";
import type { AuditActor } from "~/modules/audit/audit.server";
import { getSettings } from "~/modules/settings/settings.server";
import { OFFER_NEXT_MESSAGES, offerNextSeat, removeFromWaitlist } from "~/modules/waitlist/offers.server";
import { listWaitlist } from "~/modules/waitlist/waitlist-admin.server";
import { pageParam } from "~/ui/page-param";
import { redirectWithToast } from "~/ui/toast.server";
import { attendeeViewCounts } from "./attendee-views.server";
import { REMOVE_PARAM, WAITLIST_VIEW } from "./waitlist-paths";

// /admin/attendees/waitlist (routes/admin/attendees-waitlist.tsx): who waits, in order, and the
// organisers' two actions: hand the next seat on, or remove someone (asked first: ?remove=<id>).

/** One page of the line, the views' counts, the offer's hours, and the person a ?remove= link asks about. */
export async function waitlistView(db: Db, url: URL) {
  const page = pageParam(url);
  const [list, counts, settings] = await Promise.all([listWaitlist(db, page), attendeeViewCounts(db), getSettings(db)]);
  const removeId = url.searchParams.get(REMOVE_PARAM);
  const confirm = list.rows.find((row) => row.id === removeId && (row.status === "waiting" || row.status === "offered")) ?? null;
  return { ...list, views: counts, offerHours: settings.waitlist_offer_hours, confirm };
}

const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("offer-next") }),
  z.object({ intent: z.literal("remove"), id: z.uuid() }),
]);

/** "Offer next seat", or removing one person (their details are deleted). */
export async function waitlistViewAction(db: Db, admin: AuditActor, form: FormData) {
  const parsed = actionSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) throw data("Bad Request", { status: 400 });
  if (parsed.data.intent === "offer-next") {
    const outcome = await offerNextSeat(db, admin);
    return redirectWithToast(WAITLIST_VIEW, outcome === "offered" ? "success" : "error", OFFER_NEXT_MESSAGES[outcome]);
  }
  const removed = await removeFromWaitlist(db, parsed.data.id, admin);
  if (removed !== "left") return redirectWithToast(WAITLIST_VIEW, "error", "This person is no longer on the waitlist.");
  return redirectWithToast(WAITLIST_VIEW, "success", "Removed from the waitlist. Their details have been deleted.");
}
