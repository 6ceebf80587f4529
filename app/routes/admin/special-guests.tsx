import { Outlet } from "react-router";
import { requireAdmin } from "~/modules/auth/session.server";
import { contentListAction } from "~/modules/content/actions.server";
import { PersonAdminCard } from "~/modules/content/admin/content-cards";
import { ContentPage } from "~/modules/content/admin/content-page";
import { contentListPage } from "~/modules/content/list-page.server";
import { readForm } from "~/ui/read-form.server";
import type { Route } from "./+types/special-guests";

// /admin/special-guests: the Special Guests grid of the landing page, in its order.
export const handle = { title: "Special Guests" };

export async function loader({ request, url }: Route.LoaderArgs) {
  const { db } = await requireAdmin(request);
  return contentListPage(db, "specialGuest", url);
}

export async function action({ request }: Route.ActionArgs) {
  const { admin, db } = await requireAdmin(request);
  return contentListAction(db, admin, "specialGuest", await readForm(request), "/admin/special-guests");
}

export default function SpecialGuests({ loaderData }: Route.ComponentProps) {
  return (
    <ContentPage
      kind="specialGuest"
      subtitle="The distinguished guests shown under Special Guests on the landing page"
      items={loaderData.items}
      name={(g) => g.name}
      layout="grid"
      confirm={loaderData.confirm}
      toast={loaderData.toast}
      orderChange={loaderData.orderChange}
      loaderData={loaderData}
      renderItem={(g, actions) => (
        <PersonAdminCard
          name={g.name}
          title={g.title}
          bio={g.bio}
          imageUrl={g.image_url}
          badge={{ label: "Special Guest", tone: "amber" }}
          actions={actions}
        />
      )}
    >
      <Outlet />
    </ContentPage>
  );
}
