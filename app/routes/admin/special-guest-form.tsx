import { requireAdmin } from "~/modules/auth/session.server";
import { contentToEdit, saveContent } from "~/modules/content/actions.server";
import { ContentFormModal, PersonForm } from "~/modules/content/admin/content-forms";
import type { Route } from "./+types/special-guest-form";

// /admin/special-guests/new and /admin/special-guests/:id/edit.
export async function loader({ request, params }: Route.LoaderArgs) {
  const { db } = await requireAdmin(request);
  return { guest: params.id ? await contentToEdit(db, "specialGuest", params.id) : null };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { admin, db } = await requireAdmin(request);
  return saveContent(db, admin, "specialGuest", request, params.id ?? null);
}

export default function SpecialGuestFormRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { guest } = loaderData;
  return (
    <ContentFormModal kind="specialGuest" editing={guest !== null} toast={actionData?.toast}>
      <PersonForm
        key={guest?.id ?? "new"}
        kind="specialGuest"
        editing={guest !== null}
        lastResult={actionData?.result}
        defaults={guest ?? { name: "", title: "", bio: "", image_url: "" }}
      />
    </ContentFormModal>
  );
}
