import { requireAdmin } from "~/modules/auth/session.server";
import { contentToEdit, saveContent } from "~/modules/content/actions.server";
import { AgendaForm, ContentFormModal } from "~/modules/content/admin/content-forms";
import { listSpeakers } from "~/modules/content/content.server";
import type { Route } from "./+types/agenda-form";

// /admin/agenda/new and /admin/agenda/:id/edit, with the speakers an item may link to.
export async function loader({ request, params }: Route.LoaderArgs) {
  const { db } = await requireAdmin(request);
  const [item, speakers] = await Promise.all([params.id ? contentToEdit(db, "agenda", params.id) : null, listSpeakers(db)]);
  return { item, speakers: speakers.map((s) => ({ id: s.id, name: s.name, title: s.title })) };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { admin, db } = await requireAdmin(request);
  return saveContent(db, admin, "agenda", request, params.id ?? null);
}

export default function AgendaFormRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { item, speakers } = loaderData;
  return (
    <ContentFormModal kind="agenda" editing={item !== null} toast={actionData?.toast}>
      <AgendaForm
        key={item?.id ?? "new"}
        editing={item !== null}
        lastResult={actionData?.result}
        speakers={speakers}
        defaults={
          item ? { ...item, speaker_id: item.speaker_id ?? "" } : { time: "", title: "", speaker_id: "", speaker_name: "", description: "" }
        }
      />
    </ContentFormModal>
  );
}
