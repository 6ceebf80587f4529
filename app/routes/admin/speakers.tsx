import { requireAdmin } from "~/modules/auth/session.server";
import { ComingSoon } from "~/ui/admin/coming-soon";
import type { Route } from "./+types/speakers";

// Placeholder until the Speakers screen is built: guarded like every admin page.
export const handle = { title: "Speakers" };

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function SpeakersPage() {
  return (
    <ComingSoon
      section="Speakers"
      description="Add, edit and remove the speakers shown on the landing page, with their photos and roles."
    />
  );
}
