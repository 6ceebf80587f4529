import { requireAdmin } from "~/modules/auth/session.server";
import { recentSurges } from "~/modules/booking-protection/held-registrations.server";
import { SurgeNotice } from "~/modules/booking-protection/surge-notice";
import { CheckInListsPanel } from "~/modules/checkin/lists/check-in-lists-panel";
import { checkInListsAction, isListIntent } from "~/modules/checkin/lists/lists-actions.server";
import { checkInListsOverview } from "~/modules/checkin/lists/lists-overview.server";
import { nextEditionOffer } from "~/modules/editions/edition-state.server";
import { NextEditionNotice } from "~/modules/editions/next-edition-notice";
import { DoorsPanel } from "~/modules/stats/doors-panel";
import { operationsOverview } from "~/modules/stats/operations.server";
import { operationsAction } from "~/modules/stats/operations-actions.server";
import { type OperationsConfirm, OperationsView } from "~/modules/stats/operations-view";
import { SmsPanel } from "~/modules/stats/sms-panel";
import { WalkInsPanel } from "~/modules/stats/walk-ins-panel";
import { WhatsAppPanel } from "~/modules/stats/whatsapp-panel";
import { isPreviewTemplate, type PreviewTemplate } from "~/modules/tickets/email-preview.server";
import { readForm } from "~/ui/read-form.server";
import type { Route } from "./+types/operations";

// /admin/operations: the event's day-to-day state and its e-mail operations.
export const handle = { title: "Event Operations" };

const CONFIRMS: readonly OperationsConfirm[] = ["reminders", "invitations", "certificates"];

export async function loader({ request, url }: Route.LoaderArgs) {
  const { db } = await requireAdmin(request);
  const preview = url.searchParams.get("preview");
  return {
    overview: await operationsOverview(db),
    lists: await checkInListsOverview(db, url),
    surges: await recentSurges(db),
    nextEdition: await nextEditionOffer(db, new Date()),
    confirm: CONFIRMS.find((name) => name === url.searchParams.get("confirm")) ?? null,
    preview: isPreviewTemplate(preview ?? undefined) ? (preview as PreviewTemplate) : null,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const { admin, db } = await requireAdmin(request);
  const form = await readForm(request);
  // The check-in lists panel's forms (add, edit, put away, bring back, delete) are the door module's.
  if (isListIntent(form.get("intent"))) return checkInListsAction(db, admin, form, "/admin/operations");
  return operationsAction(db, admin, form, "/admin/operations");
}

export default function Operations({ loaderData, actionData }: Route.ComponentProps) {
  // The check-in list form's refusal comes back with what was typed; the other buttons redirect.
  const listForm = actionData && "listForm" in actionData ? { result: actionData.listForm, listId: actionData.listId } : undefined;
  return (
    <div className="space-y-4">
      <NextEditionNotice offer={loaderData.nextEdition} />
      <SurgeNotice surges={loaderData.surges} />
      <OperationsView overview={loaderData.overview} confirm={loaderData.confirm} preview={loaderData.preview} />
      <DoorsPanel doors={loaderData.overview.doors} />
      <WalkInsPanel
        walkIns={loaderData.overview.offlineWalkIns}
        kept={loaderData.overview.registration.walkInSeats}
        action="/admin/operations"
      />
      <CheckInListsPanel overview={loaderData.lists} lastResult={listForm} action="/admin/operations" />
      <SmsPanel sms={loaderData.overview.sms} />
      <WhatsAppPanel whatsapp={loaderData.overview.whatsapp} />
    </div>
  );
}
