import { redirect } from "react-router";
import { getDb } from "~/db/db.server";
import { assertSameOrigin, authOptions, signOut } from "~/modules/auth/session.server";
import { AUTH_MESSAGES, LOGIN_PATH } from "~/modules/auth/session-policy";
import { redirectWithToast } from "~/ui/toast.server";
import type { Route } from "./+types/logout";

// POST /admin/logout ends the session. A GET (a typed URL, a prefetch, a link
// crawler) must never sign anyone out: it just goes to the admin area.

export function loader() {
  return redirect("/admin");
}

export async function action({ request }: Route.ActionArgs) {
  const options = authOptions();
  // Another site must not be able to sign an admin out either.
  assertSameOrigin(request, options.publicUrl);
  const clearCookie = await signOut(await getDb(), request, options);
  return redirectWithToast(LOGIN_PATH, "success", AUTH_MESSAGES.loggedOut, { headers: { "Set-Cookie": clearCookie } });
}
