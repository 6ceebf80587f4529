import { data, Form, Link, useNavigation } from "react-router";
import { requireAdmin } from "~/modules/auth/session.server";
import { organiserCorrectionAction, organiserCorrectionPage } from "~/modules/corrections/organiser-correction.server";
import { DetailsFields } from "~/modules/person/details-fields";
import { BackLink } from "~/ui/back-link";
import { Card } from "~/ui/card";
import { readForm } from "~/ui/read-form.server";
import { BUTTON } from "~/ui/styles";
import type { Route } from "./+types/attendee-edit";

// /admin/attendees/:id/edit: an organiser corrects a person's details, e-mail address included,
// and may lock them against the person's own changes. A plain form: it works without JavaScript.

export const handle = { title: "Attendees" };

export async function loader({ request, params }: Route.LoaderArgs) {
  const { db } = await requireAdmin(request);
  const page = await organiserCorrectionPage(db, params.id);
  if (!page) throw data("Attendee not found", { status: 404 });
  return page;
}

export async function action({ request, params }: Route.ActionArgs) {
  const { admin, db } = await requireAdmin(request);
  return organiserCorrectionAction(db, admin, params.id, await readForm(request), `/admin/attendees/${params.id}`);
}

export default function AttendeeEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { id, name, ticketId, emailOptional, values } = loaderData;
  const saving = useNavigation().state === "submitting";
  const typed = actionData?.values ?? values;
  const back = `/admin/attendees/${id}`;
  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <BackLink to={back}>Back to {name}</BackLink>
      <Card title={`Edit details · ${ticketId}`} level={2}>
        <p className="mb-4 text-sm text-gray-600">
          What you save here is on the badge, the certificate, the door list and every export from now on. A new e-mail address or phone
          gets the ticket, and the link sent before stops working. The Activity log keeps the old and new values.
        </p>
        {actionData?.errors ? (
          <p role="alert" className="mb-4 rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
            Please check the fields marked below.
          </p>
        ) : null}
        <Form method="post" className="space-y-6" noValidate>
          <DetailsFields values={typed} errors={actionData?.errors} withEmail emailRequired={!emailOptional} />
          <label className="flex items-start gap-3 text-sm text-gray-700">
            <input
              type="checkbox"
              name="locked"
              defaultChecked={typed.locked === "on"}
              className="mt-0.5 h-5 w-5 shrink-0 rounded border-gray-300 accent-brand-700"
            />
            <span>
              <span className="font-semibold text-gray-900">Lock these details.</span> The person can no longer change them on their ticket
              page; it tells them to contact you.
            </span>
          </label>
          <div className="flex flex-wrap gap-3">
            <button type="submit" disabled={saving} className={BUTTON.primary}>
              {saving ? "Saving…" : "Save details"}
            </button>
            <Link to={back} className={BUTTON.secondary}>
              Cancel
            </Link>
          </div>
        </Form>
      </Card>
    </div>
  );
}
