import { requireAdmin } from "~/modules/auth/session.server";
import { ComingSoon } from "~/ui/admin/coming-soon";
import type { Route } from "./+types/partners";

// Placeholder until the Partners screen is built: guarded like every admin page.
export const handle = { title: "Partners" };

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function PartnersPage() {
  return <ComingSoon section="Partners" description="Manage the partner organisations and their logos shown on the landing page." />;
}
