import { data, Link } from "react-router";
import { retentionNotice } from "~/modules/attendees/retention.server";
import { requireAdmin } from "~/modules/auth/session.server";
import { concludedWithPeople, nextEditionOffer } from "~/modules/editions/edition-state.server";
import { NextEditionNotice } from "~/modules/editions/next-edition-notice";
import { settingsAction } from "~/modules/settings/actions.server";
import { type SettingsConfirmation, SettingsForm } from "~/modules/settings/settings-form";
import { settingsFormPage } from "~/modules/settings/settings-page.server";
import { RetentionBanner } from "~/modules/stats/retention-banner";
import { settleWaitlist } from "~/modules/waitlist/waitlist.server";
import { BUTTON } from "~/ui/styles";
import { Toaster } from "~/ui/toaster";
import type { Route } from "./+types/settings";

// /admin/settings: everything about the event the landing page and tickets show.
export const handle = { title: "Event Settings" };

export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await requireAdmin(request);
  const page = await settingsFormPage(db);
  // The offer is extra: when it cannot be read the form still can be.
  const nextEdition = page.data.defaults ? await nextEditionOffer(db, new Date()).catch(() => null) : null;
  // The coming deletion of personal data, said here too: this page is where a wrong date is put right.
  const retention = page.data.defaults ? await retentionNotice(db, new Date()).catch(() => null) : null;
  return data({ ...page.data, nextEdition, retention }, page.init ?? undefined);
}

export async function action({ request }: Route.ActionArgs) {
  const { admin, db } = await requireAdmin(request);
  // A concluded edition with people keeps its date; seats a raised capacity (or reopened
  // registration) frees go to the waitlist first, in the same transaction.
  return settingsAction(db, admin, request, "/admin/settings", {
    keepsItsDate: concludedWithPeople,
    afterSave: (tx) => settleWaitlist(tx),
  });
}

export default function SettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const toast = actionData?.toast ?? loaderData.toast;
  return (
    <div className="mx-auto max-w-4xl space-y-5">
      <p className="text-gray-600">What the landing page, the registration form and the tickets say about the event</p>
      {loaderData.retention ? <RetentionBanner notice={loaderData.retention} back="/admin/settings" /> : null}
      <NextEditionNotice offer={loaderData.nextEdition} />
      {loaderData.defaults ? (
        <SettingsForm
          key={loaderData.version}
          defaults={loaderData.defaults}
          lastResult={actionData?.result}
          registered={loaderData.registered}
          objectivesPlaceholder={loaderData.objectivesPlaceholder}
          confirm={actionData && "confirm" in actionData ? (actionData.confirm as SettingsConfirmation) : null}
        />
      ) : (
        <div className="rounded-2xl border border-red-200 bg-red-50 p-6 text-red-900">
          <p>The current settings could not be read, so they cannot be edited right now.</p>
          <Link to="/admin/settings" reloadDocument className={`${BUTTON.secondary} mt-4`}>
            Try again
          </Link>
        </div>
      )}
      {toast ? <Toaster toasts={[toast]} /> : null}
    </div>
  );
}
