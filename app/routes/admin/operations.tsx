import { requireAdmin } from "~/modules/auth/session.server";
import { ComingSoon } from "~/ui/admin/coming-soon";
import type { Route } from "./+types/operations";

// Placeholder until the Event Operations screen is built: guarded like every admin page.
export const handle = { title: "Event Operations" };

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function OperationsPage() {
  return (
    <ComingSoon
      section="Event Operations"
      description="Send reminder e-mails, follow the countdown and watch check-in statistics on the day."
    />
  );
}
