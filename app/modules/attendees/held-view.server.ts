import { data } from "react-router";
import * as z from "zod";
import type { Db } from "~/db/client.server";
import type { AuditActor } from "~/modules/audit/audit.server";
import { deleteHeldInBulk, heldIdsOfSurge, listHeld, recentSurges } from "~/modules/booking-protection/held-registrations.server";
import { HELD_VIEW } from "~/modules/booking-protection/held-view-path";
import { ticketLinkKeys } from "~/modules/tickets/ticket-link.server";
import { confirmHeldInBulk } from "~/modules/waitlist/held-confirm.server";
import { pageParam } from "~/ui/page-param";
import { redirectWithToast } from "~/ui/toast.server";
import { attendeeViewCounts } from "./attendee-views.server";

// /admin/attendees/held, "Suspicious registrations" (routes/admin/attendees-held.tsx): what its
// loader shows and what its action does. Confirming or deleting in bulk is reviewed first (the
// review-… intents only say what would happen), then done with one audit entry per kind.

/** One page of held registrations, optionally of one surge, with the views' counts and the week's surges. */
export async function heldView(db: Db, url: URL) {
  const page = pageParam(url);
  const surgeId = z.uuid().safeParse(url.searchParams.get("surge")).data;
  const [list, views, surges] = await Promise.all([
    listHeld(db, { page, surgeId }),
    attendeeViewCounts(db),
    recentSurges(db, { hours: 24 * 7 }),
  ]);
  return { ...list, views, surges, surgeId: surgeId ?? null };
}

const ids = z.preprocess((v) => (Array.isArray(v) ? v : v === undefined ? [] : [v]), z.array(z.uuid()).max(1_000));
const actionSchema = z.object({
  intent: z.enum(["review-confirm", "review-delete", "confirm", "delete"]),
  id: ids,
  surge: z.uuid().optional(),
});

const CHOOSE_FIRST = "Choose the registrations first.";

/** The organisers' bulk answer: review, then confirm (a seat, or the waitlist when full) or delete. */
export async function heldViewAction(db: Db, admin: AuditActor, form: FormData) {
  const parsed = actionSchema.safeParse({
    intent: form.get("intent"),
    id: form.getAll("id").filter(Boolean),
    surge: form.get("surge") || undefined,
  });
  if (!parsed.success) return data({ review: null, error: CHOOSE_FIRST }, { status: 400 });
  const { intent, surge } = parsed.data;
  const chosen = surge ? await heldIdsOfSurge(db, surge) : parsed.data.id;
  if (chosen.length === 0) return data({ review: null, error: CHOOSE_FIRST }, { status: 400 });
  if (intent === "review-confirm" || intent === "review-delete") {
    return { review: { verb: intent === "review-confirm" ? ("confirm" as const) : ("delete" as const), ids: chosen }, error: null };
  }
  if (intent === "delete") {
    const gone = await deleteHeldInBulk(db, admin, chosen);
    return redirectWithToast(
      HELD_VIEW,
      "success",
      `${gone.toLocaleString("en-US")} held ${gone === 1 ? "registration" : "registrations"} deleted.`,
    );
  }
  const tally = await confirmHeldInBulk(db, admin, chosen, { secret: ticketLinkKeys().secret });
  const parts = [`${tally.registered} registered`, ...(tally.waitlisted ? [`${tally.waitlisted} put on the waitlist`] : [])];
  if (tally.refused) parts.push(`${tally.refused} not possible (already registered, or registration closed)`);
  return redirectWithToast(HELD_VIEW, tally.refused ? "error" : "success", `Confirmed: ${parts.join(", ")}.`);
}
