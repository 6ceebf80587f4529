import { data, Outlet } from "react-router";
import { requireAdmin } from "~/modules/auth/session.server";
import { contentListAction } from "~/modules/content/actions.server";
import { AgendaTimeNotice } from "~/modules/content/admin/agenda-time-notice";
import { AgendaAdminRow } from "~/modules/content/admin/content-cards";
import { ContentPage } from "~/modules/content/admin/content-page";
import { timeOrderConflict } from "~/modules/content/agenda-order";
import { contentListPage } from "~/modules/content/list-page.server";
import { readForm } from "~/ui/read-form.server";
import type { Route } from "./+types/agenda";

// /admin/agenda: the programme in order, reordered by drag, keyboard or the arrows.
export const handle = { title: "Agenda" };

export async function loader({ request, url }: Route.LoaderArgs) {
  const { db } = await requireAdmin(request);
  const page = await contentListPage(db, "agenda", url);
  // Whether the organisers' order says something the times contradict.
  return data({ ...page.data, timeConflict: timeOrderConflict(page.data.items) }, page.init ?? undefined);
}

export async function action({ request }: Route.ActionArgs) {
  const { admin, db } = await requireAdmin(request);
  return contentListAction(db, admin, "agenda", await readForm(request), "/admin/agenda");
}

export default function Agenda({ loaderData }: Route.ComponentProps) {
  return (
    <ContentPage
      kind="agenda"
      subtitle="The programme of the day, as the landing page lists it"
      items={loaderData.items}
      name={(item) => item.title}
      layout="list"
      confirm={loaderData.confirm}
      toast={loaderData.toast}
      orderChange={loaderData.orderChange}
      notice={loaderData.timeConflict ? <AgendaTimeNotice conflict={loaderData.timeConflict} /> : null}
      loaderData={loaderData}
      renderItem={(item, actions) => (
        <AgendaAdminRow
          time={item.time}
          title={item.title}
          speaker={item.speaker_name || item.speaker?.name || ""}
          description={item.description}
          actions={actions}
        />
      )}
    >
      <Outlet />
    </ContentPage>
  );
}
