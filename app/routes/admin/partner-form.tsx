import { requireAdmin } from "~/modules/auth/session.server";
import { contentToEdit, saveContent } from "~/modules/content/actions.server";
import { ContentFormModal, PartnerForm } from "~/modules/content/admin/content-forms";
import type { Route } from "./+types/partner-form";

// /admin/partners/new and /admin/partners/:id/edit.
export async function loader({ request, params }: Route.LoaderArgs) {
  const { db } = await requireAdmin(request);
  return { partner: params.id ? await contentToEdit(db, "partner", params.id) : null };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { admin, db } = await requireAdmin(request);
  return saveContent(db, admin, "partner", request, params.id ?? null);
}

export default function PartnerFormRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { partner } = loaderData;
  return (
    <ContentFormModal kind="partner" editing={partner !== null} toast={actionData?.toast}>
      <PartnerForm
        key={partner?.id ?? "new"}
        editing={partner !== null}
        lastResult={actionData?.result}
        defaults={partner ?? { name: "", logo_url: "", website_url: "" }}
      />
    </ContentFormModal>
  );
}
