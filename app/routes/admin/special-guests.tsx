import { requireAdmin } from "~/modules/auth/session.server";
import { ComingSoon } from "~/ui/admin/coming-soon";
import type { Route } from "./+types/special-guests";

// Placeholder until the Special Guests screen is built: guarded like every admin page.
export const handle = { title: "Special Guests" };

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function SpecialGuestsPage() {
  return <ComingSoon section="Special Guests" description="Manage the special guests and dignitaries featured on the landing page." />;
}
