import { redirect } from "react-router";
import { signOutAction } from "~/modules/auth/actions.server";
import type { Route } from "./+types/logout";

// POST /admin/logout ends the session. A GET (a typed URL, a prefetch, a link
// crawler) must never sign anyone out: it just goes to the admin area.

export function loader() {
  return redirect("/admin");
}

export async function action({ request }: Route.ActionArgs) {
  return signOutAction(request);
}
