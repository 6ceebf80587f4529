import { Outlet } from "react-router";
import { requireAdmin } from "~/modules/auth/session.server";
import { contentListAction } from "~/modules/content/actions.server";
import { SPEAKER_BADGE_TONES } from "~/modules/content/admin/badges";
import { PersonAdminCard } from "~/modules/content/admin/content-cards";
import { ContentPage } from "~/modules/content/admin/content-page";
import { contentListPage } from "~/modules/content/list-page.server";
import { readForm } from "~/ui/read-form.server";
import type { Route } from "./+types/speakers";

// /admin/speakers: the speakers (organizer cards included) in the landing page's order.
export const handle = { title: "Speakers" };

export async function loader({ request, url }: Route.LoaderArgs) {
  const { db } = await requireAdmin(request);
  return contentListPage(db, "speaker", url);
}

export async function action({ request }: Route.ActionArgs) {
  const { admin, db } = await requireAdmin(request);
  return contentListAction(db, admin, "speaker", await readForm(request), "/admin/speakers");
}

export default function Speakers({ loaderData }: Route.ComponentProps) {
  return (
    <ContentPage
      kind="speaker"
      subtitle="The speakers and organizer cards on the landing page"
      items={loaderData.items}
      name={(s) => s.name}
      layout="grid"
      confirm={loaderData.confirm}
      toast={loaderData.toast}
      orderChange={loaderData.orderChange}
      loaderData={loaderData}
      renderItem={(s, actions) => (
        <PersonAdminCard
          name={s.name}
          title={s.title}
          bio={s.bio}
          imageUrl={s.image_url}
          badge={{ label: s.speaker_type, tone: SPEAKER_BADGE_TONES[s.speaker_type] }}
          actions={actions}
        />
      )}
    >
      <Outlet />
    </ContentPage>
  );
}
