import { Outlet } from "react-router";
import { requireAdmin } from "~/modules/auth/session.server";
import { contentListAction } from "~/modules/content/actions.server";
import { PartnerAdminCard } from "~/modules/content/admin/content-cards";
import { ContentPage } from "~/modules/content/admin/content-page";
import { contentListPage } from "~/modules/content/list-page.server";
import { readForm } from "~/ui/read-form.server";
import type { Route } from "./+types/partners";

// /admin/partners: the partners' logos and links, in the landing page's order.
export const handle = { title: "Partners" };

export async function loader({ request, url }: Route.LoaderArgs) {
  const { db } = await requireAdmin(request);
  return contentListPage(db, "partner", url);
}

export async function action({ request }: Route.ActionArgs) {
  const { admin, db } = await requireAdmin(request);
  return contentListAction(db, admin, "partner", await readForm(request), "/admin/partners");
}

export default function Partners({ loaderData }: Route.ComponentProps) {
  return (
    <ContentPage
      kind="partner"
      subtitle="The organisations supporting the summit, shown under Our Partners"
      items={loaderData.items}
      name={(p) => p.name}
      layout="grid"
      confirm={loaderData.confirm}
      toast={loaderData.toast}
      orderChange={loaderData.orderChange}
      loaderData={loaderData}
      renderItem={(p, actions) => <PartnerAdminCard name={p.name} logoUrl={p.logo_url} websiteUrl={p.website_url} actions={actions} />}
    >
      <Outlet />
    </ContentPage>
  );
}
