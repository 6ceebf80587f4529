import { requireAdmin } from "~/modules/auth/session.server";
import { contentToEdit, saveContent } from "~/modules/content/actions.server";
import { ContentFormModal, PersonForm } from "~/modules/content/admin/content-forms";
import type { Route } from "./+types/speaker-form";

// /admin/speakers/new and /admin/speakers/:id/edit: the speaker form over the list.
export async function loader({ request, params }: Route.LoaderArgs) {
  const { db } = await requireAdmin(request);
  return { speaker: params.id ? await contentToEdit(db, "speaker", params.id) : null };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { admin, db } = await requireAdmin(request);
  return saveContent(db, admin, "speaker", request, params.id ?? null);
}

export default function SpeakerFormRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { speaker } = loaderData;
  return (
    <ContentFormModal kind="speaker" editing={speaker !== null} toast={actionData?.toast}>
      <PersonForm
        key={speaker?.id ?? "new"}
        kind="speaker"
        editing={speaker !== null}
        lastResult={actionData?.result}
        defaults={speaker ?? { name: "", title: "", bio: "", image_url: "", speaker_type: "Speaker" }}
      />
    </ContentFormModal>
  );
}
