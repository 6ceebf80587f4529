import { securityAction, securityPage } from "~/modules/auth/security-actions.server";
import { SecurityScreen } from "~/modules/auth/security-screen";
import { clientIp, requireAdmin } from "~/modules/auth/session.server";
import { readForm } from "~/ui/read-form.server";
import { Toaster } from "~/ui/toaster";
import type { Route } from "./+types/security";

// /admin/security: the organiser's own account, two-step sign-in and recovery codes.
export const handle = { title: "Account security" };

export async function loader({ request }: Route.LoaderArgs) {
  const { admin, db } = await requireAdmin(request);
  return securityPage(db, admin);
}

export async function action({ request, context }: Route.ActionArgs) {
  const { admin, db } = await requireAdmin(request);
  return securityAction(db, admin, request, await readForm(request), clientIp(context));
}

export default function Security({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <SecurityScreen page={loaderData} result={actionData} />
      {actionData?.toast ? <Toaster toasts={[actionData.toast]} /> : null}
    </>
  );
}
