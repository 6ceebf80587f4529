import { requireAdmin } from "~/modules/auth/session.server";
import { ComingSoon } from "~/ui/admin/coming-soon";
import type { Route } from "./+types/settings";

// Placeholder until the Event Settings screen is built: guarded like every admin page.
export const handle = { title: "Event Settings" };

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function SettingsPage() {
  return (
    <ComingSoon
      section="Event Settings"
      description="Edit the event date, venue, contact details, capacity and whether registration is open."
    />
  );
}
