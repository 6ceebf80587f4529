import { Outlet } from "react-router";
import { requireAdmin } from "~/modules/auth/session.server";
import { contentListAction } from "~/modules/content/actions.server";
import { PartnerAdminCard } from "~/modules/content/admin/content-cards";
import { ContentPage } from "~/modules/content/admin/content-page";
import { findPartner, listPartners } from "~/modules/content/content.server";
import { CONFIRM_DELETE_PARAM } from "~/modules/content/kinds";
import type { Route } from "./+types/partners";

// /admin/partners: the partners' logos and links, in the landing page's order.
export const handle = { title: "Partners" };

export async function loader({ request, url }: Route.LoaderArgs) {
  const { db } = await requireAdmin(request);
  const confirmId = url.searchParams.get(CONFIRM_DELETE_PARAM);
  const [partners, confirm] = await Promise.all([listPartners(db), confirmId ? findPartner(db, confirmId) : undefined]);
  return { partners, confirm: confirm ?? null };
}

export async function action({ request }: Route.ActionArgs) {
  const { admin, db } = await requireAdmin(request);
  return contentListAction(db, admin, "partner", await request.formData(), "/admin/partners");
}

export default function Partners({ loaderData }: Route.ComponentProps) {
  return (
    <ContentPage
      kind="partner"
      subtitle="The organisations supporting the summit, shown under Our Partners"
      items={loaderData.partners}
      name={(p) => p.name}
      layout="grid"
      confirm={loaderData.confirm}
      loaderData={loaderData}
      renderItem={(p, actions) => <PartnerAdminCard name={p.name} logoUrl={p.logo_url} websiteUrl={p.website_url} actions={actions} />}
    >
      <Outlet />
    </ContentPage>
  );
}
