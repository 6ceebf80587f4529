import { Link } from "react-router";
import { requireAdmin } from "~/modules/auth/session.server";
import { nextEditionAction, nextEditionPage } from "~/modules/editions/actions.server";
import { NextEditionForm } from "~/modules/editions/next-edition-form";
import { NextEditionReview } from "~/modules/editions/next-edition-review";
import { formatEventDate } from "~/modules/settings/event-time";
import { Notice } from "~/ui/notice";
import { readForm } from "~/ui/read-form.server";
import { BUTTON } from "~/ui/styles";
import { Toaster } from "~/ui/toaster";
import type { Route } from "./+types/edition-new";

// /admin/editions/new: "Start the Next Edition", once the current edition has concluded.
export const handle = { title: "Start the Next Edition" };

export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await requireAdmin(request);
  return nextEditionPage(db);
}

export async function action({ request }: Route.ActionArgs) {
  const { admin, db } = await requireAdmin(request);
  return nextEditionAction(db, admin, await readForm(request));
}

export default function NewEdition({ loaderData, actionData }: Route.ComponentProps) {
  const { edition, eventDate, concluded, defaults, counts } = loaderData;
  const review = actionData?.review ?? null;
  const formError = actionData?.result?.error?.[""]?.[0];
  return (
    <div className="mx-auto max-w-4xl space-y-5">
      <p className="text-gray-600">
        The {edition} was on {formatEventDate(eventDate)}. The next edition starts with its own date, registrations and door; the {edition}{" "}
        keeps its figures and content on{" "}
        <Link to="/editions" className="font-semibold text-brand-700 underline">
          Past Editions
        </Link>
        .
      </p>
      {formError ? <Notice tone="fault">{formError}</Notice> : null}
      {!concluded ? (
        <Notice tone="info" testId="edition-not-concluded">
          The {edition} has not concluded yet: the next edition can be started once it is over. Until then its date can be changed in{" "}
          <Link to="/admin/settings" className="font-semibold underline">
            Event Settings
          </Link>
          .
        </Notice>
      ) : review ? (
        <NextEditionReview input={review.input} facts={review.facts} />
      ) : (
        <NextEditionForm defaults={defaults} counts={counts} lastResult={actionData?.result} />
      )}
      {!concluded ? (
        <Link to="/admin" className={BUTTON.secondary}>
          Back to the dashboard
        </Link>
      ) : null}
      {actionData?.toast ? <Toaster toasts={[actionData.toast]} /> : null}
    </div>
  );
}
