import { requireAdmin } from "~/modules/auth/session.server";
import { ComingSoon } from "~/ui/admin/coming-soon";
import type { Route } from "./+types/agenda";

// Placeholder until the Agenda screen is built: guarded like every admin page.
export const handle = { title: "Agenda" };

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function AgendaPage() {
  return <ComingSoon section="Agenda" description="Build the day's programme: times, sessions, descriptions and their order." />;
}
